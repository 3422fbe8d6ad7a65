import { Authenticator } from "remix-auth";
import { Strategy } from "remix-auth/strategy";
import { UserinfoResponse, type StepUpLevel } from "@contract";
import { systemrechteOf } from "~/permissions";
import {
  acceptUpstreamAnswer,
  exchangeWithUpstream,
  parseAnswer,
  upstreamCookieHeader,
  UpstreamFailure,
  type UpstreamAnswer,
} from "~/.server/upstream/client.server";
import { twoFactorState } from "~/.server/upstream/self.server";
import { requestContextOf } from "./request-context.server";

export interface CurrentUser {
  personId: string;
  username: string | null;
  displayName: string;
  acr: StepUpLevel;
  passwordUpdatedAt: string | null;
  /** union of the systemrechte of all Personenkontexte */
  rights: Set<string>;
  personenkontexte: UserinfoResponse["personenkontexte"];
  timeLimits: UserinfoResponse["timeLimits"];
}

/** Thrown when the upstream knows the session but not a person behind it (→ /login-error). */
export class UnknownPersonError extends Error {}

/**
 * The seam where a request becomes the current user: the upstream owns the session, so the
 * strategy asks its login info. A missing session surfaces as the upstream's 401, which the
 * upstream client turns into the login redirect.
 */
class UpstreamSessionStrategy extends Strategy<CurrentUser, UserinfoResponse> {
  static readonly NAME = "upstream-session";
  name = UpstreamSessionStrategy.NAME;

  async authenticate(request: Request): Promise<CurrentUser> {
    const answer = await acceptUpstreamAnswer(request, await sharedLoginInfo(request));
    return this.verify(parseAnswer(answer, UserinfoResponse));
  }
}

export const authenticator = new Authenticator<CurrentUser>().use(
  new UpstreamSessionStrategy(async (info) => {
    if (!info.personId) throw new UnknownPersonError();
    return {
      personId: info.personId,
      username: info.preferred_username ?? null,
      displayName: info.name ?? [info.given_name, info.family_name].filter(Boolean).join(" "),
      acr: info.acr,
      passwordUpdatedAt: info.password_updated_at ?? null,
      rights: systemrechteOf(info.personenkontexte),
      personenkontexte: info.personenkontexte,
      timeLimits: info.timeLimits,
    };
  }),
);

/**
 * Remix runs the loaders of one page in parallel, each with a Request object of its own. Login-info
 * calls of the same session that are in flight at the same moment share one upstream round trip;
 * each loader then handles the answer for its own request (cookies, login redirect).
 *
 * Within one request the answer is kept: the loaders that render the page after an action (a post
 * without JavaScript) see the user the action saw, without a round trip of their own. An action that
 * changes the user's own rights redirects, and the next request asks afresh.
 */
const loginInfoInFlight = new Map<string, Promise<UpstreamAnswer>>();
const loginInfoOfRequest = new WeakMap<object, Map<string, Promise<UpstreamAnswer>>>();

function sharedLoginInfo(request: Request): Promise<UpstreamAnswer> {
  const session = upstreamCookieHeader(request) ?? "";
  const context = requestContextOf(request);
  const known = context ? loginInfoOfRequest.get(context) : undefined;
  const kept = known?.get(session);
  if (kept) return ownFailure(kept);
  let pending = loginInfoInFlight.get(session);
  if (!pending) {
    pending = exchangeWithUpstream(request, "/api/auth/logininfo").finally(() => loginInfoInFlight.delete(session));
    loginInfoInFlight.set(session, pending);
  }
  if (context) loginInfoOfRequest.set(context, (known ?? new Map()).set(session, pending));
  return ownFailure(pending);
}

/**
 * A failure reaches every loader that shares the call as a Response of its own: Remix reads the body of each thrown
 * Response, and the second read of a shared one failed the whole page with a 500 instead of the German error page.
 */
function ownFailure(shared: Promise<UpstreamAnswer>): Promise<UpstreamAnswer> {
  return shared.catch((error: unknown) => {
    throw error instanceof UpstreamFailure ? new UpstreamFailure(error.code, error.status) : error;
  });
}

/**
 * The strategy is called on the original request, not through `authenticator.authenticate`, which hands strategies
 * a copy: the copy would take the form body from the action, and the upstream's refreshed cookie and the login
 * redirect of an interrupted post belong to the original.
 */
export function authenticate(request: Request): Promise<CurrentUser> {
  return authenticator.get<UpstreamSessionStrategy>(UpstreamSessionStrategy.NAME)!.authenticate(request);
}

/** The user if a session exists, else null — for public pages that adapt to a login. */
export async function optionalUser(request: Request): Promise<CurrentUser | null> {
  // Without an upstream cookie there is no session to ask about: save the round trip.
  if (!upstreamCookieHeader(request)) return null;
  try {
    return await authenticate(request);
  } catch (error) {
    if (error instanceof Response && (error.status === 302 || error.status === 401)) return null;
    if (error instanceof UnknownPersonError) return null;
    // An unreachable upstream must not take the public pages down; protected pages fail on their own guard.
    if (error instanceof UpstreamFailure) return null;
    throw error;
  }
}

export async function hasSecondFactor(request: Request, personId: string): Promise<boolean> {
  return (await twoFactorState(request, personId)).hasToken;
}
