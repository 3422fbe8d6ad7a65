import { readFileSync } from "node:fs";
import path from "node:path";
import { stylesheetHref } from "~/document/stylesheet";

/**
 * The text of the built stylesheet, read once from the public build folder (remix-serve serves it from there and
 * runs in the project's folder). Null if it cannot be read: the page then links the file as usual.
 */
let cached: string | null | undefined;
export function stylesheetText(): string | null {
  if (cached !== undefined) return cached;
  try {
    cached = readFileSync(path.join(process.cwd(), "public", stylesheetHref), "utf8");
  } catch (error) {
    console.error("stylesheet not readable, linking it instead:", error);
    cached = null;
  }
  return cached;
}
