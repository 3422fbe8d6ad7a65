import type { Locator, Page } from "@playwright/test";
import { E2E_ZUORDNUNGEN_PERSONEN, demoPersonId } from "../../upstream/reference/seed/demo-persons.ts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { afterRouterIdle, isJavaScriptProject, SCHULE_C, waitForHydration } from "./support/klassen";
import { nurOhneJavaScript } from "./support/modus";

/** This project's own persons: the journeys change them, the other project's journeys use others. */
const personen = () => E2E_ZUORDNUNGEN_PERSONEN[test.info().project.name as keyof typeof E2E_ZUORDNUNGEN_PERSONEN];
const klassen = () => (test.info().project.name === "ohne-js" ? { alt: "7a", neu: "5a" } : { alt: "8a", neu: "6a" });
const detailsPath = (username: string) => `/admin/personen/${demoPersonId(username)}`;
const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });
const zuordnungenAufDetails = (page: Page) => page.getByRole("region", { name: "Schulzuordnungen" }).getByRole("listitem");
const liste = (page: Page) => page.getByRole("group", { name: /Schulzuordnungen/ }).getByRole("listitem");
const vorgemerkt = (page: Page) => page.getByRole("region", { name: "Bitte prüfen und speichern" });

/** From the person's page, as a user starts: the button below the assignments. */
async function openEditing(page: Page, name: string) {
  await waitForHydration(page);
  await page.getByRole("link", { name: "Schulzuordnungen bearbeiten" }).click();
  await expect(heading(page, `Schulzuordnungen von ${name} bearbeiten`)).toBeVisible();
}

async function press(page: Page, name: string) {
  await page.getByRole("button", { name, exact: true }).click();
}

async function chooseSchuleC(page: Page) {
  await page.getByRole("searchbox", { name: /Schule suchen/ }).fill("Hafenkante");
  await press(page, "Schulen suchen");
  const schule = page.getByRole("combobox", { name: /Organisation/ });
  await expect(schule.locator("option", { hasText: SCHULE_C.label })).toHaveCount(1);
  await schule.selectOption({ label: SCHULE_C.label });
  if (!isJavaScriptProject()) await press(page, "Auswahl aktualisieren");
}

async function chooseRolle(page: Page, rolle: string) {
  const select = page.getByRole("combobox", { name: /^Rolle/ });
  await expect(select.getByRole("option", { name: rolle, exact: true })).toHaveCount(1);
  await select.selectOption({ label: rolle });
  if (!isJavaScriptProject()) await press(page, "Auswahl aktualisieren");
  // With JavaScript the choice is sent at once: its answer is drawn before the next step.
  await afterRouterIdle(page);
}

const befristungGroup = (page: Page): Locator => page.getByRole("group", { name: "Befristung" });

// The sub-forms are checked on the server only (features/zuordnungen/zuordnung-forms.ts): what JavaScript changes on
// this page (narrowing in place, the focus after an answer, the leave warning, emptying the date) the journeys in both
// modes show; a journey that only adds another answer of the server runs without JavaScript.

