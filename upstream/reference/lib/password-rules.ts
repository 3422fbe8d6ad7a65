import { type SafeHtml, text } from "../html/layout.ts";
import { verifyPassword } from "./password.ts";

export const MIN_PASSWORD_LENGTH = 8;

/** Rules for a newly chosen password; returns the message for the form, or undefined when acceptable. */
export async function checkNewPassword(newPassword: string, confirmation: string, currentHash: string): Promise<SafeHtml | undefined> {
  if (newPassword.length < MIN_PASSWORD_LENGTH) return text("password.errors.tooShort", { min: MIN_PASSWORD_LENGTH });
  if (newPassword !== confirmation) return text("password.errors.mismatch");
  if (await verifyPassword(newPassword, currentHash)) return text("password.errors.unchanged");
  return undefined;
}
