import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Record once, replay many times: a proxy in front of the reference upstream keeps the answers to
 * the portal's calls, and a stub then serves exactly those answers from memory at almost no cost.
 * With the stub behind it, the CPU the portal process spends is the portal's own.
 */
export interface RecordedAnswer {
  status: number;
  /** Raw header pairs without the hop-by-hop ones. */
  headers: string[];
  body: Buffer;
}

/** Method and path with query: the portal's calls for one page are deterministic. */
export type Recordings = Map<string, RecordedAnswer>;

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length"]);

export interface RecordingProxy {
  url: string;
  /** Start keeping answers (calls before, e.g. the login, pass through unrecorded). */
  record(on: boolean): void;
  readonly recordings: Recordings;
  close(): Promise<void>;
}

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const targetUrl = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const recordings: Recordings = new Map();
  let recording = false;

  const server = http.createServer((req, res) => {
    const key = `${req.method ?? "GET"} ${req.url ?? "/"}`;
    const headers: string[] = [];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      if (req.rawHeaders[i].toLowerCase() === "host") continue;
      headers.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
    }
    headers.push("Host", targetUrl.host);
    const upstreamReq = http.request(
      { host: targetUrl.hostname, port: targetUrl.port, method: req.method, path: req.url, headers, agent },
      (upstreamRes) => {
        const chunks: Buffer[] = [];
        upstreamRes.on("data", (chunk: Buffer) => chunks.push(chunk));
        upstreamRes.on("end", () => {
          const body = Buffer.concat(chunks);
          const kept: string[] = [];
          for (let i = 0; i < upstreamRes.rawHeaders.length; i += 2) {
            if (!HOP_BY_HOP.has(upstreamRes.rawHeaders[i].toLowerCase()))
              kept.push(upstreamRes.rawHeaders[i], upstreamRes.rawHeaders[i + 1]);
          }
          const answer: RecordedAnswer = { status: upstreamRes.statusCode ?? 502, headers: kept, body };
          if (recording && req.method === "GET") recordings.set(key, answer);
          send(res, answer);
        });
      },
    );
    upstreamReq.on("error", (error) => {
      res.writeHead(502, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(`Aufzeichnung: Upstream nicht erreichbar (${error.message})`);
    });
    req.pipe(upstreamReq);
  });
  const url = await listen(server);
  return {
    url,
    record: (on) => {
      recording = on;
    },
    recordings,
    close: () => close(server, agent),
  };
}

export interface ReplayStub {
  url: string;
  /** Calls the recordings had no answer for: each one is an error page in the portal, so the figures would lie. */
  readonly misses: Map<string, number>;
  close(): Promise<void>;
}

export async function startReplayStub(recordings: Recordings): Promise<ReplayStub> {
  const misses = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const key = `${req.method ?? "GET"} ${req.url ?? "/"}`;
    // The request body is not needed, but must be drained so keep-alive connections stay usable.
    req.resume();
    const answer = recordings.get(key);
    if (!answer) {
      misses.set(key, (misses.get(key) ?? 0) + 1);
      res.writeHead(404, { "Content-Type": "application/json" });
      res.end('{"message":"nicht aufgezeichnet"}');
      return;
    }
    send(res, answer);
  });
  server.keepAliveTimeout = 60_000;
  const url = await listen(server);
  return { url, misses, close: () => close(server) };
}

function send(res: http.ServerResponse, answer: RecordedAnswer) {
  res.writeHead(answer.status, [...answer.headers, "Content-Length", String(answer.body.length)]);
  res.end(answer.body);
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function close(server: http.Server, agent?: http.Agent): Promise<void> {
  return new Promise((resolve) => {
    agent?.destroy();
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
