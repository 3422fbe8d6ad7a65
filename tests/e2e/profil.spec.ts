import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { expectNoAxeViolations } from "./support/axe";
import { GRUND, nurOhneJavaScript } from "./support/modus";

// Demo data (upstream/reference/seed/demo-data.ts): school A is the first public school.
const SCHULE_A = "0710001 (Gemeinschaftsschule am Deich)";
const SCHULE_B = "0710008 (Grundschule Lindenweg)";

const assignments = (page: Page) => page.getByRole("region", { name: "Schulzuordnungen" });
const twoFactorCard = (page: Page) => page.getByRole("region", { name: "Zwei-Faktor-Authentifizierung" });

/** The entry of one school in "Schulzuordnungen", found by its heading. */
const schoolEntry = (page: Page, school: string) =>
  assignments(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: school, exact: true }) });

// Every page state here is drawn by the server and read, or left through a plain link; with JavaScript the same
// loader answers (the profile's dialogs, which JavaScript changes, are in profil-selbstbedienung.spec.ts).
test.describe("Mein Profil", nurOhneJavaScript(GRUND.serverHtml), () => {
  test("ein Schüler sieht seine Schule mit der Klasse darunter und keinen Hinweis auf einen fehlenden zweiten Faktor", async ({
    page,
    loggedInAs,
  }) => {
    await loggedInAs("schueler", { target: "/profile" });
    await expect(page.getByRole("heading", { level: 1, name: "Mein Profil" })).toBeVisible();

    const persoenlich = page.getByRole("region", { name: "Persönliche Daten" });
    await expect(persoenlich.getByRole("definition").first()).toHaveText("Samuel Sörensen");

    // The class is no assignment of its own: it appears under the school that administers it.
    await expect(assignments(page).getByRole("heading", { level: 3 })).toHaveText([SCHULE_A]);
    const schule = schoolEntry(page, SCHULE_A);
    await expect(schule.getByRole("term")).toHaveText(["Rolle", "Klasse", "Ihre Schuladministration"]);
    await expect(schule.getByRole("definition").first()).toHaveText("itslearning-Schüler");
    await expect(schule.getByRole("definition").nth(1)).toHaveText("7b");
    await expect(schule.getByRole("definition").nth(2)).toContainText("Sven Schulze");

    // None of the pupil's offerings needs a second factor, so the card is not there at all.
    await expect(page.getByRole("heading", { name: "Zwei-Faktor-Authentifizierung" })).toHaveCount(0);
    await expect(page.getByText("kein zweiter Faktor")).toHaveCount(0);

    await expectNoAxeViolations(page, "/profile (Schüler)");
  });

  test("die Landesadministratorin sieht ihre Zuordnung zum Land und ihren eingerichteten Software-Token", async ({ page, loggedInAs }) => {
    await loggedInAs("landesadmin", { target: "/profile" });

    await expect(assignments(page).getByRole("heading", { level: 3 })).toHaveText(["Land Schleswig-Holstein"]);
    const land = schoolEntry(page, "Land Schleswig-Holstein");
    await expect(land.getByRole("term")).toHaveText(["Rolle"]);
    await expect(land.getByRole("definition")).toHaveText(["Landesadministrator"]);

    await expect(twoFactorCard(page)).toContainText("mit einem Software-Token");
    await expect(page.getByRole("link", { name: "Passwort ändern" })).toBeVisible();

    await expectNoAxeViolations(page, "/profile (Landesadministratorin)");
  });

  test("„Zurück zur vorherigen Seite“ im Profil führt zur zuletzt geöffneten Verwaltungsseite, nicht auf eine Seite, die es nicht gibt", async ({
    page,
    loggedInAs,
  }) => {
    await loggedInAs("landesadmin", { target: "/admin/klassen?suche=7" });
    const missing = await page.goto("/admin/gibt-es-nicht");
    expect(missing?.status()).toBe(404);
    await page.goto("/profile");
    await expect(page.getByRole("link", { name: "Zurück zur vorherigen Seite" })).toHaveAttribute("href", "/admin/klassen?suche=7");
  });

  test("eine Lehrkraft sieht ihre Schule mit ihrer Rolle und den eingerichteten zweiten Faktor", async ({ page, loggedInAs }) => {
    await loggedInAs("lehrkraft", { target: "/profile" });

    await expect(assignments(page).getByRole("heading", { level: 3 })).toHaveText([SCHULE_A]);
    const schule = schoolEntry(page, SCHULE_A);
    await expect(schule.getByRole("term")).toHaveText(["Rolle", "Ihre Schuladministration"]);
    await expect(schule.getByRole("definition").first()).toHaveText("Lehrkraft");
    await expect(twoFactorCard(page)).toContainText("mit einem Software-Token");
  });

  test("eine Lehrkraft im Vorbereitungsdienst sieht, bis wann ihre Zuordnung befristet ist", async ({ page, loggedInAs }) => {
    await loggedInAs("liv", { target: "/profile" });

    await expect(schoolEntry(page, SCHULE_A).getByRole("definition").first()).toHaveText(/^LiV \(befristet bis \d{2}\.\d{2}\.\d{4}\)$/);
  });

  test("ein Schuladmin ohne Token liest in seinem Profil, dass noch kein zweiter Faktor eingerichtet ist", async ({ page, loggedInAs }) => {
    await loggedInAs("ohnetoken", { target: "/profile" });

    await expect(assignments(page).getByRole("heading", { level: 3 })).toHaveText([SCHULE_B]);
    await expect(twoFactorCard(page)).toContainText("Für Ihr Konto ist noch kein zweiter Faktor eingerichtet.");
  });

  test("wer die Passwortänderung abbricht, kommt ins Profil zurück und erfährt, dass das alte Passwort weiter gilt", async ({
    page,
    loggedInAs,
  }) => {
    await loggedInAs("lehrkraft", { target: "/profile" });
    // What the button does, said before it is pressed.
    await expect(page.getByRole("region", { name: "Passwort", exact: true })).toContainText(
      "öffnet das Formular der Schulportal-Anmeldung",
    );

    await page.getByRole("link", { name: "Passwort ändern" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Passwort ändern" })).toBeVisible();
    await expect(page.getByText("lehrkraft", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Abbrechen" }).click();

    // The message is said once; the address is clean again.
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { level: 1, name: "Mein Profil" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Passwortänderung abgebrochen" })).toHaveText(
      "Sie haben die Passwortänderung abgebrochen. Ihr bisheriges Passwort gilt weiter.",
    );
  });

  test("nach einer erfolgreichen Passwortänderung bestätigt das Profil die Änderung, nach einem Fehler meldet es ihn", async ({
    page,
    loggedInAs,
  }) => {
    await loggedInAs("lehrkraft", { target: "/profile" });

    // The upstream sends the browser back with kc_action_status; changing a demo password here would break other tests.
    await page.goto("/profile?kc_action_status=success");
    await expect(page.getByRole("status").filter({ hasText: "Passwort" })).toHaveText("Ihr Passwort wurde erfolgreich geändert.");
    // Said once: the parameter is gone from the address, a reload says nothing more.
    await expect(page).toHaveURL(/\/profile$/);
    await expectNoAxeViolations(page, "/profile nach erfolgreicher Passwortänderung");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Mein Profil" })).toBeVisible();
    await expect(page.getByText("Ihr Passwort wurde erfolgreich geändert.")).toHaveCount(0);

    await page.goto("/profile?kc_action_status=error");
    await expect(page.getByRole("alert")).toHaveText(
      "Ihr Passwort konnte nicht geändert werden. Bitte versuchen Sie es später noch einmal.",
    );
    await expect(page).toHaveURL(/\/profile$/);
  });
});
