import { redirect, redirectDocument } from "@remix-run/node";
import { loginUrl } from "~/auth-urls";
import { submittedForm } from "./form-data.server";
import { commitPortalSession, getPortalSession, type InterruptedSubmission } from "./portal-cookie.server";
import { currentPath } from "./request-path.server";

/**
 * The one place that decides how the portal redirects. Anything outside the Remix app — the upstream's login and
 * logout under `/api/`, any other origin — must be a full document redirect: during a client navigation Remix
 * would otherwise follow it as a data request (`/api/auth/login.data`) and render a blank page.
 */
export function redirectTo(location: string, init?: number | ResponseInit): Response {
  return leavesApp(location) ? redirectDocument(location, init) : redirect(location, init);
}

export function leavesApp(location: string): boolean {
  const url = new URL(location, PLACEHOLDER_ORIGIN);
  if (url.origin !== PLACEHOLDER_ORIGIN) return true;
  return url.pathname === "/api" || url.pathname.startsWith("/api/");
}

const PLACEHOLDER_ORIGIN = "http://portal.invalid";

/**
 * The way to the upstream's login and back to this page. A form post that is interrupted (session expired, second
 * factor asked again) returns to its form: the portal cookie remembers, once, that nothing was saved and, when
 * they are few and harmless, the values that were typed, so the form can offer them again.
 */
export async function loginRedirect(
  request: Request,
  { level, headers = new Headers() }: { level?: "gold"; headers?: Headers } = {},
): Promise<Response> {
  const returnPath = currentPath(request);
  if (request.method !== "GET" && request.method !== "HEAD") {
    const session = await getPortalSession(request);
    session.flash("interrupted", interruptedSubmission(request, returnPath));
    headers.append("Set-Cookie", await commitPortalSession(session));
  }
  return redirectTo(loginUrl(returnPath, level), { headers });
}

// Field names whose values must never be stored anywhere by the portal.
const SECRET_FIELD = /pass|kennwort|token|otp|secret|code/i;
// Drafts travel in the portal cookie, which must stay far below the browsers' 4 KB.
const MAX_DRAFT_LENGTH = 1_000;

function interruptedSubmission(request: Request, returnPath: string): InterruptedSubmission {
  const path = new URL(returnPath, PLACEHOLDER_ORIGIN).pathname;
  const form = submittedForm(request);
  if (!form) return { path };
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string" || SECRET_FIELD.test(name) || name in values) continue;
    values[name] = value;
  }
  return JSON.stringify(values).length <= MAX_DRAFT_LENGTH ? { path, values } : { path };
}
