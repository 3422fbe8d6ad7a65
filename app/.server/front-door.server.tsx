import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { TLSSocket } from "node:tls";
import { renderToStaticMarkup } from "react-dom/server";
import common from "../../locales/de/common.json";
import errors from "../../locales/de/errors.json";
import { env } from "./env.server";
import { BASE_HEADERS, isForeignWrite, resourceSecurityHeaders } from "./security.server";

/**
 * The portal's front door (docs/decisions/034): a request handler in front of remix-serve's, in each portal process.
 * It answers what Remix itself would turn into an empty 500 without security headers: a write from another site
 * (Remix's own origin check throws before any route code runs) and methods a fetch Request cannot carry (TRACE).
 * And it gives every answer the base security headers, static files included, which remix-serve's static handler
 * does not set.
 */
const HANDLED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);

export function withFrontDoor(next: RequestListener): RequestListener {
  return (request, response) => {
    addMissingHeadersOnWrite(response);
    const method = (request.method ?? "").toUpperCase();
    if (!HANDLED_METHODS.has(method)) {
      response.setHeader("Allow", "GET, HEAD, POST");
      return refuse(request, response, 405, "METHOD_NOT_ALLOWED");
    }
    const source = {
      method,
      origin: header(request, "origin"),
      referer: header(request, "referer"),
      fetchSite: header(request, "sec-fetch-site"),
    };
    if (isForeignWrite(source, ownOrigin(request))) {
      // One line per refusal: a probe must not fill the log with stack traces. The value is quoted, never echoed raw.
      console.warn(`Refused a cross-origin ${method} to ${pathOf(request)} (Origin ${JSON.stringify(clip(source.origin))})`);
      return refuse(request, response, 403, "CROSS_ORIGIN_REQUEST");
    }
    return next(request, response);
  };
}

/** The origin as Remix's express adapter builds the request URL (no trusted proxy), unless one is configured. */
function ownOrigin(request: IncomingMessage): string {
  if (env.PUBLIC_ORIGIN) return new URL(env.PUBLIC_ORIGIN).origin;
  const scheme = request.socket instanceof TLSSocket ? "https" : "http";
  const host = header(request, "x-forwarded-host") ?? header(request, "host") ?? "";
  return `${scheme}://${host}`;
}

function header(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

function addMissingHeadersOnWrite(response: ServerResponse): void {
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    for (const [name, value] of Object.entries(BASE_HEADERS)) if (!this.hasHeader(name)) this.setHeader(name, value);
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

type FrontDoorCode = "METHOD_NOT_ALLOWED" | "CROSS_ORIGIN_REQUEST";

function refuse(request: IncomingMessage, response: ServerResponse, status: number, code: FrontDoorCode): void {
  try {
    sendRefusal(request, response, status, code);
  } catch (error) {
    // An exception here would end the whole portal process; the refusal stands without its page.
    console.error("front door:", error);
    if (!response.headersSent) response.statusCode = status;
    response.end();
  }
}

function sendRefusal(request: IncomingMessage, response: ServerResponse, status: number, code: FrontDoorCode): void {
  const { title, message } = errors[code];
  const page = renderToStaticMarkup(
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body>
        <main>
          <h1>{title}</h1>
          <p>{message}</p>
          <p>
            <a href="/">{common.errorPage.toStart}</a>
          </p>
        </main>
      </body>
    </html>,
  );
  for (const [name, value] of Object.entries(resourceSecurityHeaders("text/html"))) response.setHeader(name, value);
  response.setHeader("Content-Type", "text/html; charset=utf-8");
  response.setHeader("Cache-Control", "no-store");
  // The body of a refused post is not read; closing the connection afterwards keeps it from being parsed as a request.
  if (request.method !== "GET" && request.method !== "HEAD") response.setHeader("Connection", "close");
  response.statusCode = status;
  response.end(request.method === "HEAD" ? undefined : `<!doctype html>${page}`);
}

function pathOf(request: IncomingMessage): string {
  return (request.url ?? "/").split("?")[0].slice(0, 200);
}

function clip(value: string | null): string | null {
  return value === null ? null : value.slice(0, 200);
}
