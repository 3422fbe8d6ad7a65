import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { PAGE_SECURITY_HEADERS, type SafeHtml, page, text } from "../html/layout.ts";
import type { TextKey } from "../html/texts.ts";
import { minutesLeft } from "./lockout.ts";

/**
 * What the pages of the embedded login share (routes/idp.ts and routes/reset-password.ts): the page with its security
 * headers and status, and how a locked username is answered.
 */

export type PageStatus = 200 | 400 | 401 | 429;

export function renderPage(c: Context<AppEnv>, title: TextKey, body: SafeHtml, status: PageStatus = 200) {
  return c.html(page({ title, body }), status, PAGE_SECURITY_HEADERS);
}

/** The German lockout message; the same for every username, with or without an account. */
export function lockedMessage(c: Context<AppEnv>, until: Date): SafeHtml {
  const minutes = minutesLeft(until, c.var.config.now());
  return minutes === 1 ? text("login.errors.lockedOneMinute") : text("login.errors.locked", { minutes });
}

/** 429 with Retry-After, so that clients and proxies see the refusal for what it is. */
export function setRetryAfter(c: Context<AppEnv>, until: Date) {
  c.header("Retry-After", String(Math.max(1, Math.ceil((until.getTime() - c.var.config.now().getTime()) / 1000))));
}
