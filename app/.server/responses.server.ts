import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { errorMessageKey, type ErrorCode } from "~/errors";
import type { TranslationKey } from "~/i18n";
import { upstreamCookieHeaders, type UpstreamFailure } from "~/.server/upstream/client.server";
import { flashToast, type ToastTone } from "./portal-cookie.server";
import { redirectTo } from "./redirects.server";
import { bindRequestContext } from "./request-context.server";

/**
 * How loaders and actions answer (docs/architecture.md, "Responses"). A route returns its data, a redirect or a
 * form failure; the upstream's refreshed session cookie reaches the browser in one place, `withUpstreamSession`,
 * whatever the route returned or threw.
 */

/**
 * Serves a loader or an action: every answer, returned or thrown, carries the session cookies the upstream set
 * while the route was served. Without them the browser keeps an expired session and is sent to the login.
 *
 * A function to call inside `export function loader(args)`, not a wrapper around it: the compiler drops a route's
 * server exports from the browser bundle only when they are plain function declarations.
 */
export async function withUpstreamSession<Args extends { request: Request }, Result>(
  args: Args,
  handler: (args: Args) => Promise<Result>,
): Promise<Result> {
  if ("context" in args) bindRequestContext(args.request, args.context);
  try {
    return withRelayedCookies(args.request, await handler(args));
  } catch (thrown) {
    throw withRelayedCookies(args.request, thrown);
  }
}

function withRelayedCookies<T>(request: Request, answer: T): T {
  const relayed = upstreamCookieHeaders(request).getSetCookie();
  if (relayed.length === 0) return answer;
  if (answer instanceof Response) {
    appendMissing(answer.headers, relayed);
    return answer;
  }
  if (isDataWithInit(answer)) {
    const init = typeof answer.init === "number" ? { status: answer.init } : (answer.init ?? {});
    const headers = new Headers(init.headers);
    appendMissing(headers, relayed);
    return data(answer.data, { ...init, headers }) as T;
  }
  // A plain value (or an Error for the boundary) becomes data with the cookies; its type for the page is unchanged.
  if (answer instanceof Error) return answer;
  return data(answer, { headers: appendMissing(new Headers(), relayed) }) as T;
}

/** The login redirect already carries the cookies of the answer that caused it; they are not sent twice. */
function appendMissing(headers: Headers, cookies: string[]): Headers {
  const present = new Set(headers.getSetCookie());
  for (const cookie of cookies) if (!present.has(cookie)) headers.append("Set-Cookie", cookie);
  return headers;
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | number | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** A one-time message on the next page: an i18n key with its values, a success unless told otherwise. */
export interface Toast {
  key: TranslationKey;
  values?: Record<string, string>;
  tone?: ToastTone;
}

/** Redirect (post/redirect/get) with a message shown once on the page it leads to. */
export async function redirectWithToast(request: Request, to: string, toast: Toast): Promise<Response> {
  const headers = new Headers({ "Set-Cookie": await flashToast(request, toast.key, toast.values, toast.tone) });
  return redirectTo(to, { headers });
}

/** What a refused form post answers: conform's result for the fields, and the code of a message above the form. */
export interface FormFailure {
  result: SubmissionResult<string[]>;
  error: ErrorCode | null;
}

interface Submission {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>;
}

/**
 * Which field an upstream refusal is about, by its error code: "KoPers number already in use" belongs on the
 * KoPers field, where it is read with the field and fixed there. Codes not listed are shown above the form. A field
 * shows the code's message from `errors`, or a text of the page's own namespace (`{ field, message }`): that one is
 * loaded with the page, while the error texts are still loading when a quick refusal comes back in the browser.
 */
export type FieldsByErrorCode = Readonly<Partial<Record<ErrorCode, string | { field: string; message: TranslationKey }>>>;

/** Input the browser should have caught (or a post without JavaScript): the fields' own messages, status 400. */
export function invalidForm(submission: Submission) {
  return data<FormFailure>({ result: submission.reply(), error: null }, { status: 400 });
}

/**
 * The upstream refused or failed a form's write: its code becomes a field error when `fields` maps it to a field,
 * else the message above the form. The typed values stay in the form.
 */
export function refusedForm(
  submission: Submission,
  failure: Pick<UpstreamFailure, "code" | "status">,
  { fields = {}, headers }: { fields?: FieldsByErrorCode; headers?: HeadersInit } = {},
) {
  const target = fields[failure.code];
  // A refusal is the user's to fix (400); an outage keeps its own status.
  const init = { status: failure.status >= 500 ? failure.status : 400, headers };
  if (target) {
    const { field, message } = typeof target === "string" ? { field: target, message: errorMessageKey(failure.code) } : target;
    return data<FormFailure>({ result: submission.reply({ fieldErrors: { [field]: [message] } }), error: null }, init);
  }
  return data<FormFailure>({ result: submission.reply(), error: failure.code }, init);
}
