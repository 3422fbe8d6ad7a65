import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import { promisify } from "node:util";

/**
 * Response compression done by the portal itself, once per complete body (docs/decisions/011).
 * remix-serve's `compression()` middleware compresses each small chunk of a streamed render on the
 * thread pool at the default level; that cost 38 % of the portal's CPU per page. One synchronous
 * call on the whole document is several times cheaper and compresses as well. The middleware leaves
 * responses alone that already carry a Content-Encoding.
 */
export type Encoding = "br" | "gzip" | "identity";

/** Below this the headers cost more than the bytes saved (the same threshold as `compression`). */
export const MIN_COMPRESS_BYTES = 1024;
/** Larger bodies are compressed on the thread pool so one huge page cannot hold up all others. */
const SYNC_LIMIT_BYTES = 256 * 1024;
/** Brotli quality 3: about as small as gzip -9 for these pages at a fifth of its cost (measured in 008). */
const BROTLI_QUALITY = 3;
const GZIP_LEVEL = 4;

/**
 * The encoding to use for an Accept-Encoding header: brotli, then gzip, each only if its q-value is
 * above zero (directly or through `*`); otherwise none.
 */
export function chooseEncoding(acceptEncoding: string | null): Encoding {
  if (!acceptEncoding) return "identity";
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split("=");
      if (key === "q") q = Number.isFinite(Number(value)) ? Number(value) : 0;
    }
    weights.set(name, q);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return "identity";
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const brotliOptions = (size: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size },
});

export async function compress(body: Buffer, encoding: Exclude<Encoding, "identity">): Promise<Buffer> {
  const small = body.length <= SYNC_LIMIT_BYTES;
  if (encoding === "br")
    return small ? brotliCompressSync(body, brotliOptions(body.length)) : brotliAsync(body, brotliOptions(body.length));
  return small ? gzipSync(body, { level: GZIP_LEVEL }) : gzipAsync(body, { level: GZIP_LEVEL });
}

/**
 * A complete body as a Response, compressed for the client when that pays off. Vary is set either
 * way: the same URL answers differently depending on Accept-Encoding.
 */
export async function compressedResponse(
  request: Request,
  body: Buffer,
  init: { status: number; statusText?: string; headers: Headers },
): Promise<Response> {
  const headers = init.headers;
  headers.append("Vary", "Accept-Encoding");
  headers.delete("Content-Length");
  const encoding = body.length >= MIN_COMPRESS_BYTES ? chooseEncoding(request.headers.get("Accept-Encoding")) : "identity";
  const sent = encoding === "identity" ? body : await compress(body, encoding);
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(sent.length));
  // zlib and Buffer.concat allocate on a plain ArrayBuffer; the view avoids copying the body once more.
  const view = new Uint8Array(sent.buffer as ArrayBuffer, sent.byteOffset, sent.byteLength);
  return new Response(view, { status: init.status, statusText: init.statusText, headers });
}
