import { createHash } from "node:crypto";
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

/**
 * Method, path with query and, for a read by POST (the person list's overviews), a digest of the body: the portal's
 * calls for one page are deterministic. Writes are never recorded (a page load makes none).
 */
export type Recordings = Map<string, RecordedAnswer>;

/** Reads the upstream answers by POST; everything else recorded is a GET. */
const READS_BY_POST = ["/api/dbiam/personenuebersicht"];

function recordingKey(method: string, url: string, body: Buffer): string {
  if (method !== "POST") return `${method} ${url}`;
  return `${method} ${url} ${createHash("sha256").update(body).digest("hex").slice(0, 16)}`;
}

const recordable = (method: string, url: string) =>
  method === "GET" || (method === "POST" && READS_BY_POST.some((path) => url.split("?")[0] === path));

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

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

  const server = http.createServer(async (req, res) => {
    const method = req.method ?? "GET";
    const body = await readBody(req);
    const key = recordingKey(method, req.url ?? "/", body);
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
          const answerBody = Buffer.concat(chunks);
          const kept: string[] = [];
          for (let i = 0; i < upstreamRes.rawHeaders.length; i += 2) {
            if (!HOP_BY_HOP.has(upstreamRes.rawHeaders[i].toLowerCase()))
              kept.push(upstreamRes.rawHeaders[i], upstreamRes.rawHeaders[i + 1]);
          }
          const answer: RecordedAnswer = { status: upstreamRes.statusCode ?? 502, headers: kept, body: answerBody };
          if (recording && recordable(method, req.url ?? "/")) recordings.set(key, answer);
          send(res, answer);
        });
      },
    );
    upstreamReq.on("error", (error) => {
      res.writeHead(502, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(`Aufzeichnung: Upstream nicht erreichbar (${error.message})`);
    });
    upstreamReq.end(body);
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
  const server = http.createServer(async (req, res) => {
    // Read whole: a read by POST is found by its body, and keep-alive connections stay usable.
    const key = recordingKey(req.method ?? "GET", req.url ?? "/", await readBody(req));
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
