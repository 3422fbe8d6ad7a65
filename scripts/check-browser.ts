/** Fails early and clearly when no Chromium is available for the end-to-end tests. */
import { existsSync } from "node:fs";

const browser = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(browser)) {
  console.error(
    `Kein Chromium gefunden unter ${browser}.\n` +
      "Installieren Sie es mit `apt-get install -y chromium` oder setzen Sie CHROMIUM_PATH auf den Pfad des Browsers.",
  );
  process.exit(1);
}
