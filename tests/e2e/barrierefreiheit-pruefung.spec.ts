import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";

/**
 * The scan every journey relies on must be able to fail, in both projects: without JavaScript it runs in the page
 * itself (support/axe.ts), where a page's own timers never fire.
 */
test("die Barrierefreiheitsprüfung meldet ein Bild ohne Alternativtext, einen leeren Link und zu schwachen Kontrast", async ({ page }) => {
  await page.setContent(
    `<!DOCTYPE html><html lang="de"><head><title>Prüfling</title></head><body><main><h1>Prüfling</h1>` +
      `<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">` +
      `<a href="/start"></a><p style="color:#bbb;background:#fff">kaum lesbar</p></main></body></html>`,
  );
  const scan = expectNoAxeViolations(page, "Prüfling");
  await expect(scan).rejects.toThrow(/image-alt/);
  await expect(scan).rejects.toThrow(/link-name/);
  await expect(scan).rejects.toThrow(/color-contrast/);
});
