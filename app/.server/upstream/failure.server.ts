import type { ErrorCode } from "~/errors";

/**
 * An upstream call that failed in a way the page cannot handle by itself. It is a Response so
 * that, thrown from a loader, Remix renders the error boundary with the German text of `code`.
 * Actions catch it to show the same text on their form.
 */
export class UpstreamFailure extends Response {
  constructor(
    readonly code: ErrorCode,
    status: number,
  ) {
    super(JSON.stringify({ code }), { status, headers: { "Content-Type": "application/json" } });
  }
}

/**
 * The status of a page that shows an upstream failure on its form, with the user's input kept: a refusal is the
 * user's to fix (400); an outage keeps its own status.
 */
export function formFailureStatus(failure: UpstreamFailure): number {
  return failure.status >= 500 ? failure.status : 400;
}
