import { expect, type Page } from "@playwright/test";
import { generate } from "otplib";
import { currentOtp, DEMO_PASSWORD } from "../../../upstream/reference/seed/demo-accounts.ts";

export { DEMO_PASSWORD, currentOtp };

interface LoginOptions {
  /** The page to open first; its guard sends the browser to the login. Default: /start */
  target?: string;
  /** Where the browser should end up; default: the target itself. */
  expectUrl?: string | RegExp;
  /** Enter the one-time password when it is asked for (default: when the target is an admin page). */
  otp?: boolean;
}

/** The path (with query) of the current page, for assertions independent of the origin. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

export const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Fills the reference upstream's password form (the page must already show it). */
export async function submitPasswordForm(page: Page, username: string, password = DEMO_PASSWORD) {
  await expect(page.getByRole("heading", { level: 1, name: "Anmeldung" })).toBeVisible();
  await page.getByLabel("Benutzername").fill(username);
  await page.getByLabel("Passwort", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
}

/** Fills the one-time-password form (the page must already show it). */
export async function submitOtpForm(page: Page, username: string) {
  await expect(page.getByRole("heading", { level: 1, name: "Zweiter Faktor" })).toBeVisible();
  await page.getByLabel("Einmalcode").fill(await currentOtp(username));
  await page.getByRole("button", { name: "Bestätigen" }).click();
}

/**
 * Opens `target` while logged out, signs in as a demo account on the upstream's login page and, for admin pages,
 * with the one-time password, and waits until the browser is back on the target.
 */
export async function loginAs(page: Page, username: string, { target = "/start", expectUrl, otp }: LoginOptions = {}) {
  await page.goto(target);
  await expect(page).toHaveURL(/\/api\/auth\/idp\/login/);
  await submitPasswordForm(page, username);
  if (otp ?? target.startsWith("/admin")) {
    await expect(page).toHaveURL(/\/api\/auth\/idp\/otp/);
    await submitOtpForm(page, username);
  }
  const expected = expectUrl ?? new RegExp(`^[^?#]*//[^/]+${escapeRegExp(target)}([?#].*)?$`);
  await expect(page).toHaveURL(expected);
}

/** A six-digit code that is certainly not the token's now, nor one step before or after (the tolerated drift). */
export async function wrongCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const near = await Promise.all([-30, 0, 30].map((shift) => generate({ secret, epoch: now + shift })));
  for (let candidate = 0; ; candidate++) {
    const code = String(candidate).padStart(6, "0");
    if (!near.includes(code)) return code;
  }
}
