import { resetDevicePassword } from "~/.server/upstream/person.server";
import { oneTimePassword } from "./one-time-password.server";

/** "Gerätepasswort erzeugen" (inventory §4.8.8): a teacher's device password, shown once. */
export const geraetepasswort = oneTimePassword("geraetepasswort", resetDevicePassword);
