import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The browser build as `npm run build` left it (the route tests refuse an old build, global-setup.ts). Remix's
 * compiler puts an empty stand-in for every `.server` module a route imports; without the patch in
 * `patches/@remix-run+dev+*.patch` (docs/decisions/038) esbuild kept each stand-in as a file of its own that every
 * page of that route loaded: 16 requests for nothing.
 */
const metafile = JSON.parse(readFileSync(fileURLToPath(new URL("../../build/metafile.js.json", import.meta.url)), "utf8")) as {
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
};

describe("Skripte für den Browser", () => {
  it("keine Datei, die der Browser lädt, besteht nur aus leeren Platzhaltern für Servercode", () => {
    const nurPlatzhalter = Object.entries(metafile.outputs)
      .filter(([file]) => file.endsWith(".js"))
      .map(([file, output]) => [file, Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0)] as const)
      .filter(([, inputs]) => inputs.length > 0 && inputs.every(([name]) => name.startsWith("empty-module:")))
      .map(([file, inputs]) => `${file}: ${inputs.map(([name]) => name).join(", ")}`);
    expect(nurPlatzhalter).toEqual([]);
  });
});
