import { existsSync } from "node:fs";

/**
 * How this project launches Debian's Chromium (never a downloaded browser), shared by the e2e suite and the
 * benchmark: container-friendly, and no background traffic in the measurements. `CHROMIUM_PATH` overrides both.
 */
const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** Debian's Chromium as a user runs it (package `chromium`): the bench's figures, and the journeys about loading. */
export const FULL_CHROMIUM = "/usr/bin/chromium";
/** The same Chromium build without the desktop browser around it (package `chromium-headless-shell`). */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

export const chromiumLaunchOptions = { executablePath: process.env.CHROMIUM_PATH ?? FULL_CHROMIUM, args: ARGS };

/**
 * The browser of the journeys: Debian's headless shell of the same Chromium when it is installed (docs/decisions/039:
 * the same journeys in two thirds of the time), else the full browser.
 */
export const journeyLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM),
  args: ARGS,
};