test.describe("Schulzuordnungen bearbeiten", () => {
  test("die Landesadministratorin fügt einer Lehrkraft eine befristete Zuordnung hinzu, vorgemerkt, geprüft und gespeichert", async ({
    page,
    loggedInAs,
  }) => {
    const { lehrkraft } = personen();
    await loggedInAs("landesadmin", { target: detailsPath(lehrkraft) });
    const name = (await heading(page, /^Benutzer: /).textContent())!.replace("Benutzer: ", "");
    await openEditing(page, name);
    await expect(liste(page)).toHaveText([`${SCHULE_C.label}: Lehrkraft`]);
    await expectNoAxeViolations(page, "Schulzuordnungen bearbeiten");

    await press(page, "Schulzuordnung hinzufügen");
    await expect(page.getByRole("heading", { level: 2, name: "Schulzuordnung hinzufügen" })).toBeVisible();
    await chooseSchuleC(page);
    // With JavaScript the choice narrows the roles in place and the focus stays in the select (WCAG 3.2.2).
    if (isJavaScriptProject()) await expect(page.getByRole("combobox", { name: /Organisation/ })).toBeFocused();
    // The person's own role at that school is not offered again.
    await expect(page.getByRole("combobox", { name: /^Rolle/ }).locator("option", { hasText: /^Lehrkraft$/ })).toHaveCount(0);
    await chooseRolle(page, "Vertretungslehrkraft");
    // A role with mandatory Befristung: the school year's end is preselected, "unbefristet" is not selectable.
    await expect(befristungGroup(page).getByRole("radio", { name: /Schuljahresende/ })).toBeChecked();
    await expect(befristungGroup(page).getByRole("radio", { name: /Unbefristet/ })).toBeDisabled();
    await expectNoAxeViolations(page, "Schulzuordnung hinzufügen");
    // Another role brings its own default: the school year's end does not stay behind on a role without the duty.
    await chooseRolle(page, "Ev./Kat. Religionslehrkraft");
    await expect(befristungGroup(page).getByRole("radio", { name: /Unbefristet/ })).toBeChecked();
    await chooseRolle(page, "Vertretungslehrkraft");
    await expect(befristungGroup(page).getByRole("radio", { name: /Schuljahresende/ })).toBeChecked();

    await befristungGroup(page).getByRole("radio", { name: "Bis zu einem bestimmten Datum" }).check();
    await page.getByRole("textbox", { name: "Letzter Tag der Zuordnung" }).fill("01.01.2020");
    await press(page, "Zuordnung vormerken");
    await expect(page.getByText("muss in der Zukunft liegen", { exact: false })).toBeVisible();
    await expectNoAxeViolations(page, "Schulzuordnung hinzufügen mit Fehler");

    const year = new Date().getFullYear() + 1;
    await page.getByRole("textbox", { name: "Letzter Tag der Zuordnung" }).fill(`30.06.${year}`);
    await press(page, "Zuordnung vormerken");
    await expect(vorgemerkt(page)).toBeVisible();
    await expect(liste(page).filter({ hasText: "wird hinzugefügt" })).toHaveText([
      `${SCHULE_C.label}: Vertretungslehrkraft, befristet bis 30.06.${year} (wird hinzugefügt)`,
    ]);
    await expectNoAxeViolations(page, "Vorgemerkte Zuordnung");
    if (isJavaScriptProject()) {
      // Leaving with staged changes asks first; staying keeps them.
      await page.getByRole("link", { name: "Zurück zur Person" }).click();
      const warning = page.getByRole("dialog", { name: "Ungespeicherte Änderungen" });
      await expect(warning.getByRole("heading", { name: "Ungespeicherte Änderungen" })).toBeVisible();
      await warning.getByRole("button", { name: "Auf der Seite bleiben" }).click();
      await expect(vorgemerkt(page)).toBeVisible();
    }

    await press(page, "Änderungen speichern");
    await expect(page.getByRole("status").filter({ hasText: "wurden gespeichert" })).toBeVisible();
    await expect(zuordnungenAufDetails(page)).toHaveText([
      `${SCHULE_C.label}: Lehrkraft`,
      `${SCHULE_C.label}: Vertretungslehrkraft, befristet bis 30.06.${year}`,
    ]);
  });

  test(
    "der Schuladmin fügt einer Schülerin eine weitere Schülerrolle hinzu; ihre Klasse an der Schule ist vorausgewählt",
    nurOhneJavaScript(
      "Suche, Eingrenzen an Ort und Stelle, Fokus nach der Antwort, Vormerken und Speichern gehen mit JavaScript denselben Weg wie beim Hinzufügen einer befristeten Zuordnung; die Schülerrollen und die vorausgewählte Klasse (eine Auswahl ohne eigene Bedienung) zeichnet der Server.",
    ),
    async ({ page, loggedInAs }) => {
      const { schuelerNeu } = personen();
      await loggedInAs("schuladminbc", { target: detailsPath(schuelerNeu) });
      const name = (await heading(page, /^Benutzer: /).textContent())!.replace("Benutzer: ", "");
      await openEditing(page, name);
      await press(page, "Schulzuordnung hinzufügen");
      await chooseSchuleC(page);
      // Only roles of the person's kind (pupil roles) are offered.
      await expect(page.getByRole("combobox", { name: /^Rolle/ }).locator("option", { hasText: "Lehrkraft" })).toHaveCount(0);
      await chooseRolle(page, "Webuntis-Schüler");
      const klasse = page.getByRole("combobox", { name: /^Klasse/ });
      await expect(klasse.locator("option:checked")).toHaveText(klassen().neu);
      await expectNoAxeViolations(page, "Schülerrolle hinzufügen");
      await press(page, "Zuordnung vormerken");
      await expect(liste(page).filter({ hasText: "Webuntis-Schüler" })).toContainText(`Klasse ${klassen().neu}`);
      await press(page, "Änderungen speichern");
      await expect(page.getByRole("status").filter({ hasText: "wurden gespeichert" })).toBeVisible();
      await expect(zuordnungenAufDetails(page)).toContainText([`${SCHULE_C.label}: Webuntis-Schüler, Klasse ${klassen().neu}`]);
    },
  );

  test(
    "eigene Zuordnungen kann niemand selbst entfernen",
    nurOhneJavaScript(
      "Die Ablehnung ist die Antwort des Servers auf „Ausgewählte entfernen“; denselben Weg mit JavaScript (ankreuzen, Knopf, Meldung) geht die Reise zur letzten Zuordnung.",
    ),
    async ({ page, loggedInAs }) => {
      await loggedInAs("schuladminbc", { target: detailsPath("schuladminbc") });
      const name = (await heading(page, /^Benutzer: /).textContent())!.replace("Benutzer: ", "");
      await openEditing(page, name);
      await liste(page).getByRole("checkbox").first().check();
      await press(page, "Ausgewählte entfernen");
      await expect(page.getByRole("alert").filter({ hasText: "Ihre eigenen Schulzuordnungen können Sie nicht entfernen" })).toBeVisible();
      await expect(vorgemerkt(page)).toHaveCount(0);
      await expectNoAxeViolations(page, "Eigene Zuordnung entfernen abgelehnt");

      // The staged changes come back from the browser: a hand-made removal of her own assignment is refused at the save.
      const own = await liste(page).getByRole("checkbox").first().getAttribute("value");
      const [organisationId, rolleId] = (own ?? "").split("/");
      const stand = await page.locator('input[name="stand"]').getAttribute("value");
      const response = await page.request.post(`${detailsPath("schuladminbc")}/zuordnungen`, {
        form: { intent: "speichern", stand: stand ?? "", aenderungen: JSON.stringify([{ art: "weg", organisationId, rolleId }]) },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(400);
      expect(await response.text()).toContain("Ihre eigenen Schulzuordnungen können Sie nicht entfernen");
      const lines = await liste(page).count();
      await page.goto(detailsPath("schuladminbc"));
      await expect(zuordnungenAufDetails(page)).toHaveCount(lines);
    },
  );

  test("wer die letzte Zuordnung entfernt, wird vor dem Speichern gewarnt", async ({ page, loggedInAs }) => {
    const { letzte } = personen();
    await loggedInAs("landesadmin", { target: detailsPath(letzte) });
    const name = (await heading(page, /^Benutzer: /).textContent())!.replace("Benutzer: ", "");
    await openEditing(page, name);
    await press(page, "Ausgewählte entfernen");
    await expect(page.getByRole("alert").filter({ hasText: "mindestens eine Schulzuordnung" })).toBeVisible();

    await liste(page).getByRole("checkbox").check();
    await press(page, "Ausgewählte entfernen");
    await expect(liste(page)).toHaveText([`${SCHULE_C.label}: Lehrkraft (wird entfernt)`]);
    await expect(vorgemerkt(page)).toContainText("letzte Schulzuordnung");
    await expectNoAxeViolations(page, "Letzte Zuordnung entfernen");
    await press(page, "Änderungen speichern");
    await expect(page.getByRole("status").filter({ hasText: "wurden gespeichert" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Schulzuordnungen" })).toContainText("Keine Schulzuordnungen vorhanden.");
  });

  test(
    "der Schuladmin versetzt einen Schüler in eine andere Klasse",
    nurOhneJavaScript(
      "Das Unterformular prüft nur der Server; Knopf, Antwort, Vormerken und Speichern gehen mit JavaScript denselben Weg wie beim Hinzufügen einer befristeten Zuordnung.",
    ),
    async ({ page, loggedInAs }) => {
      const { schueler } = personen();
      const { alt, neu } = klassen();
      await loggedInAs("schuladminbc", { target: detailsPath(schueler) });
      const name = (await heading(page, /^Benutzer: /).textContent())!.replace("Benutzer: ", "");
      await openEditing(page, name);
      await liste(page).getByRole("checkbox").check();
      await press(page, "In andere Klasse versetzen");
      await expect(page.getByText(`Bisherige Klasse: ${alt}.`)).toBeVisible();
      await expectNoAxeViolations(page, "In andere Klasse versetzen");
      await press(page, "Versetzung vormerken");
      await expect(page.getByText("Bitte wählen Sie die neue Klasse aus.")).toBeVisible();
      await page.getByRole("combobox", { name: /Neue Klasse/ }).selectOption({ label: neu });
      await press(page, "Versetzung vormerken");
      await expect(liste(page)).toHaveText([
        `${SCHULE_C.label}: itslearning-Schüler, Klasse ${alt} (wird entfernt), Klasse ${neu} (wird hinzugefügt)`,
      ]);
      await press(page, "Änderungen speichern");
      await expect(page.getByRole("status").filter({ hasText: "wurden gespeichert" })).toBeVisible();
      await expect(zuordnungenAufDetails(page)).toHaveText([`${SCHULE_C.label}: itslearning-Schüler, Klasse ${neu}`]);
    },
  );

  test("die Befristung einer Vertretungslehrkraft wird geändert: heute, Vergangenheit und „unbefristet“ sind nicht möglich", async ({
    page,
    loggedInAs,
  }) => {
    const { befristet } = personen();
    await loggedInAs("landesadmin", { target: detailsPath(befristet) });
    const name = (await heading(page, /^Benutzer: /).textContent())!.replace("Benutzer: ", "");
    await openEditing(page, name);
    await liste(page).getByRole("checkbox").check();
    await press(page, "Befristung ändern");
    await expect(befristungGroup(page).getByRole("radio", { name: /Unbefristet/ })).toBeDisabled();
    // The stored date is prefilled.
    await expect(page.getByRole("textbox", { name: "Letzter Tag der Zuordnung" })).toHaveValue(/^\d\d\.\d\d\.\d{4}$/);
    // Today is not in the future: with JavaScript the field says so when it is left, and "vormerken" is refused.
    const datum = page.getByRole("textbox", { name: "Letzter Tag der Zuordnung" });
    const heute = new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", day: "2-digit", month: "2-digit", year: "numeric" }).format(
      new Date(),
    );
    const zukunft = page.getByText("muss in der Zukunft liegen", { exact: false });
    if (isJavaScriptProject()) {
      // The check arrives when the form is first used; leaving the field again once it is there shows the message.
      await expect(async () => {
        await datum.fill(heute);
        await datum.press("Tab");
        await expect(zukunft).toBeVisible({ timeout: 500 });
      }).toPass();
    } else {
      await datum.fill(heute);
    }
    await press(page, "Befristung vormerken");
    await expect(zukunft).toBeVisible();
    await datum.fill("31.12.2019");
    await press(page, "Befristung vormerken");
    await expect(zukunft).toBeVisible();
    await expectNoAxeViolations(page, "Befristung ändern mit Fehler");

    // Without JavaScript the date is emptied by hand; with it, choosing another option empties it.
    if (!isJavaScriptProject()) await page.getByRole("textbox", { name: "Letzter Tag der Zuordnung" }).fill("");
    await befristungGroup(page)
      .getByRole("radio", { name: /Schuljahresende/ })
      .check();
    await expect(page.getByRole("textbox", { name: "Letzter Tag der Zuordnung" })).toHaveValue("");
    await press(page, "Befristung vormerken");
    await expect(liste(page).filter({ hasText: "wird entfernt" })).toHaveCount(1);
    await expect(liste(page).filter({ hasText: "wird hinzugefügt" })).toContainText(", befristet bis 31.07.");
    await press(page, "Änderungen speichern");
    await expect(page.getByRole("status").filter({ hasText: "wurden gespeichert" })).toBeVisible();
    await expect(zuordnungenAufDetails(page)).toContainText([/Vertretungslehrkraft, befristet bis 31\.07\.\d{4}/]);
  });

  test("ein veralteter Stand beim Speichern meldet den Konflikt; die vorgemerkte Änderung bleibt und lässt sich speichern", async ({
    page,
    loggedInAs,
  }) => {
    const { konflikt } = personen();
    await loggedInAs("landesadmin", { target: detailsPath(konflikt) });
    const name = (await heading(page, /^Benutzer: /).textContent())!.replace("Benutzer: ", "");
    await openEditing(page, name);
    await press(page, "Schulzuordnung hinzufügen");
    await chooseSchuleC(page);
    await chooseRolle(page, "Ev./Kat. Religionslehrkraft");
    await press(page, "Zuordnung vormerken");
    await expect(vorgemerkt(page)).toBeVisible();

    // Meanwhile someone else changes the person's assignments in another tab.
    const other = await page.context().newPage();
    await other.goto(`${detailsPath(konflikt)}/zuordnungen`);
    await other
      .getByRole("group", { name: /Schulzuordnungen/ })
      .getByRole("checkbox")
      .first()
      .check();
    await other.getByRole("button", { name: "Befristung ändern", exact: true }).click();
    await other.getByRole("radio", { name: /Schuljahresende/ }).check();
    await other.getByRole("button", { name: "Befristung vormerken", exact: true }).click();
    await other.getByRole("button", { name: "Änderungen speichern", exact: true }).click();
    await expect(other.getByRole("status").filter({ hasText: "wurden gespeichert" })).toBeVisible();
    await other.close();

    await press(page, "Änderungen speichern");
    await expect(page.getByRole("alert").filter({ hasText: "Daten wurden geändert" })).toBeVisible();
    // The reloaded set (with the other change) and the staged addition, still there.
    await expect(liste(page).filter({ hasText: "Religionslehrkraft" })).toContainText("wird hinzugefügt");
    await expect(liste(page).filter({ hasText: /Lehrkraft, befristet bis 31\.07\./ })).toHaveCount(1);
    await expectNoAxeViolations(page, "Konflikt beim Speichern");
    await press(page, "Änderungen speichern");
    await expect(page.getByRole("status").filter({ hasText: "wurden gespeichert" })).toBeVisible();
    await expect(zuordnungenAufDetails(page)).toContainText([`${SCHULE_C.label}: Ev./Kat. Religionslehrkraft`]);
  });

  test(
    "eine Rolle mit KoPers-Pflicht verlangt die KoPers-Nummer, wenn die Person keine hat",
    nurOhneJavaScript(
      "Die KoPers-Pflicht prüft nur der Server, und ihr Feld kommt mit dem Eingrenzen, das mit JavaScript die Reise zur befristeten Zuordnung zeigt.",
    ),
    async ({ page, loggedInAs }) => {
      const { ohneKopers } = personen();
      await loggedInAs("landesadmin", { target: detailsPath(ohneKopers) });
      const name = (await heading(page, /^Benutzer: /).textContent())!.replace("Benutzer: ", "");
      await openEditing(page, name);
      await press(page, "Schulzuordnung hinzufügen");
      await chooseSchuleC(page);
      await chooseRolle(page, "Lehrkraft");
      const kopers = page.getByRole("textbox", { name: "KoPers-Nr. der Person" });
      await expect(kopers).toBeVisible();
      await expect(page.getByText("acht Wochen nach der Zuordnung gesperrt")).toBeVisible();
      await press(page, "Zuordnung vormerken");
      await expect(page.getByText("Bitte geben Sie die KoPers-Nummer ein oder bestätigen Sie, dass keine vorhanden ist.")).toBeVisible();
      await expectNoAxeViolations(page, "KoPers-Nummer fehlt");
      const nummer = test.info().project.name === "ohne-js" ? "4712391" : "4712392";
      await page.getByRole("textbox", { name: "KoPers-Nr. der Person" }).fill(nummer);
      await press(page, "Zuordnung vormerken");
      await press(page, "Änderungen speichern");
      await expect(page.getByRole("status").filter({ hasText: "wurden gespeichert" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Persönliche Daten" })).toContainText(nummer);
    },
  );
});
