import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { nurMitJavaScript } from "./support/modus";

const SAMPLE_PASSWORD = "x7K-q2lO-9vPa";

/**
 * The form kit in a real browser, without a page of the product for it: the components are rendered as the server
 * renders them (react-dom/server, the HTML a browser without JavaScript gets), set into a blank page with the
 * portal's built stylesheet, and checked there. The screens that will use them get their own journeys.
 */

function kitSampleHtml(): string {
  const body = execFileSync(process.execPath, ["--import", "tsx", "tests/e2e/support/formular-bausteine.tsx", SAMPLE_PASSWORD], {
    encoding: "utf8",
  });
  return `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>Formularbausteine</title><style>${builtStylesheet()}</style></head><body>${body}</body></html>`;
}

function builtStylesheet(): string {
  const dir = "public/build/_assets";
  const file = readdirSync(dir).find((name) => /^tailwind-.*\.css$/.test(name));
  if (!file) throw new Error("Kein gebautes Stylesheet: erst `npm run build`.");
  return readFileSync(`${dir}/${file}`, "utf8");
}

test.describe(
  "Formularbausteine im Browser",
  nurMitJavaScript("Statisches Server-HTML ohne Skripte: ein Lauf im Browser sagt alles, mit JavaScript oder ohne."),
  () => {
    // The markup has no scripts: one browser run says everything.

    let html = "";
    test.beforeAll(() => {
      html = kitSampleHtml();
    });
    test.beforeEach(async ({ page }) => {
      await page.setContent(html);
    });

    test("Gruppen, Datumsfeld, Mehrfachauswahl, Passwortkarte und Hinweise haben keine Verstöße, auch mit Fehlermeldungen", async ({
      page,
    }) => {
      await expect(page.getByRole("group", { name: /Angebote/ })).toBeVisible();
      await expect(page.getByRole("textbox", { name: /Gesperrt bis/ })).toHaveAttribute("aria-invalid", "true");
      await expectNoAxeViolations(page, "Formularbausteine");
    });

    test("Gruppen und Felder sind über ihre Namen erreichbar, und der Fokus ist sichtbar", async ({ page }) => {
      const angebote = page.getByRole("group", { name: /Angebote/ });
      await expect(angebote.getByRole("checkbox")).toHaveCount(3);
      await expect(page.getByRole("radio", { name: "Unbefristet" })).toBeDisabled();
      await expect(page.getByRole("textbox", { name: "Letzter Tag der Zuordnung" })).toBeVisible();
      await expect(page.getByRole("group", { name: "Schulen" }).getByRole("checkbox", { name: "Gymnasium Kiel" })).toBeChecked();

      await page.keyboard.press("Tab");
      const outline = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement as Element);
        return `${style.outlineStyle} ${style.outlineWidth}`;
      });
      expect(outline).toBe("solid 3px");
    });

    test("ohne JavaScript öffnet „Passwort anzeigen“ das Passwort", async ({ page }) => {
      const shownPassword = page.getByRole("region", { name: "Neues Passwort" }).getByText(SAMPLE_PASSWORD).filter({ visible: true });
      await expect(shownPassword).toHaveCount(0);
      await page.getByText("Passwort anzeigen").click();
      await expect(shownPassword).toHaveCount(1);
    });

    test("gedruckt wird nur die Passwortkarte, mit dem Passwort im Klartext, ohne Knöpfe und Formular", async ({ page }) => {
      await page.emulateMedia({ media: "print" });
      const card = page.getByRole("region", { name: "Neues Passwort" });
      await expect(card).toBeVisible();
      await expect(card.getByText("Für Max Muster (mmuster)")).toBeVisible();
      // The password is on paper, once, although "Passwort anzeigen" was never opened.
      await expect(card.getByText(SAMPLE_PASSWORD).filter({ visible: true })).toHaveCount(1);
      await expect(card.getByText("Passwort anzeigen")).toBeHidden();
      await expect(page.getByRole("heading", { level: 1 })).toBeHidden();
      await expect(page.getByRole("group", { name: /Angebote/ })).toBeHidden();
      await expect(page.getByText("Wartung am Wochenende")).toBeHidden();

      await page.emulateMedia({ media: "screen" });
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  },
);
