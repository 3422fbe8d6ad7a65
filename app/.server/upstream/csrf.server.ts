import { LRUCache } from "lru-cache";
import { CSRF_REFUSAL_MESSAGE, CSRF_TOKEN_PATH, CsrfTokenResponse } from "@contract";
import { isRouteMiss, UpstreamFeature } from "./capabilities.server";
import { parseJson, sendToUpstream, upstreamSessionKey, type UpstreamAnswer } from "./transport.server";

/**
 * The current upstream refuses every session-authenticated write without the session's CSRF token
 * (CHANGES-SINCE-PIN §2.1); the pinned one has no such endpoint and needs none. The token belongs to
 * the upstream session and never rotates, so it is cached per session cookie: a write costs an extra
 * round trip only the first time in a session (and after the cache let it go).
 */

/** Whether the upstream hands out tokens at all: decided by its first answer, per process. */
const csrfFeature = new UpstreamFeature("csrf-token", ["token", "none"]);

// A few thousand concurrent sessions per instance; ten minutes keeps a long form session cheap and the memory small.
const tokens = new LRUCache<string, string>({ max: 5_000, ttl: 10 * 60_000 });

/**
 * The current upstream's answer to a missing or wrong token: the NestJS default 400 body, with neither
 * i18nKey nor code, so the generic error handling would show the call's fallback.
 */
export function isCsrfRefusal(answer: Pick<UpstreamAnswer, "status" | "text">): boolean {
  if (answer.status !== 400) return false;
  const body = parseJson(answer.text);
  return typeof body === "object" && body !== null && (body as Record<string, unknown>).message === CSRF_REFUSAL_MESSAGE;
}

/**
 * The token to send with a write, or null when none is needed or none can be had. `fresh` skips the
 * cache and the remembered "no tokens here": after a refusal the upstream may have been replaced.
 */
export async function csrfTokenFor(request: Request, { fresh = false } = {}): Promise<string | null> {
  const session = upstreamSessionKey(request);
  // Without a session the write meets the upstream's 401, and the portal's login redirect follows.
  if (!session) return null;
  if (!fresh) {
    if (csrfFeature.known() === "none") return null;
    const cached = tokens.get(session);
    if (cached) return cached;
  }
  const answer = await sendToUpstream(request, CSRF_TOKEN_PATH);
  if (isRouteMiss(answer)) {
    csrfFeature.learn("none");
    return null;
  }
  // 401: the session has ended; the write will say so with its own 401. Anything else: try without.
  if (answer.status !== 200) return null;
  const parsed = CsrfTokenResponse.safeParse(parseJson(answer.text));
  if (!parsed.success) return null;
  csrfFeature.learn("token");
  tokens.set(session, parsed.data.csrfToken);
  return parsed.data.csrfToken;
}
