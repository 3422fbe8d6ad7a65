import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import {
  createReadableStreamFromReadable,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import i18n from "./i18n";
import { NonceProvider } from "./nonce";
import { resourceSecurityHeaders, securityHeaders } from "./.server/security.server";

const ABORT_DELAY = 10_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const instance = createInstance();
  await instance.use(initReactI18next).init({ ...i18n, lng: "de" });

  const nonce = randomBytes(16).toString("base64");
  for (const [name, value] of Object.entries(securityHeaders(nonce))) responseHeaders.set(name, value);
  preventCaching(responseHeaders);

  // Crawlers get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/** The data of client-side navigations carries the same personal data as the pages. */
export const handleDataRequest: HandleDataRequestFunction = (response) => {
  for (const [name, value] of Object.entries(resourceSecurityHeaders(response.headers.get("Content-Type")))) {
    response.headers.set(name, value);
  }
  preventCaching(response.headers);
  return response;
};

// Pages show personal data and depend on the session: never cache them in shared caches.
function preventCaching(headers: Headers) {
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
}

/**
 * Server errors are logged once. Requests the browser abandoned are not errors, and a form post from another origin,
 * which Remix itself refuses before any action runs (docs/decisions/005), is logged as one line instead of a stack.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (error instanceof Error && error.message.includes("does not match `origin` header")) {
    console.warn(`Refused a cross-origin ${request.method} to ${new URL(request.url).pathname}`);
    return;
  }
  console.error(error);
};
