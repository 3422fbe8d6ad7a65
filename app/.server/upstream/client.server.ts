import type { Query } from "@contract/query";
import type { ErrorCode } from "~/errors";
import { chooseErrorCode, type CallErrorCodes } from "~/.server/error-codes.server";
import { env } from "~/.server/env.server";
import { loginRedirect } from "~/.server/redirects.server";
import { csrfTokenFor, isCsrfRefusal } from "./csrf.server";
import { UpstreamFailure } from "./failure.server";
import { parseJson, sendToUpstream, type Method, type ResponseType, type UpstreamAnswer } from "./transport.server";

export { formFailureStatus, UpstreamFailure } from "./failure.server";
export { forwardedHeaders, upstreamCookieHeader, upstreamSessionKey, upstreamUrl } from "./transport.server";
export type { UpstreamAnswer } from "./transport.server";

export interface CallOptions {
  method?: Method;
  /** The contract's query type of the endpoint (`upstream/contract/requests.ts`). */
  query?: Query;
  /** The contract's body type of the endpoint (`upstream/contract/requests.ts`). */
  body?: unknown;
  /** A `multipart/form-data` body instead of JSON (the CSV import's upload). */
  multipart?: FormData;
  responseType?: ResponseType;
  /** The call's default error code (spec section 8) when the upstream names none. */
  defaultError?: ErrorCode;
  /**
   * The call's own names for upstream keys: the code it shows for "someone changed the record meanwhile", whichever
   * key the upstream used for it (pinned per-module keys, the current `MISMATCHED_REVISION`, a SchulConneX 409),
   * and keys whose general text it replaces with one of its own.
   */
  errorCodes?: CallErrorCodes;
}

// Set-Cookie headers the upstream sent while serving one portal request; relayed to the browser.
const relayedCookies = new WeakMap<Request, string[]>();

