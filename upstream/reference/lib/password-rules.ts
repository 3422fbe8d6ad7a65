import { verifyPassword } from "./password.ts";

export const MIN_PASSWORD_LENGTH = 8;

/** Rules for a newly chosen password; returns a German message for the form, or undefined when acceptable. */
export async function checkNewPassword(newPassword: string, confirmation: string, currentHash: string) {
  if (newPassword.length < MIN_PASSWORD_LENGTH) return `Das neue Passwort muss mindestens ${MIN_PASSWORD_LENGTH} Zeichen lang sein.`;
  if (newPassword !== confirmation) return "Die beiden Eingaben des neuen Passworts stimmen nicht überein.";
  if (await verifyPassword(newPassword, currentHash)) return "Das neue Passwort muss sich vom bisherigen Passwort unterscheiden.";
  return undefined;
}
