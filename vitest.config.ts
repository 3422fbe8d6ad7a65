import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// A developer's .env never changes what the tests see (scripts/env-file.ts): set here, it holds for the global
// setups in this process and for the test workers, which inherit its environment. `ENV_FILE=.env npm run …` opts in.
process.env.ENV_FILE ??= "";

// As tsconfig.json's paths: `~/…` is app/, `@contract` the upstream contract both sides share.
const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@contract": fileURLToPath(new URL("./upstream/contract", import.meta.url)),
};

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
          env: { UPSTREAM_URL: "http://127.0.0.1:9", NODE_ENV: "test", PORTAL_DATA_DIR: "memory://" },
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
          // One PGlite instance per test file is heavy; keep files sequential on two cores.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "routes",
          include: ["tests/routes/**/*.test.ts"],
          // Checks that a browser adds nothing to: the built portal handles Requests in process (tests/routes/support).
          globalSetup: ["tests/routes/global-setup.ts"],
          environment: "node",
          // As the e2e servers run the portal (playwright.config.ts).
          env: { NODE_ENV: "production", SESSION_SECRET: "routes-session-secret-with-at-least-32-characters" },
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
