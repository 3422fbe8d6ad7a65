import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { env } from "~/.server/env.server";
import { sharedI18nInstance } from "~/.server/i18n.server";
import { resourceSecurityHeaders, securityHeaders } from "~/.server/security.server";
import { StylesheetTextProvider } from "./stylesheet";
import { stylesheetText } from "./stylesheet.server";
import { compressedResponse } from "./compression.server";
import { preloadModulesAfterFirstPaint } from "./module-preloads.server";
import { NonceProvider } from "./nonce";
import { rememberTranslations } from "./translation-cache.server";

const ABORT_DELAY = 10_000;

// The shared instance's texts are remembered (decision 011); off only to measure what that buys
// (`PORTAL_OHNE=uebersetzungs-cache npm run bench -- --portal-cpu`, decision 040).
if (!env.PORTAL_OHNE.includes("uebersetzungs-cache")) rememberTranslations(sharedI18nInstance);

/**
 * The document is rendered completely and then compressed in one piece (docs/decisions/011). Every
 * loader has finished before rendering starts (the portal defers no data), so streaming would only
 * split the same bytes into many small writes, each compressed on its own by remix-serve's
 * middleware; rendering all at once is what made the portal's CPU per page drop.
 */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  const nonce = randomBytes(16).toString("base64");
  for (const [name, value] of Object.entries(securityHeaders(nonce))) responseHeaders.set(name, value);
  preventCaching(responseHeaders);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    // Without clearing it, every request would keep its whole render alive for ten seconds under load.
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY);
    body.on("finish", () => {
      clearTimeout(abortTimer);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      const rendered = Buffer.concat(chunks);
      const html = env.PORTAL_OHNE.includes("skripte-nach-dem-ersten-bild") ? rendered : preloadModulesAfterFirstPaint(rendered, nonce);
      const init = { status: responseStatusCode, headers: responseHeaders };
      // Without its own compression, remix-serve's middleware compresses the answer (the framework's way).
      if (env.PORTAL_OHNE.includes("kompression")) resolve(new Response(new Uint8Array(html), init));
      else compressedResponse(request, html, init).then(resolve, reject);
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        {/* One instance for every request, with every namespace (.server/i18n.server.ts, docs/decisions/011 §3). */}
        <I18nextProvider i18n={sharedI18nInstance}>
          <StylesheetTextProvider value={stylesheetText()}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </StylesheetTextProvider>
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** The data of client-side navigations carries the same personal data as the pages. */
export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
  for (const [name, value] of Object.entries(resourceSecurityHeaders(response.headers.get("Content-Type")))) {
    response.headers.set(name, value);
  }
  preventCaching(response.headers);
  // Redirects and empty answers have nothing to compress; the data of a navigation is read whole
  // (no deferred data in this portal) and compressed like a document.
  if (!response.body || response.headers.has("Content-Encoding") || (response.status >= 300 && response.status < 400)) return response;
  if (env.PORTAL_OHNE.includes("kompression")) return response;
  const body = Buffer.from(await response.arrayBuffer());
  return compressedResponse(request, body, { status: response.status, statusText: response.statusText, headers: response.headers });
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
