import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * A transparent HTTP proxy between the portal server and the reference upstream. It counts the
 * calls the portal makes (so a page's upstream fan-out is visible) and can delay each call to
 * simulate a slower upstream network. Bodies are streamed and headers passed on as raw pairs,
 * so repeated Set-Cookie lines, Cookie and Location reach both sides unchanged.
 */
export interface CountingProxy {
  url: string;
  /** Milliseconds every forwarded call waits before it is sent on; changeable between measurements. */
  delayMs: number;
  /** Calls since the last reset, in arrival order. */
  readonly calls: readonly ProxiedCall[];
  reset(): void;
  /** Resolves once no call is in flight, so a count is not read while a call is still running. */
  idle(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface ProxiedCall {
  /** "METHOD /path?query" */
  request: string;
  /** Arrival at the proxy, in ms since the last reset: shows which calls ran in parallel. */
  startedMs: number;
  /** Until the response was complete, including any added delay. */
  durationMs: number | null;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const targetUrl = new URL(target);
  // Keep-alive towards the upstream, so the proxy adds as little connection overhead as possible.
  const agent = new http.Agent({ keepAlive: true });
  let calls: ProxiedCall[] = [];
  let epoch = performance.now();
  let inFlight = 0;

  const server = http.createServer((req, res) => {
    const started = performance.now();
    const call: ProxiedCall = { request: `${req.method ?? "GET"} ${req.url ?? "/"}`, startedMs: started - epoch, durationMs: null };
    calls.push(call);
    inFlight++;
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      inFlight--;
      call.durationMs = performance.now() - started;
    };
    res.on("close", done);

    void (async () => {
      if (proxy.delayMs > 0) await sleep(proxy.delayMs);
      // Host must name the upstream; everything else (Cookie, Content-Type, …) goes through as sent.
      const headers: string[] = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        if (req.rawHeaders[i].toLowerCase() === "host") continue;
        headers.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
      }
      headers.push("Host", targetUrl.host);
      const upstreamReq = http.request(
        { host: targetUrl.hostname, port: targetUrl.port, method: req.method, path: req.url, headers, agent },
        (upstreamRes) => {
          res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, upstreamRes.rawHeaders);
          upstreamRes.pipe(res);
        },
      );
      upstreamReq.on("error", (error) => {
        if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain; charset=utf-8" });
        res.end(`Zähl-Proxy: Upstream nicht erreichbar (${error.message})`);
      });
      req.pipe(upstreamReq);
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const proxy: CountingProxy = {
    url: `http://127.0.0.1:${port}`,
    delayMs: 0,
    get calls() {
      return calls;
    },
    reset() {
      calls = [];
      epoch = performance.now();
    },
    async idle(timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      while (inFlight > 0 && Date.now() < deadline) await sleep(5);
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return proxy;
}
