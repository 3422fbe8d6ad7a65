/**
 * `npm start`: the portal on PORT (default 3000). Without UPSTREAM_URL the embedded reference
 * upstream starts first, with its demo data, and the portal is pointed at it.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { z } from "zod";

const StartEnv = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  UPSTREAM_URL: z.string().url().optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
});
const startEnv = StartEnv.parse(process.env);

let closeUpstream: (() => Promise<void>) | null = null;
let upstreamUrl = startEnv.UPSTREAM_URL;
if (!upstreamUrl) {
  const { startReferenceUpstream } = await import("../upstream/reference/server.ts");
  const reference = await startReferenceUpstream();
  closeUpstream = reference.close;
  upstreamUrl = reference.url;
  console.log(`Referenz-Upstream läuft auf ${reference.url}`);
  // Demo mode: a fresh signing secret per start is fine (it only signs flash messages).
  process.env.SESSION_SECRET ??= randomBytes(32).toString("hex");
}

// A deployment behind a TLS proxy sees http:// requests; without the public origin every form post looks foreign.
if (startEnv.UPSTREAM_URL && startEnv.NODE_ENV === "production" && !process.env.PUBLIC_ORIGIN) {
  console.warn("Hinweis: PUBLIC_ORIGIN ist nicht gesetzt. Hinter einem TLS-Proxy muss es die öffentliche Adresse des Portals sein.");
}

const require = createRequire(import.meta.url);
const remixServe = require.resolve("@remix-run/serve/dist/cli.js");
const portal = spawn(process.execPath, [remixServe, "./build/index.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    UPSTREAM_URL: upstreamUrl,
    PORT: String(startEnv.PORT),
    HOST: startEnv.HOST,
    NODE_ENV: startEnv.NODE_ENV,
  },
});

async function shutdown(code: number) {
  portal.kill("SIGTERM");
  await closeUpstream?.();
  process.exit(code);
}
portal.on("exit", (code) => void shutdown(code ?? 0));
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
