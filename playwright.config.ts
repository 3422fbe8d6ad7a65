import { defineConfig, devices } from "@playwright/test";
import { journeyLaunchOptions } from "./scripts/chromium";
import { NUR_MIT_JS, NUR_OHNE_JS } from "./tests/e2e/support/modus";
import { MAIN_LANDING_ENV, PINNED_LANDING_ENV, PINNED_PORT, PINNED_STEP_UP_TIMEOUT_SECONDS, PORT } from "./tests/e2e/support/servers";

const SERVER_ENV = {
  HOST: "127.0.0.1",
  NODE_ENV: "production",
  SESSION_SECRET: "e2e-session-secret-with-at-least-32-characters",
  // The servers run on these settings only, never on a developer's .env (scripts/env-file.ts).
  ENV_FILE: "",
};

/**
 * Every journey runs twice: without JavaScript (the locked-down school PC) and with it, except those that name one
 * mode and why (tests/e2e/support/modus.ts): each project leaves out the journeys of the other mode.
 * The portal and its reference upstream start fresh, on a database of their own.
 */
export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  workers: 2,
  // In CI one retry: the suite runs two workers and four servers on two cores, and in the rehearsal runs of this
  // stop two different journeys each stalled once (and passed on the next run). The report lists a retried test as
  // "flaky", so a stall stays visible without failing the pipeline; locally a failure fails at once.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "de-DE",
    ...devices["Desktop Chrome"],
    launchOptions: journeyLaunchOptions,
  },
  projects: [
    { name: "ohne-js", use: { javaScriptEnabled: false }, grepInvert: new RegExp(NUR_MIT_JS) },
    { name: "mit-js", use: { javaScriptEnabled: true }, grepInvert: new RegExp(NUR_OHNE_JS) },
  ],
  webServer: [
    {
      command: "rm -rf .tmp/e2e-db .tmp/e2e-portal && node --import tsx scripts/start.ts",
      url: `http://127.0.0.1:${PORT}/`,
      env: {
        ...SERVER_ENV,
        ...MAIN_LANDING_ENV,
        PORT: String(PORT),
        REFERENCE_UPSTREAM_PORT: String(PORT + 1),
        REFERENCE_DATA_DIR: ".tmp/e2e-db",
        PORTAL_DATA_DIR: ".tmp/e2e-portal",
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "rm -rf .tmp/e2e-db-pinned .tmp/e2e-portal-pinned && node --import tsx scripts/start.ts",
      url: `http://127.0.0.1:${PINNED_PORT}/`,
      env: {
        ...SERVER_ENV,
        ...PINNED_LANDING_ENV,
        PORT: String(PINNED_PORT),
        REFERENCE_UPSTREAM_PORT: String(PINNED_PORT + 1),
        REFERENCE_DATA_DIR: ".tmp/e2e-db-pinned",
        PORTAL_DATA_DIR: ".tmp/e2e-portal-pinned",
        REFERENCE_API_VERSION: "pinned",
        STEP_UP_TIMEOUT_SECONDS: String(PINNED_STEP_UP_TIMEOUT_SECONDS),
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
