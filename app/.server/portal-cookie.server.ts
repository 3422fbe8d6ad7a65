import { createCookieSessionStorage, type Session } from "@remix-run/node";
import type { TranslationKey } from "~/i18n";
import { env } from "./env.server";

/**
 * The portal's only state of its own: a small signed cookie with a flash message and the previous
 * URL. The login session itself belongs to the upstream (ARCHITECTURE.md §5).
 */
export const PORTAL_COOKIE_NAME = "__portal";

interface PortalData {
  previousUrl: string;
  /** A write the upstream did not answer in time, so its next attempt can tell "already done" from "taken". */
  unansweredWrite: UnansweredWrite;
  /** The stylesheet this browser was given inside a page and prefetched; later pages link it (decision 018). */
  stylesheet: string;
  /** Deadline banners dismissed in this browser session (fingerprints of 10 characters, the newest few). */
  ausgeblendeteFristen: string[];
}

/** Which write went unanswered: its kind and the few values that identify it; kept for a quarter of an hour. */
export interface UnansweredWrite {
  write: string;
  key: string;
  at: number;
}
/** A form post that a login interrupted: its page says once that nothing was saved, and offers the values again. */
export interface InterruptedSubmission {
  /** the path of the form's page */
  path: string;
  /** the typed values, when they were few and not secret */
  values?: Record<string, string>;
}

/** How a one-time message looks: a success (the default), a neutral note, or a failure. */
export type ToastTone = "success" | "info" | "error";

interface PortalFlash {
  /** i18n key and values of a message shown once on the next page */
  toast: { key: TranslationKey; values?: Record<string, string>; tone?: ToastTone };
  interrupted: InterruptedSubmission;
}

const storage = createCookieSessionStorage<PortalData, PortalFlash>({
  cookie: {
    name: PORTAL_COOKIE_NAME,
    httpOnly: true,
    sameSite: "lax",
    secure: env.isProduction,
    path: "/",
    secrets: [env.SESSION_SECRET],
  },
});

export type PortalSession = Session<PortalData, PortalFlash>;

export function getPortalSession(request: Request): Promise<PortalSession> {
  return storage.getSession(request.headers.get("Cookie"));
}

export function commitPortalSession(session: PortalSession): Promise<string> {
  return storage.commitSession(session);
}

/** Set-Cookie value that makes `key` appear once as a message (a success unless told otherwise) on the next page. */
export async function flashToast(
  request: Request,
  key: TranslationKey,
  values?: Record<string, string>,
  tone?: ToastTone,
): Promise<string> {
  const session = await getPortalSession(request);
  session.flash("toast", tone ? { key, values, tone } : { key, values });
  return commitPortalSession(session);
}

const UNANSWERED_WRITE_MINUTES = 15;

/** Set-Cookie value that remembers an unanswered write of `write` identified by `key` (e.g. school and name). */
export async function rememberUnansweredWrite(request: Request, write: string, key: string): Promise<string> {
  const session = await getPortalSession(request);
  session.set("unansweredWrite", { write, key: key.slice(0, 300), at: Date.now() });
  return commitPortalSession(session);
}

/** Whether the same write went unanswered a short while ago (this browser's own earlier attempt). */
export async function wasUnanswered(request: Request, write: string, key: string): Promise<boolean> {
  const marker = (await getPortalSession(request)).get("unansweredWrite");
  return marker?.write === write && marker.key === key.slice(0, 300) && Date.now() - marker.at < UNANSWERED_WRITE_MINUTES * 60_000;
}
