import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./scripts/chromium";

const PORT = Number(process.env.E2E_PORT ?? 3111);
const UPSTREAM_PORT = PORT + 1;

/**
 * Every journey runs twice: without JavaScript (the locked-down school PC) and with it.
 * The portal and its reference upstream start fresh, on a database of their own.
 */
export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "de-DE",
    ...devices["Desktop Chrome"],
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: "ohne-js", use: { javaScriptEnabled: false } },
    { name: "mit-js", use: { javaScriptEnabled: true } },
  ],
  webServer: {
    command: "rm -rf .tmp/e2e-db && node --import tsx scripts/start.ts",
    url: `http://127.0.0.1:${PORT}/`,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      REFERENCE_UPSTREAM_PORT: String(UPSTREAM_PORT),
      REFERENCE_DATA_DIR: ".tmp/e2e-db",
      SESSION_SECRET: "e2e-session-secret-with-at-least-32-characters",
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
