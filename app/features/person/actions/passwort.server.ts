import { resetPassword } from "~/.server/upstream/person.server";
import { oneTimePassword } from "./one-time-password.server";

/** "Passwort zurücksetzen" (inventory §4.8.3): a new temporary password, shown once. */
export const passwort = oneTimePassword("passwort", resetPassword);
