import { readdir, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import setupTemplateDatabase from "../upstream/global-setup.ts";
import { BUILD_PATH } from "./support/portal.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** What goes into the server build: a change here after the last `npm run build` would be tested in its old form. */
const BUILD_INPUTS = ["app", "locales", "upstream/contract", "remix.config.js"];

async function newestFile(path: string): Promise<{ path: string; mtimeMs: number }> {
  const info = await stat(path);
  if (!info.isDirectory()) return { path, mtimeMs: info.mtimeMs };
  let newest = { path, mtimeMs: 0 };
  for (const entry of await readdir(path)) {
    const candidate = await newestFile(join(path, entry));
    if (candidate.mtimeMs > newest.mtimeMs) newest = candidate;
  }
  return newest;
}

/**
 * The route tests run the built portal. They refuse a build that is missing or older than its sources, instead of
 * quietly testing yesterday's code; then the seeded template database is built as for the upstream tests.
 */
export default async function setup() {
  const build = await stat(BUILD_PATH).catch(() => null);
  if (!build) throw new Error("build/index.js fehlt: vor den Routentests `npm run build` ausführen.");
  for (const input of BUILD_INPUTS) {
    const newest = await newestFile(join(ROOT, input));
    if (newest.mtimeMs > build.mtimeMs) {
      throw new Error(`${relative(ROOT, newest.path)} ist neuer als build/index.js: vor den Routentests \`npm run build\` ausführen.`);
    }
  }
  return setupTemplateDatabase();
}