/** Headers a loader or action returns so the upstream's refreshed session cookie reaches the browser. */
export function upstreamCookieHeaders(request: Request): Headers {
  const headers = new Headers();
  for (const cookie of relayedCookies.get(request) ?? []) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * Harden the upstream's cookies on the way through: the pinned upstream sets no SameSite, and
 * behind an https origin they must be Secure.
 */
export function hardenSetCookie(cookie: string): string {
  let hardened = cookie;
  if (!/;\s*samesite=/i.test(hardened)) hardened += "; SameSite=Lax";
  if (!/;\s*httponly/i.test(hardened)) hardened += "; HttpOnly";
  if (env.isProduction && !/;\s*secure/i.test(hardened)) hardened += "; Secure";
  return hardened;
}

/**
 * The network part of a call: forwards the browser's cookies, bounded by the timeout. A write carries
 * the upstream session's CSRF token where the upstream wants one; a refused token is fetched anew and
 * the write sent once more (the upstream refuses before doing anything, so the retry is safe).
 */
export async function exchangeWithUpstream(request: Request, path: string, options: CallOptions = {}): Promise<UpstreamAnswer> {
  const send = {
    method: options.method,
    query: options.query,
    body: options.body,
    multipart: options.multipart,
    responseType: options.responseType,
  };
  if ((options.method ?? "GET") === "GET") return sendToUpstream(request, path, send);
  const answer = await sendToUpstream(request, path, { ...send, csrfToken: await csrfTokenFor(request) });
  if (!isCsrfRefusal(answer)) return answer;
  const retried = await sendToUpstream(request, path, { ...send, csrfToken: await csrfTokenFor(request, { fresh: true }) });
  if (isCsrfRefusal(retried)) console.error(`upstream ${options.method} ${path}: CSRF token refused twice`);
  return retried;
}

/**
 * What every answer gets on behalf of the browser's request: the refreshed session cookie is
 * relayed, 401 becomes the login redirect back to this page, any other failure an UpstreamFailure
 * with the error code of spec section 8.
 */
export async function acceptUpstreamAnswer(
  request: Request,
  answer: UpstreamAnswer,
  { defaultError, errorCodes }: Pick<CallOptions, "defaultError" | "errorCodes"> = {},
): Promise<UpstreamAnswer> {
  const setCookies = answer.headers.getSetCookie().map(hardenSetCookie);
  if (setCookies.length > 0) relayedCookies.set(request, [...(relayedCookies.get(request) ?? []), ...setCookies]);

  if (answer.status === 401) {
    const headers = new Headers();
    for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
    throw await loginRedirect(request, { headers });
  }
  if (answer.status < 200 || answer.status >= 300) {
    const code = chooseErrorCode(parseJson(answer.text), defaultError, errorCodes);
    // 5xx of the upstream is not the user's fault: the page says "try again later" (502). Neither is a
    // CSRF token the upstream keeps refusing after a fresh one was fetched.
    const status = answer.status >= 500 || code === "CSRF_TOKEN_INVALID" ? 502 : answer.status;
    throw new UpstreamFailure(code, status);
  }
  return answer;
}

/** One call to the upstream on behalf of the browser's request. */
export async function callUpstream(request: Request, path: string, options: CallOptions = {}): Promise<UpstreamAnswer> {
  return acceptUpstreamAnswer(request, await exchangeWithUpstream(request, path, options), options);
}

/**
 * A JSON answer parsed with the contract schema; anything else is the upstream's failure. The log names where the
 * answer left the contract, never its content: a JSON parser's message quotes the text, and a text answer read here
 * by mistake may be a new password.
 */
export function parseAnswer<T>(answer: UpstreamAnswer, schema: { safeParse(value: unknown): SafeParse<T> }, defaultError?: ErrorCode): T {
  const failure = () => new UpstreamFailure(defaultError ?? "UNSPECIFIED_ERROR", 502);
  let body: unknown = null;
  if (answer.text) {
    try {
      body = JSON.parse(answer.text);
    } catch {
      console.error(`upstream answered outside the contract: no JSON (${contentTypeOf(answer)}, ${answer.text.length} characters)`);
      throw failure();
    }
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join(".") || "(answer)"}: ${issue.code}`);
  console.error(`upstream answered outside the contract: ${where.join("; ")}`);
  throw failure();
}

type SafeParse<T> = { success: true; data: T } | { success: false; error: { issues: { path: (string | number)[]; code: string }[] } };

const contentTypeOf = (answer: UpstreamAnswer) => answer.headers.get("Content-Type") ?? "no content type";

export async function callUpstreamJson<T>(
  request: Request,
  path: string,
  schema: { safeParse(value: unknown): SafeParse<T> },
  options: CallOptions = {},
): Promise<T> {
  return parseAnswer(await callUpstream(request, path, options), schema, options.defaultError);
}

/**
 * A plain-text answer: a new password, the QR code of a new second factor (a `data:` URI). The upstream sends the
 * bare string with Express' default `text/html` (PERSONS.md §1.1); a JSON string, as the OpenAPI description
 * announces, is read as well. The text is returned exactly as sent; an empty or non-text answer is the upstream's
 * failure. Nothing of it is ever logged.
 */
export async function callUpstreamText(request: Request, path: string, options: Omit<CallOptions, "responseType"> = {}): Promise<string> {
  const answer = await callUpstream(request, path, { ...options, responseType: "text" });
  const text = /^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(contentTypeOf(answer)) ? parseJson(answer.text) : answer.text;
  if (typeof text === "string" && text !== "") return text;
  console.error(`upstream ${options.method ?? "GET"} ${path}: no text in the answer (${contentTypeOf(answer)})`);
  throw new UpstreamFailure(options.defaultError ?? "UNSPECIFIED_ERROR", 502);
}

/** Header paging of organisation and role lists (ORGANISATIONS_ROLES.md §0.2). */
export function pagingTotal(answer: UpstreamAnswer): number {
  return Number(answer.headers.get("x-paging-total") ?? 0) || 0;
}
