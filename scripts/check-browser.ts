/** Fails early and clearly when no Chromium is available for the end-to-end tests. */
import { existsSync } from "node:fs";
import { chromiumLaunchOptions, journeyLaunchOptions } from "./chromium.ts";

// The journeys take the headless shell when it is installed; the journeys about loading take the full browser.
for (const browser of new Set([journeyLaunchOptions.executablePath, chromiumLaunchOptions.executablePath])) {
  if (!existsSync(browser)) {
    console.error(
      `Kein Chromium gefunden unter ${browser}.\n` +
        "Installieren Sie es mit `apt-get install -y chromium chromium-headless-shell` oder setzen Sie CHROMIUM_PATH auf den Pfad des Browsers.",
    );
    process.exit(1);
  }
}
