import http from "node:http";

/**
 * A browser-like document request for load measurements, on node:http rather than fetch: the body is
 * counted, not decompressed, so the load generator (which shares the cores with the servers under
 * test) spends as little CPU as possible per request.
 */
export interface TimedResponse {
  /** HTTP status, or the network error's code ("ECONNRESET", "TIMEOUT", …). */
  status: number | string;
  /** Request start to the last body byte, in ms. */
  ms: number;
  /** Bytes on the wire (compressed when the server compressed). */
  bytes: number;
  setCookies: string[];
}

export interface DocumentRequest {
  origin: string;
  path: string;
  cookie: string;
  agent: http.Agent;
  /** What the client accepts; empty sends no Accept-Encoding, so the server does not compress. */
  acceptEncoding: string;
  timeoutMs: number;
}

const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

export function requestDocument(input: DocumentRequest): Promise<TimedResponse> {
  const started = performance.now();
  const url = new URL(input.path, input.origin);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (status: number | string, bytes: number, setCookies: string[] = []) => {
      if (settled) return;
      settled = true;
      resolve({ status, ms: performance.now() - started, bytes, setCookies });
    };
    const headers: Record<string, string> = {
      Accept: "text/html,application/xhtml+xml",
      "User-Agent": USER_AGENT,
      Cookie: input.cookie,
    };
    if (input.acceptEncoding) headers["Accept-Encoding"] = input.acceptEncoding;
    const req = http.request(
      { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: "GET", headers, agent: input.agent },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on("end", () => finish(res.statusCode ?? 0, bytes, res.headers["set-cookie"] ?? []));
        res.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? "ERROR", bytes));
      },
    );
    req.setTimeout(input.timeoutMs, () => {
      req.destroy();
      finish("TIMEOUT", 0);
    });
    req.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? "ERROR", 0));
    req.end();
  });
}
