import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { env } from "./env.server";

/**
 * The portal's only state of its own: a small signed cookie with a flash message and the previous
 * URL. The login session itself belongs to the upstream (ARCHITECTURE.md §5).
 */
export const PORTAL_COOKIE_NAME = "__portal";

interface PortalData {
  previousUrl: string;
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
  toast: { key: string; values?: Record<string, string>; tone?: ToastTone };
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
  key: string,
  values?: Record<string, string>,
  tone?: ToastTone,
): Promise<string> {
  const session = await getPortalSession(request);
  session.flash("toast", tone ? { key, values, tone } : { key, values });
  return commitPortalSession(session);
}
