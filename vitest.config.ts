import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          // Server modules parse the environment at import; unit tests never reach this address.
          // ENV_FILE empty: a developer's .env never changes what the tests see (scripts/env-file.ts).
          env: { UPSTREAM_URL: "http://127.0.0.1:9", NODE_ENV: "test", ENV_FILE: "" },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "upstream",
          include: ["tests/upstream/**/*.test.ts"],
          // Builds the seeded template database once per run; each test file clones it.
          globalSetup: ["tests/upstream/global-setup.ts"],
          environment: "node",
          env: { ENV_FILE: "" },
          // One PGlite instance per test file is heavy; keep files sequential on two cores.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
