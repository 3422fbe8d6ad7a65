import { readFile } from "node:fs/promises";
import type { Browser, Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { createKlasseDirectly, DEMO_IDS, isJavaScriptProject, SCHULE_A, SCHULE_B, uniqueToken, waitForHydration } from "./support/klassen";
import { escapeRegExp, submitPasswordForm } from "./support/login";
import { createPersonDirectly, deletePersonDirectly, uniqueFamilienname, type AngelegtePerson } from "./support/mehrfach-personen";
import { GRUND, nurOhneJavaScript } from "./support/modus";

/**
 * Bulk actions on the person list (issue 13): resetting the passwords of a class, moving pupils to another class,
 * and the preconditions the confirmation page checks. Every journey creates its own class and persons (names with a
 * token of their own), so both projects run on one database without meeting each other's data. The names start
 * with "Z": in the lists of school A they sort after the demo persons and classes other journeys look for on page 1.
 */

const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });
const filterForm = (page: Page) => page.getByRole("search", { name: "Benutzer filtern" });
const table = (page: Page) => page.getByRole("table", { name: "Benutzer" });
const nameLinks = (page: Page) => table(page).locator("tbody").getByRole("link");
const leiste = (page: Page) => page.getByRole("group", { name: "Mehrfachbearbeitung" });
const problem = (page: Page) => page.getByText("Diese Aktion ist so nicht möglich");

type Filter = "Organisation" | "Klasse";

/**
 * Chooses an option of a list filter as a user does: without JavaScript the filter's own search narrows its checkbox
 * list and the box is ticked; with JavaScript the combobox (it takes over when the field is clicked) is typed into.
 */
async function choose(page: Page, filter: Filter, typed: string, option: string) {
  await waitForHydration(page);
  if (isJavaScriptProject()) {
    await filterForm(page).getByRole("textbox", { name: filter, exact: true }).click();
    const combobox = filterForm(page).getByRole("combobox", { name: filter, exact: true });
    await combobox.fill(typed);
    await page.getByRole("option", { name: option, exact: true }).click();
    await combobox.press("Escape");
    await expect(filterForm(page).getByRole("list", { name: `${filter}: ausgewählt` })).toContainText(option);
  } else {
    const group = filterForm(page).getByRole("group", { name: filter, exact: true });
    await group.getByRole("searchbox", { name: `${filter} durchsuchen` }).fill(typed);
    await group.getByRole("button", { name: `Suchen: ${filter}` }).click();
    await filterForm(page).getByRole("group", { name: filter, exact: true }).getByRole("checkbox", { name: option }).check();
  }
}

async function apply(page: Page) {
  await filterForm(page).getByRole("button", { name: "Anwenden" }).click();
}

async function search(page: Page, text: string) {
  await waitForHydration(page);
  await filterForm(page).getByRole("searchbox", { name: "Suche", exact: true }).fill(text);
}

/** Ticks the persons' boxes in the list (their names as the boxes' labels say them). */
async function tick(page: Page, personen: AngelegtePerson[]) {
  await waitForHydration(page);
  for (const person of personen)
    await table(page)
      .getByRole("checkbox", { name: `${person.name} auswählen` })
      .check();
}

/** The bulk bar: an action, for whom, and on to the confirmation. */
async function weiterZurBestaetigung(page: Page, aktion: string, umfang: "auswahl" | "alle") {
  const bar = leiste(page);
  await bar.getByRole("combobox", { name: "Aktion" }).selectOption({ label: aktion });
  const fuerWen = bar.getByRole("group", { name: "Für wen" });
  if (umfang === "alle") await fuerWen.getByRole("radio", { name: /Personen?, die der Filter findet$/ }).check();
  else await fuerWen.getByRole("radio", { name: /^Die .*ausgewählten? Person/ }).check();
  await bar.getByRole("button", { name: "Weiter zur Bestätigung" }).click();
  await expect(page).toHaveURL(/\/admin\/personen\/mehrfach\?/);
  await expect(heading(page, aktion)).toBeVisible();
}

