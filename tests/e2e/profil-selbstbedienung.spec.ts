import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { isJavaScriptProject, SCHULE_A, SCHULE_B, waitForHydration } from "./support/klassen";
import { loginAs } from "./support/login";
import { PINNED_BASE_URL } from "./support/servers";
import { GRUND, nurOhneJavaScript } from "./support/modus";

/**
 * The profile's self-service (issue 10): a teacher's own device password, and whom to ask at each school. Creating a
 * device password changes nothing another journey reads, so both projects may do it for the same teacher.
 */

const DIALOG_TITLE = "Gerätepasswort erzeugen";
const DONE = "Ihr neues Gerätepasswort ist erzeugt.";

const deviceCard = (page: Page) => page.getByRole("region", { name: "Gerätepasswort für Ihr Dienstgerät" });
/** The dialog: without JavaScript a page of its own (its main), with JavaScript a modal dialog over the profile. */
const dialogOf = (page: Page) => (isJavaScriptProject() ? page.getByRole("dialog", { name: DIALOG_TITLE }) : page.getByRole("main"));
const schoolEntry = (page: Page, school: string) =>
  page
    .getByRole("region", { name: "Schulzuordnungen" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: school, exact: true }) });

test.describe("Mein Profil: Selbstbedienung", () => {
  test("eine Lehrkraft erzeugt ihr Gerätepasswort: erst eine Rückfrage, dann einmal angezeigt, verborgen bis zum Anzeigen, nach dem Neuladen fort", async ({
    page,
    loggedInAs,
  }) => {
    await loggedInAs("lehrkraft", { target: "/profile" });
    await expect(deviceCard(page)).toContainText("Dienstgerät");
    await expectNoAxeViolations(page, "/profile (Lehrkraft mit Gerätepasswort-Karte)");

    await waitForHydration(page);
    await deviceCard(page).getByRole("link", { name: "Gerätepasswort erzeugen" }).click();
    await expect(dialogOf(page).getByRole("heading", { name: DIALOG_TITLE })).toBeVisible();
    if (isJavaScriptProject()) await expect(page).toHaveURL(/\/profile\?geraetepasswort$/);
    else await expect(page).toHaveTitle(/^Gerätepasswort erzeugen/);
    await expect(dialogOf(page)).toContainText("Möchten Sie ein neues Gerätepasswort für sich erzeugen?");
    await expectNoAxeViolations(page, "Gerätepasswort: Rückfrage");

    const [confirmation] = await Promise.all([
      page.waitForRequest((request) => request.method() === "POST"),
      dialogOf(page).getByRole("button", { name: "Gerätepasswort erzeugen" }).click(),
    ]);
    await expect(dialogOf(page).getByText(DONE)).toBeVisible();
    if (isJavaScriptProject()) await expect(dialogOf(page).getByText(DONE)).toBeFocused();
    const card = dialogOf(page).getByRole("region", { name: "Ihr Gerätepasswort" });
    await expect(card).toContainText("Benutzername: lehrkraft");
    await expect(dialogOf(page)).toContainText("nur dieses eine Mal angezeigt");

    // Hidden until asked for: with JavaScript a toggle, without it an opening section.
    const shown = card.locator('[translate="no"]').filter({ visible: true });
    await expect(shown).toHaveCount(0);
    if (isJavaScriptProject()) {
      const toggle = card.getByRole("button", { name: "Passwort anzeigen" });
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-pressed", "true");
    } else {
      await card.getByText("Passwort anzeigen").click();
    }
    await expect(shown).toHaveText(/^\S{8,}$/);
    const password = (await shown.textContent()) ?? "";
    expect(page.url()).not.toContain(password);
    expect(JSON.stringify(await page.context().cookies())).not.toContain(password);
    await expectNoAxeViolations(page, "Gerätepasswort: angezeigt");

    if (isJavaScriptProject()) {
      // Hidden again, copied, printed; Escape does not throw it away.
      await card.getByRole("button", { name: "Passwort anzeigen" }).click();
      await expect(shown).toHaveCount(0);
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await card.getByRole("button", { name: "Passwort kopieren" }).click();
      await expect(card.getByRole("status")).toHaveText("Das Passwort ist in der Zwischenablage.");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
      await page.evaluate(() => {
        window.print = () => document.body.setAttribute("data-gedruckt", "ja");
      });
      await card.getByRole("button", { name: "Drucken" }).click();
      await expect(page.locator("body")).toHaveAttribute("data-gedruckt", "ja");
      await page.keyboard.press("Escape");
      await expect(dialogOf(page).getByText(DONE)).toBeVisible();
      // The focus stays where it was, not on the page behind the dialog.
      await expect(card.getByRole("button", { name: "Drucken" })).toBeFocused();
    }

    // The same confirmation once more (a reload of the answer page sends it again) makes no second password, which
    // would void the one just noted.
    const again = await page.request.post(confirmation.url(), {
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(page.url()).origin },
      data: confirmation.postData() ?? "",
    });
    expect(again.status()).toBe(409);
    expect(await again.text()).not.toContain(password);

    // Closing (or loading the page again) loses it: the profile shows no password, the dialog's address asks again.
    await dialogOf(page).getByRole("link", { name: "Schließen" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { level: 1, name: "Mein Profil" })).toBeVisible();
    await expect(page.getByText(password)).toHaveCount(0);
    await page.goto("/profile?geraetepasswort");
    await expect(page.getByRole("main").getByRole("button", { name: "Gerätepasswort erzeugen" })).toBeVisible();
    await expect(page.getByText(password)).toHaveCount(0);
    await expect(page.getByText(DONE)).toHaveCount(0);
  });

  // Without a teacher's assignment there is no device password, not even by its address: tests/routes/zugriff-ohne-recht*.test.ts.

  test(
    "das Profil nennt je Schule die Schuladministration und die Befristung auch lange vor ihrem Ende",
    nurOhneJavaScript(GRUND.serverHtml),
    async ({ page, loggedInAs }) => {
      await loggedInAs("lehrkraft", { target: "/profile" });
      const schuleA = schoolEntry(page, SCHULE_A.label);
      await expect(schuleA.getByRole("term")).toHaveText(["Rolle", "Ihre Schuladministration"]);
      // The persons with a LEIT role at school A, the teacher not among them.
      await expect(schuleA.getByRole("definition").nth(1)).toContainText("Sven Schulze");
      await expect(schuleA.getByRole("definition").nth(1)).toContainText("Wiebke Thomsen");
      await expect(schuleA.getByRole("definition").nth(1)).not.toContainText("Lara Lehmann");

      // A LiV's assignment ends in 200 days: far beyond the eight weeks in which a notice would tell her.
      await loggedInAs("iboysen", { target: "/profile" });
      const schuleB = schoolEntry(page, SCHULE_B.label);
      await expect(schuleB.getByRole("term")).toHaveText(["Rolle", "Ihre Schuladministration"]);
      const [definitionRolle, definitionAdmins] = [schuleB.getByRole("definition").nth(0), schuleB.getByRole("definition").nth(1)];
      await expect(definitionRolle).toHaveText(/^LiV \(befristet bis \d{2}\.\d{2}\.\d{4}\)$/);
      const [day, month, year] = ((await definitionRolle.textContent())?.match(/(\d{2})\.(\d{2})\.(\d{4})/) ?? []).slice(1).map(Number);
      const daysAhead = (Date.UTC(year, month - 1, day) - Date.now()) / 86_400_000;
      expect(daysAhead).toBeGreaterThan(190);
      expect(daysAhead).toBeLessThan(210);
      await expect(definitionAdmins).toContainText("Olaf Ohlsen");
      await expect(definitionAdmins).toContainText("Birte Carstens");
      await expectNoAxeViolations(page, "/profile (LiV mit Befristung und Schuladministration)");
    },
  );
});

test.describe("Mein Profil gegen die ältere Upstream-Version", () => {
  test.use({ baseURL: PINNED_BASE_URL });

  test(
    "auch dort erzeugt eine Lehrkraft ihr Gerätepasswort und sieht ihre Schuladministration",
    nurOhneJavaScript(GRUND.aeltererUpstream),
    async ({ page }) => {
      await loginAs(page, "lehrkraft", { target: "/profile", otp: false });
      await expect(schoolEntry(page, SCHULE_A.label).getByRole("definition").nth(1)).toContainText("Sven Schulze");
      await page.goto("/profile?geraetepasswort");
      await page.getByRole("main").getByRole("button", { name: "Gerätepasswort erzeugen" }).click();
      await expect(page.getByRole("main").getByText(DONE)).toBeVisible();
      await expect(page.getByRole("region", { name: "Ihr Gerätepasswort" })).toContainText("Benutzername: lehrkraft");
    },
  );
});
