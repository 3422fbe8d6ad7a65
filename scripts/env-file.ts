import { existsSync } from "node:fs";

/**
 * Loads the project's `.env` (a copy of `.env.example`) into process.env. Called where the environment is parsed:
 * `npm start` (scripts/start.ts), the portal (app/.server/env.server.ts, also under a bare remix-serve) and the
 * reference upstream (upstream/reference/env.ts, also for its scripts).
 *
 * - A variable already set in the environment wins over the file (Node's `process.loadEnvFile` leaves it alone).
 * - An empty assignment (`UPSTREAM_URL=`, as `.env.example` writes it) means unset, as the comments there say,
 *   not the empty string, which no schema of ours would take for a URL or a number.
 * - `ENV_FILE` names another file. `ENV_FILE=` (empty) loads none: the tests set it, so that they run on their own
 *   settings and never on a developer's `.env`.
 *
 * Returns the path of the file it loaded, or null.
 */
export function loadEnvFile(): string | null {
  const named = process.env.ENV_FILE;
  if (named === "") return null;
  // `.env` is optional; a file named on purpose must exist (process.loadEnvFile throws ENOENT).
  if (named === undefined && !existsSync(".env")) return null;
  const path = named ?? ".env";
  const before = new Set(Object.keys(process.env));
  process.loadEnvFile(path);
  for (const [name, value] of Object.entries(process.env)) {
    if (value === "" && !before.has(name)) delete process.env[name];
  }
  return path;
}
