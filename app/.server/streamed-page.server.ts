import { randomBytes } from "node:crypto";
import { securityHeaders } from "./security.server";

/**
 * A page sent in parts as work goes on (docs/decisions/026, 028): the bulk run and the import's progress. `write`
 * gets a `send` for each part; the stream closes when it returns. A part sent after the browser went away is dropped
 * (the work notices through the request's signal). The nonce is for the page's inline script.
 */
export function streamedPage(write: (send: (html: string) => void, nonce: string) => Promise<void>, extraHeaders?: Headers): Response {
  const nonce = randomBytes(16).toString("base64");
  const headers = new Headers(securityHeaders(nonce));
  headers.set("Content-Type", "text/html; charset=utf-8");
  // no-transform: remix-serve's compression would hold the small progress parts back until the end.
  headers.set("Cache-Control", "private, no-store, no-transform");
  headers.set("X-Accel-Buffering", "no");
  for (const cookie of extraHeaders?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (html: string) => {
        try {
          controller.enqueue(encoder.encode(html));
        } catch {
          // The browser went away.
        }
      };
      try {
        await write(send, nonce);
      } finally {
        try {
          controller.close();
        } catch {
          // Already closed by a disconnect.
        }
      }
    },
  });
  return new Response(stream, { status: 200, headers });
}