/** The run's page: the progress, then the result; its heading ends the wait. */
async function ergebnis(page: Page, anzahl: number) {
  await expect(page.getByRole("heading", { level: 2, name: "Ergebnis" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Fertig: ${anzahl} von ${anzahl} bearbeitet.`)).toBeVisible();
  // The progress ends at its end: no step before it ("0 von 3 bearbeitet") and no warning not to leave stay in view.
  await expect(page.getByRole("progressbar", { name: "Fortschritt" })).toHaveAttribute("value", String(anzahl));
  await expect(page.getByText("Bitte schließen Sie diese Seite nicht").filter({ visible: true })).toHaveCount(0);
  await expect(page.getByText(/^\d+ von \d+ bearbeitet$/).filter({ visible: true })).toHaveCount(0);
}

const resultStatus = (page: Page) => page.getByRole("region", { name: "Ergebnis" }).getByRole("status");

/** Three pupils of one fresh class of `schuleId`, created as the logged-in administrator. */
async function klasseMitSchuelern(
  page: Page,
  { schuleId, stamm, eingeschraenkt }: { schuleId: string; stamm: string; eingeschraenkt: boolean },
) {
  const token = uniqueToken();
  const klasseName = `${stamm} ${token}`;
  const klasseId = await createKlasseDirectly(page, schuleId, klasseName);
  const familienname = uniqueFamilienname(stamm, token);
  const schueler: AngelegtePerson[] = [];
  for (const vorname of ["Ada", "Bent", "Cora"]) {
    schueler.push(await createPersonDirectly(page, { vorname, familienname, schuleId, klasseId }, { eingeschraenkt }));
  }
  return { token, klasseName, klasseId, familienname, schueler };
}

/** Presses a download button of the result page and reads the file: its name and lines (after the UTF-8 mark). */
async function herunterladen(page: Page, button: Locator) {
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  const inhalt = await readFile((await download.path())!, "utf8");
  expect(inhalt.startsWith("\uFEFF"), "Die Datei beginnt mit der UTF-8-Markierung").toBe(true);
  return { name: download.suggestedFilename(), zeilen: inhalt.slice(1).split("\r\n").filter(Boolean) };
}

/** Logs in as a person in a context of its own and returns the page of its first step after the password. */
async function anmeldenAls(browser: Browser, baseURL: string, username: string, password: string) {
  const context = await browser.newContext({ baseURL, locale: "de-DE", javaScriptEnabled: isJavaScriptProject() });
  const page = await context.newPage();
  await page.goto("/start");
  await expect(page).toHaveURL(/\/api\/auth\/idp\/login/);
  await submitPasswordForm(page, username, password);
  return { context, page };
}

test.describe("Mehrfachbearbeitung: Passwörter und Klassen", () => {
  // Several persons are created and changed one by one, and every state gets an axe scan.
  test.beforeEach(() => test.slow());

  test("der Schuladmin setzt die Passwörter einer Klasse zurück, lädt die Datei herunter und ein Schüler meldet sich damit an", async ({
    page,
    loggedInAs,
    browser,
    baseURL,
  }) => {
    await loggedInAs("schuladmin", { target: "/admin/personen" });
    const { klasseName, familienname, schueler } = await klasseMitSchuelern(page, {
      schuleId: SCHULE_A.id,
      stamm: "Zpw",
      eingeschraenkt: true,
    });

    // The list of the new class: the school is the administrator's own, the class is chosen in the filter.
    await page.reload();
    await choose(page, "Klasse", klasseName, klasseName);
    await apply(page);
    await expect(page).toHaveURL(/klasse=[0-9a-f-]{36}/);
    await expect(nameLinks(page)).toHaveText([familienname, familienname, familienname]);
    await tick(page, schueler);
    await weiterZurBestaetigung(page, "Passwörter zurücksetzen", "auswahl");

    await expect(page.getByText(`Die Aktion betrifft 3 Personen an der Schule ${SCHULE_A.label}.`)).toBeVisible();
    await expect(problem(page)).toHaveCount(0);
    await page.getByText("Alle 3 betroffenen Personen anzeigen").click();
    for (const person of schueler) await expect(page.getByRole("main")).toContainText(person.name);
    await expect(page.getByText("Die bisherigen Passwörter gelten danach nicht mehr.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Abbrechen" })).toBeVisible();
    await expectNoAxeViolations(page, "Bestätigung: Passwörter zurücksetzen");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Passwörter jetzt zurücksetzen" }).click();

    await ergebnis(page, 3);
    await expect(resultStatus(page)).toContainText("Die Passwörter von 3 Personen wurden zurückgesetzt.");
    await expect(page.getByText("Neue Passwörter herunterladen", { exact: true })).toBeVisible();
    // With JavaScript the focus moves to the result once it is there.
    if (isJavaScriptProject()) await expect(page.getByRole("heading", { level: 2, name: "Ergebnis" })).toBeFocused();
    // The run's page stands in the portal's frame like every page: account links, admin navigation, footer.
    await expect(page.getByRole("navigation", { name: "Benutzerkonto" }).getByRole("link", { name: "Abmelden" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Alle Benutzer" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expectNoAxeViolations(page, "Ergebnis: Passwörter zurückgesetzt");

    if (isJavaScriptProject()) {
      // Leaving before the file is saved asks first; "Abbrechen" in the question keeps the page.
      const fragen: string[] = [];
      page.once("dialog", (dialog) => {
        fragen.push(dialog.message());
        void dialog.dismiss();
      });
      await page.getByRole("link", { name: "Zurück zur Personenliste" }).click();
      await expect.poll(() => fragen).toEqual([expect.stringContaining("Haben Sie die Datei mit den neuen Passwörtern gespeichert?")]);
      await expect(page.getByRole("heading", { level: 2, name: "Ergebnis" })).toBeVisible();
    }

    const { name, zeilen } = await herunterladen(page, page.getByRole("button", { name: "Benutzerdaten herunterladen" }));
    expect(name).toBe("PW_0710001.txt");
    expect(zeilen[0]).toBe("Klasse;Nachname;Vorname;Benutzername;Passwort");
    expect(zeilen).toHaveLength(4);
    const eintraege = zeilen.slice(1).map((zeile) => zeile.split(";"));
    expect(eintraege.map(([klasse, nachname, vorname]) => [klasse, nachname, vorname])).toEqual(
      schueler.map((person) => [klasseName, familienname, person.vorname]),
    );
    for (const [, , , benutzername, passwort] of eintraege) {
      expect(benutzername).toMatch(/^[a-z][a-z0-9.-]*$/);
      expect(passwort.length).toBeGreaterThanOrEqual(8);
    }
    // The file is the only place of the passwords: never in the page's address.
    expect(page.url()).not.toContain(eintraege[0][4]);

    // Once the file is saved, the way back asks nothing.
    await page.getByRole("link", { name: "Zurück zur Personenliste" }).click();
    await expect(heading(page, "Alle Benutzer")).toBeVisible();
    await expect(page).toHaveURL(/klasse=[0-9a-f-]{36}/);

    // Ada logs in with the temporary password: the login asks her for a password of her own.
    const [, , , benutzername, passwort] = eintraege[0];
    const anmeldung = await anmeldenAls(browser, baseURL!, benutzername, passwort);
    try {
      await expect(anmeldung.page).toHaveURL(/\/api\/auth\/idp\/passwort-neu/);
      await expect(heading(anmeldung.page, "Neues Passwort festlegen")).toBeVisible();
      const neu = `Ada-${isJavaScriptProject() ? "mit" : "ohne"}-Passwort-2026`;
      await anmeldung.page.getByLabel("Neues Passwort", { exact: true }).fill(neu);
      await anmeldung.page.getByLabel("Neues Passwort wiederholen").fill(neu);
      await anmeldung.page.getByRole("button", { name: "Passwort speichern" }).click();
      await expect(anmeldung.page).toHaveURL(/\/start$/);
      await expect(anmeldung.page.getByRole("navigation", { name: "Benutzerkonto" })).toContainText(`Angemeldet als Ada ${familienname}`);
    } finally {
      await anmeldung.context.close();
    }
  });

  test(
    "der Schuladmin versetzt alle Schülerinnen und Schüler einer Klasse in eine andere Klasse",
    nurOhneJavaScript(GRUND.mehrfachServer),
    async ({ page, loggedInAs }) => {
      await loggedInAs("schuladmin", { target: "/admin/personen" });
      const { token, klasseName, familienname, schueler } = await klasseMitSchuelern(page, {
        schuleId: SCHULE_A.id,
        stamm: "Zkv",
        eingeschraenkt: true,
      });
      const neueKlasse = `Zkw ${token}`;
      await createKlasseDirectly(page, SCHULE_A.id, neueKlasse);

      await page.reload();
      await choose(page, "Klasse", klasseName, klasseName);
      await apply(page);
      await expect(nameLinks(page)).toHaveText([familienname, familienname, familienname]);
      await waitForHydration(page);
      await weiterZurBestaetigung(page, "Schülerinnen und Schüler in eine andere Klasse versetzen", "alle");

      await expect(page.getByText(`Die Aktion betrifft 3 Personen an der Schule ${SCHULE_A.label}.`)).toBeVisible();
      await expect(problem(page)).toHaveCount(0);
      const klasseWahl = page.getByRole("combobox", { name: /^Neue Klasse/ });
      await expect(klasseWahl).toBeVisible();
      await expectNoAxeViolations(page, "Bestätigung: in eine andere Klasse versetzen");
      await waitForHydration(page);
      await klasseWahl.selectOption({ label: neueKlasse });
      await page.getByRole("button", { name: "Jetzt versetzen" }).click();

      await ergebnis(page, 3);
      await expect(resultStatus(page)).toContainText("3 Schülerinnen und Schüler wurden versetzt.");
      if (isJavaScriptProject()) await expect(page.getByRole("heading", { level: 2, name: "Ergebnis" })).toBeFocused();
      await expectNoAxeViolations(page, "Ergebnis: versetzt");

      // The list of the old class is empty now; the new class has all three.
      await page.getByRole("link", { name: "Zurück zur Personenliste" }).click();
      await expect(heading(page, "Alle Benutzer")).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "Keine Benutzer gefunden." })).toBeVisible();
      await filterForm(page).getByRole("link", { name: "Filter zurücksetzen" }).click();
      await expect(page).toHaveURL(/\/admin\/personen$/);
      await choose(page, "Klasse", neueKlasse, neueKlasse);
      await apply(page);
      await expect(nameLinks(page)).toHaveText([familienname, familienname, familienname]);
      for (const person of schueler) {
        await expect(table(page).getByRole("row", { name: new RegExp(person.vorname) })).toContainText(neueKlasse);
      }
    },
  );

  test(
    "die Bestätigung erklärt, warum eine Aktion so nicht geht: eine Lehrkraft beim Versetzen, keine oder zwei Schulen im Filter",
    nurOhneJavaScript(GRUND.mehrfachServer),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: "/admin/personen" });
      const token = uniqueToken();
      const familienname = uniqueFamilienname("Zgw", token);
      const klasseId = await createKlasseDirectly(page, SCHULE_A.id, `Zgw ${token}`);
      for (const vorname of ["Ella", "Finn"]) await createPersonDirectly(page, { vorname, familienname, schuleId: SCHULE_A.id, klasseId });
      const lehrkraft = await createPersonDirectly(page, {
        vorname: "Gesa",
        familienname,
        schuleId: SCHULE_A.id,
        rolleId: DEMO_IDS.rolleLehrkraft,
      });

      // School A and the shared last name: two pupils and a teacher.
      await page.reload();
      await choose(page, "Organisation", "Deich", SCHULE_A.label);
      await search(page, familienname);
      await apply(page);
      await expect(nameLinks(page)).toHaveText([familienname, familienname, familienname]);
      await waitForHydration(page);
      await weiterZurBestaetigung(page, "Schülerinnen und Schüler in eine andere Klasse versetzen", "alle");
      await expect(problem(page)).toBeVisible();
      await expect(page.getByRole("main")).toContainText(
        `Nur Schülerinnen und Schüler können in eine andere Klasse versetzt werden. Diese Person hat auch andere Rollen: ${lehrkraft.name}.`,
      );
      await expect(page.getByRole("button", { name: "Jetzt versetzen" })).toHaveCount(0);
      await expect(page.getByRole("combobox", { name: /^Neue Klasse/ })).toHaveCount(0);
      await expectNoAxeViolations(page, "Bestätigung mit Lehrkraft");

      // Back to the list as it was; a second school in the filter.
      await page.getByRole("link", { name: "Zurück zur Personenliste" }).click();
      await expect(heading(page, "Alle Benutzer")).toBeVisible();
      await expect(nameLinks(page)).toHaveText([familienname, familienname, familienname]);
      await choose(page, "Organisation", "Lindenweg", SCHULE_B.label);
      await apply(page);
      await expect(page).toHaveURL(new RegExp(`organisation=${SCHULE_B.id}`));
      await expect(page).toHaveURL(new RegExp(`organisation=${SCHULE_A.id}`));
      await waitForHydration(page);
      await weiterZurBestaetigung(page, "Passwörter zurücksetzen", "alle");
      await expect(problem(page)).toBeVisible();
      await expect(page.getByRole("main")).toContainText("Diese Aktion braucht genau eine Schule im Filter der Personenliste.");
      await expect(page.getByRole("button", { name: "Passwörter jetzt zurücksetzen" })).toHaveCount(0);

      // No school at all: the same explanation.
      await page.getByRole("link", { name: "Zurück zur Personenliste" }).click();
      await expect(heading(page, "Alle Benutzer")).toBeVisible();
      await filterForm(page).getByRole("link", { name: "Filter zurücksetzen" }).click();
      await expect(page).toHaveURL(/\/admin\/personen$/);
      await search(page, familienname);
      await apply(page);
      await expect(nameLinks(page)).toHaveText([familienname, familienname, familienname]);
      await waitForHydration(page);
      await weiterZurBestaetigung(page, "Passwörter zurücksetzen", "alle");
      await expect(page.getByRole("main")).toContainText("Diese Aktion braucht genau eine Schule im Filter der Personenliste.");
      await expect(page.getByRole("button", { name: "Passwörter jetzt zurücksetzen" })).toHaveCount(0);
      await expectNoAxeViolations(page, "Bestätigung ohne Schule");
    },
  );

  test(
    "der Schuladmin braucht keinen Schulfilter: seine Schule ist fest eingestellt",
    nurOhneJavaScript(
      "Die feste Schule und die Bestätigung zeichnet der Server; die Leiste mit JavaScript auf der ungefilterten Liste des Schuladmins prüft mehrfach-rollen-schule-loeschen.spec.ts („gleich auf der ersten Seite der Liste“).",
    ),
    async ({ page, loggedInAs }) => {
      // The list as it opens: no filter applied, the school shown as fixed.
      await loggedInAs("schuladmin", { target: "/admin/personen" });
      await expect(filterForm(page)).toContainText(`Organisation: ${SCHULE_A.label}`);
      await waitForHydration(page);
      await weiterZurBestaetigung(page, "Passwörter zurücksetzen", "alle");
      await expect(
        page.getByText(new RegExp(`^Die Aktion betrifft \\d+ Personen an der Schule ${escapeRegExp(SCHULE_A.label)}\\.$`)),
      ).toBeVisible();
      await expect(problem(page)).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Passwörter jetzt zurücksetzen" })).toBeVisible();
      // Nothing is run: "Abbrechen" leads back to the list.
      await page.getByRole("link", { name: "Abbrechen" }).click();
      await expect(heading(page, "Alle Benutzer")).toBeVisible();
    },
  );

  test(
    "eine inzwischen gelöschte Person steht mit Namen und Grund im Ergebnis, die anderen werden bearbeitet",
    nurOhneJavaScript(
      "Filter, Auswahl, Leiste, Bestätigung und Lauf gehen mit JavaScript denselben Weg wie in „setzt die Passwörter einer Klasse zurück“ (die Auswahllisten für Schule und Klasse prüft personen-liste.spec.ts; „Abbrechen“ ist ein Link mit der Auswahl in der Adresse), die Fehlerliste als Datei aus der Seite die Reise zur Lehrrolle für Schülerinnen; die gelöschte Person, das Ergebnis und die Aufzeichnung des Laufs zeichnet der Server.",
    ),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: "/admin/personen" });
      const { klasseName, familienname, schueler } = await klasseMitSchuelern(page, {
        schuleId: SCHULE_A.id,
        stamm: "Zgl",
        eingeschraenkt: false,
      });

      await page.reload();
      await choose(page, "Organisation", "Deich", SCHULE_A.label);
      await apply(page);
      await expect(page).toHaveURL(new RegExp(`organisation=${SCHULE_A.id}`));
      await choose(page, "Klasse", klasseName, klasseName);
      await apply(page);
      await expect(nameLinks(page)).toHaveText([familienname, familienname, familienname]);
      await tick(page, schueler);
      await weiterZurBestaetigung(page, "Passwörter zurücksetzen", "auswahl");
      await expect(page.getByText(`Die Aktion betrifft 3 Personen an der Schule ${SCHULE_A.label}.`)).toBeVisible();

      // "Abbrechen" goes back to the list with the ticks kept; from there on again.
      await page.getByRole("link", { name: "Abbrechen" }).click();
      await expect(heading(page, "Alle Benutzer")).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "3 Benutzer" })).toBeVisible();
      for (const person of schueler) await expect(table(page).getByRole("checkbox", { name: `${person.name} auswählen` })).toBeChecked();
      await waitForHydration(page);
      await weiterZurBestaetigung(page, "Passwörter zurücksetzen", "auswahl");
      await expect(page.getByText(`Die Aktion betrifft 3 Personen an der Schule ${SCHULE_A.label}.`)).toBeVisible();

      // Meanwhile Bent's account is deleted (by someone else, in another window).
      const [, geloescht] = schueler;
      const antwort = await deletePersonDirectly(page, geloescht.id);
      expect(antwort.status(), "Löschen der Person").toBeLessThan(400);

      await waitForHydration(page);
      await page.getByRole("button", { name: "Passwörter jetzt zurücksetzen" }).click();
      await ergebnis(page, 3);
      await expect(resultStatus(page)).toContainText("Die Passwörter von 2 Personen wurden zurückgesetzt.");
      await expect(resultStatus(page)).toContainText("Bei einer Person ist ein Fehler aufgetreten; sie ist unten aufgeführt.");
      const fehler = page.getByRole("region", { name: "Diese Passwörter konnten nicht zurückgesetzt werden" });
      await expect(fehler.getByRole("listitem")).toHaveCount(1);
      await expect(fehler.getByRole("listitem")).toHaveText(new RegExp(`^${geloescht.name}: Eintrag nicht gefunden\\. `));
      await expectNoAxeViolations(page, "Ergebnis mit Fehler");

      // The file has the two others; the error list names Bent with the reason.
      const passwoerter = await herunterladen(page, page.getByRole("button", { name: "Benutzerdaten herunterladen" }));
      expect(passwoerter.zeilen.slice(1).map((zeile) => zeile.split(";")[2])).toEqual(["Ada", "Cora"]);
      const fehlerliste = await herunterladen(page, fehler.getByRole("button", { name: "Fehlerliste herunterladen" }));
      expect(fehlerliste.name).toMatch(/^Fehler-Mehrfachbearbeitung-\d{2}-\d{2}-\d{4}\.txt$/);
      expect(fehlerliste.zeilen).toContain("Vorname;Nachname;Benutzername;Fehlermeldung");
      // Of a deleted person only the name the confirmation showed is left: it stands in the Nachname column.
      expect(fehlerliste.zeilen.find((zeile) => zeile.includes(geloescht.name))).toMatch(
        new RegExp(`^;${geloescht.name};;Eintrag nicht gefunden\\. `),
      );

      // The run's record, kept by the portal, says the same afterwards (a run cut off midway would list who is open).
      await page.getByRole("link", { name: "Aufzeichnung dieses Laufs" }).click();
      await expect(heading(page, "Aufzeichnung einer Mehrfachaktion")).toBeVisible();
      await expect(page.getByText("Der Lauf ist vollständig durchgelaufen.")).toBeVisible();
      await expect(page.getByText("Erledigt: 2 · unverändert: 0 · mit Fehler: 1 · offen: 0")).toBeVisible();
      const personen = page.getByRole("table", { name: "Personen dieses Laufs" });
      await expect(personen.locator("tbody tr")).toHaveCount(3);
      await expect(personen.getByRole("row", { name: new RegExp(geloescht.name) })).toContainText("Fehler");
      await expect(page.getByRole("link", { name: /noch nicht bearbeitete/ })).toHaveCount(0);
      await expectNoAxeViolations(page, "Aufzeichnung eines Laufs");
    },
  );
});
