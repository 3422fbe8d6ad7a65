import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { isJavaScriptProject, SCHULE_A, SCHULE_B, waitForHydration } from "./support/klassen";
import {
  KLASSE_8B_SCHULE_A,
  legeTestpersonAn,
  legeTestpersonenAn,
  MEHRFACH_ROLLEN,
  testFamilienname,
  weiseRolleDirektZu,
  type Testperson,
} from "./support/mehrfach-testpersonen";
import { GRUND, nurOhneJavaScript } from "./support/modus";

/**
 * Bulk actions on the person list (issue 13): assigning and withdrawing a role, removing the school assignment and
 * deleting accounts, each from the list through the confirmation page to the streamed result. Every journey creates
 * persons of its own (a last name per project and run), so both projects can run on one database.
 */

const filterForm = (page: Page) => page.getByRole("search", { name: "Benutzer filtern" });
const table = (page: Page) => page.getByRole("table", { name: "Benutzer" });
const leiste = (page: Page) => page.getByRole("group", { name: "Mehrfachbearbeitung" });
const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });
const zuordnungenAufDetails = (page: Page) => page.getByRole("region", { name: "Schulzuordnungen" });
const betroffene = (page: Page) => page.getByRole("main").getByRole("listitem");
const ergebnis = (page: Page) => page.getByRole("region", { name: "Ergebnis" });

type Filter = "Organisation" | "Rolle";

/**
 * Chooses an option of an option filter: without JavaScript the filter's search narrows the checkbox list (the form
 * is sent) and the checkbox is ticked; with JavaScript the combobox is typed into and the option picked.
 */
async function choose(page: Page, filter: Filter, typed: string, option: string) {
  if (isJavaScriptProject()) {
    await waitForHydration(page);
    await filterForm(page).getByRole("textbox", { name: filter, exact: true }).click();
    const combobox = filterForm(page).getByRole("combobox", { name: filter, exact: true });
    await expect(combobox).toBeVisible();
    await combobox.fill(typed);
    await page.getByRole("option", { name: option }).click();
    await combobox.press("Escape");
    await expect(filterForm(page).getByRole("list", { name: `${filter}: ausgewählt` })).toContainText(option);
  } else {
    const group = filterForm(page).getByRole("group", { name: filter, exact: true });
    await group.getByRole("searchbox", { name: `${filter} durchsuchen` }).fill(typed);
    await group.getByRole("button", { name: `Suchen: ${filter}` }).click();
    await filterForm(page).getByRole("group", { name: filter, exact: true }).getByRole("checkbox", { name: option }).check();
  }
}

interface ListFilter {
  suche: string;
  schule?: { id: string; typed: string; label: string };
  rolle?: string;
}

/** Filters the list as a person would: the option filters, the search text, "Anwenden". */
async function filtere(page: Page, { suche, schule, rolle }: ListFilter) {
  await waitForHydration(page);
  if (schule) await choose(page, "Organisation", schule.typed, schule.label);
  if (rolle) await choose(page, "Rolle", rolle, rolle);
  await filterForm(page).getByRole("searchbox", { name: "Suche", exact: true }).fill(suche);
  const vorher = page.url();
  await filterForm(page).getByRole("button", { name: "Anwenden" }).click();
  // The new list, not the one before (which may have had the same search text).
  await expect.poll(() => page.url()).not.toBe(vorher);
  await expect(page).toHaveURL(new RegExp(`suche=${encodeURIComponent(suche)}`));
  if (schule) await expect(page).toHaveURL(new RegExp(`organisation=${schule.id}`));
  await expect(page).not.toHaveURL(/auswahl=/);
  await waitForHydration(page);
}

/** Ticks the persons' rows, chooses the action in the bulk bar and goes on to the confirmation. */
async function waehleUndWeiter(page: Page, personen: Array<Pick<Testperson, "name">>, aktion: string) {
  for (const person of personen) {
    const box = table(page).getByRole("checkbox", { name: `${person.name} auswählen` });
    await box.check();
    await expect(box).toBeChecked();
  }
  await leiste(page).getByRole("combobox", { name: "Aktion" }).selectOption({ label: aktion });
  await expect(leiste(page).getByRole("radio", { name: /ausgewählte/ })).toBeChecked();
  await leiste(page).getByRole("button", { name: "Weiter zur Bestätigung" }).click();
  await expect(page).toHaveURL(/\/admin\/personen\/mehrfach\?/);
  await expect(heading(page, aktion)).toBeVisible();
}

/** Runs the action from the confirmation page and waits for the streamed result. */
async function fuehreAus(page: Page, button: string) {
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Ergebnis" })).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState("load");
}

async function expectInListe(page: Page, namen: string[]) {
  if (namen.length === 0) {
    await expect(page.getByRole("status").filter({ hasText: "Keine Benutzer gefunden." })).toBeVisible();
    return;
  }
  await expect(table(page).locator("tbody tr")).toHaveCount(namen.length);
  for (const name of namen) await expect(table(page).getByRole("checkbox", { name: `${name} auswählen` })).toHaveCount(1);
}

const SCHULE_A_FILTER = { id: SCHULE_A.id, typed: "Deich", label: SCHULE_A.label };

test.describe("Mehrfachbearbeitung: Rollen, Schulzuordnung, Löschen", () => {
  // Several pages, a streamed run and axe scans per journey, on a machine shared by several test runs.
  test.beforeEach(() => test.slow());

  test("die Landesadministratorin gibt zwei Schülerinnen eine weitere Lernrolle; sie behalten ihre Klasse, die Rolle gilt auch dort", async ({
    page,
    loggedInAs,
  }) => {
    await loggedInAs("landesadmin", { target: "/admin/personen" });
    const familienname = testFamilienname("Zwebu");
    const klasse8b = KLASSE_8B_SCHULE_A.name;
    const [erste, zweite] = await legeTestpersonenAn(page, familienname, ["Ida", "Jule"], {
      organisation: SCHULE_A.id,
      rolle: MEHRFACH_ROLLEN.itslearningSchueler.id,
      klasse: KLASSE_8B_SCHULE_A.id,
    });

    await page.goto("/admin/personen");
    await filtere(page, { suche: familienname });
    await expectInListe(page, [erste.name, zweite.name]);
    await waehleUndWeiter(page, [erste, zweite], "Rolle zuweisen");
    await expect(page.getByRole("main")).toContainText("Die Aktion betrifft 2 Personen.");
    await expect(betroffene(page).filter({ hasText: familienname })).toHaveCount(2);
    // The roles come with the organisation.
    await expect(page.getByRole("combobox", { name: /^Rolle( \(Pflichtfeld\))?$/ })).toHaveCount(0);
    await expectNoAxeViolations(page, "Rolle zuweisen (ohne Organisation)");

    await waitForHydration(page);
    await page.getByRole("combobox", { name: "Organisation", exact: true }).selectOption({ label: SCHULE_A.label });
    await page.getByRole("button", { name: "Rollen dieser Organisation anzeigen" }).click();
    const rolle = page.getByRole("combobox", { name: /^Rolle( \(Pflichtfeld\))?$/ });
    await expect(rolle).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Organisation", exact: true })).toHaveValue(SCHULE_A.id);
    // Teachers' and pupils' roles only.
    await expect(rolle.getByRole("option", { name: "Schuladministrator öffentlich" })).toHaveCount(0);
    await rolle.selectOption({ label: MEHRFACH_ROLLEN.webuntisSchueler.name });
    await page.getByRole("radio", { name: /^Bisherige Klasse\(n\) behalten/ }).check();
    const befristung = page.getByRole("group", { name: /^Befristung/ });
    await befristung.getByRole("radio", { name: "Unbefristet" }).check();
    await expectNoAxeViolations(page, "Rolle zuweisen (mit Organisation)");

    await fuehreAus(page, "Rolle jetzt zuweisen");
    await expect(heading(page, "Rolle zuweisen")).toBeVisible();
    await expect(ergebnis(page).getByRole("status")).toContainText("2 Personen wurde die Rolle zugewiesen.");
    await expect(ergebnis(page)).not.toContainText("Fehler");
    await expectNoAxeViolations(page, "Ergebnis: Rolle zuweisen");

    await ergebnis(page).getByRole("link", { name: "Zurück zur Personenliste" }).click();
    await expect(heading(page, "Alle Benutzer")).toBeVisible();
    for (const person of [erste, zweite]) {
      await expect(table(page).getByRole("row", { name: new RegExp(person.vorname) })).toContainText(MEHRFACH_ROLLEN.webuntisSchueler.name);
    }
    // One line per school and role, with the classes where the person has that role: the new role is at class 8b too.
    for (const person of [erste, zweite]) {
      await page.goto(`/admin/personen/${person.id}`);
      await expect(zuordnungenAufDetails(page).getByRole("listitem")).toHaveText([
        `${SCHULE_A.label}: ${MEHRFACH_ROLLEN.itslearningSchueler.name}, Klasse ${klasse8b}`,
        `${SCHULE_A.label}: ${MEHRFACH_ROLLEN.webuntisSchueler.name}, Klasse ${klasse8b}`,
      ]);
    }
  });

  test("eine Lehrrolle für Schülerinnen: erst fehlt die Befristung, dann nennt das Ergebnis jede Person mit dem Grund, die Fehlerliste lässt sich herunterladen", async ({
    page,
    loggedInAs,
  }) => {
    await loggedInAs("landesadmin", { target: "/admin/personen" });
    const familienname = testFamilienname("Zfehl");
    const personen = await legeTestpersonenAn(page, familienname, ["Mia", "Nele"], {
      organisation: SCHULE_A.id,
      rolle: MEHRFACH_ROLLEN.itslearningSchueler.id,
      klasse: KLASSE_8B_SCHULE_A.id,
    });

    await page.goto("/admin/personen");
    await filtere(page, { suche: familienname, schule: SCHULE_A_FILTER });
    await waehleUndWeiter(page, personen, "Rolle zuweisen");
    // The filter's one school is the organisation already: its roles are there at once.
    await expect(page.getByRole("combobox", { name: "Organisation", exact: true })).toHaveValue(SCHULE_A.id);
    await waitForHydration(page);
    // A role that must be limited, sent without a limit: the page comes back and says what to correct.
    await page.getByRole("combobox", { name: /^Rolle( \(Pflichtfeld\))?$/ }).selectOption({ label: "Student im Praxissemester" });
    const befristung = page.getByRole("group", { name: /^Befristung/ });
    await befristung.getByRole("radio", { name: "Unbefristet" }).check();
    await page.getByRole("button", { name: "Rolle jetzt zuweisen", exact: true }).click();
    await expect(page).toHaveURL(/fehler=befristung/);
    await expect(page.getByText("Bitte prüfen Sie die Befristung")).toBeVisible();
    await expect(befristung.getByRole("radio", { name: "Unbefristet" })).toBeDisabled();
    await expect(page.getByRole("combobox", { name: /^Rolle( \(Pflichtfeld\))?$/ })).toHaveValue(/[0-9a-f-]{36}/);
    await expectNoAxeViolations(page, "Rolle zuweisen mit abgelehnter Befristung");

    await befristung.getByRole("radio", { name: /^Bis zum Schuljahresende/ }).check();
    await fuehreAus(page, "Rolle jetzt zuweisen");
    if (isJavaScriptProject()) await expect(page.getByRole("heading", { level: 2, name: "Ergebnis" })).toBeFocused();
    // Done: the progress and its "do not close" warning give way to the last step.
    await expect(page.getByText("Fertig: 2 von 2 bearbeitet.")).toBeVisible();
    await expect(page.getByText("Bitte schließen Sie diese Seite nicht").filter({ visible: true })).toHaveCount(0);
    const status = ergebnis(page).getByRole("status");
    await expect(status).toContainText("Keiner Person wurde die Rolle zugewiesen.");
    await expect(status).toContainText("Bei 2 Personen ist ein Fehler aufgetreten; sie sind unten aufgeführt.");
    const fehler = ergebnis(page).getByRole("region", { name: "Diesen Personen konnte die Rolle nicht zugewiesen werden" });
    await expect(fehler.getByRole("listitem")).toHaveCount(2);
    for (const person of personen) {
      await expect(fehler.getByRole("listitem").filter({ hasText: person.name })).toContainText("Rolle nicht zuordenbar");
    }
    await expectNoAxeViolations(page, "Ergebnis mit Fehlern");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      fehler.getByRole("button", { name: "Fehlerliste herunterladen" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Fehler-Mehrfachbearbeitung-\d{2}-\d{2}-\d{4}\.txt$/);
    const datei = await download.createReadStream().then(
      (stream) =>
        new Promise<string>((resolve, reject) => {
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
          stream.on("error", reject);
        }),
    );
    expect(datei).toContain("Die Aktion „Rolle zuweisen“ konnte für die folgenden Personen nicht ausgeführt werden.");
    expect(datei).toContain("Vorname;Nachname;Benutzername;Fehlermeldung");
    for (const person of personen) expect(datei).toContain(`${person.vorname};${person.familienname};`);

    // Nothing changed: the pupils keep just their role.
    await page.goto(`/admin/personen/${personen[0].id}`);
    await expect(zuordnungenAufDetails(page).getByRole("listitem")).toHaveText([
      `${SCHULE_A.label}: ${MEHRFACH_ROLLEN.itslearningSchueler.name}, Klasse ${KLASSE_8B_SCHULE_A.name}`,
    ]);
  });

  test(
    "die Landesadministratorin entzieht zwei Personen einer Schule eine Rolle; die dritte behält sie",
    nurOhneJavaScript(
      "Filter, Auswahl, Leiste und Lauf gehen mit JavaScript denselben Weg wie beim Zuweisen der Lernrolle (die Auswahlliste der Rollen prüft personen-liste.spec.ts, das Entziehen mit JavaScript die Reise des Schuladmins); die vorgewählte Rolle und das Ergebnis zeichnet der Server.",
    ),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: "/admin/personen" });
      const familienname = testFamilienname("Zentz");
      const rolle = MEHRFACH_ROLLEN.religionslehrkraft;
      const [erste, zweite, dritte] = await legeTestpersonenAn(page, familienname, ["Anke", "Berit", "Carla"], {
        organisation: SCHULE_A.id,
        rolle: rolle.id,
      });

      await page.goto("/admin/personen");
      await filtere(page, { suche: familienname, schule: SCHULE_A_FILTER, rolle: rolle.name });
      await expectInListe(page, [erste.name, zweite.name, dritte.name]);
      await waehleUndWeiter(page, [erste, zweite], "Rolle entziehen");
      await expect(page.getByRole("main")).toContainText(`Die Aktion betrifft 2 Personen an der Schule ${SCHULE_A.label}.`);
      await expect(betroffene(page).filter({ hasText: familienname })).toHaveText([
        new RegExp(`^${erste.name}`),
        new RegExp(`^${zweite.name}`),
      ]);
      // The role of the list's filter is the one withdrawn.
      const zielRolle = page.getByRole("combobox", { name: "Rolle, die entzogen wird" });
      await expect(zielRolle).toHaveValue(rolle.id);
      await expect(zielRolle.getByRole("option", { selected: true })).toHaveText(rolle.name);
      await expect(page.getByText("Bei einer Lernrolle werden auch die Klassenzuordnungen mit dieser Rolle entfernt.")).toBeVisible();
      await expectNoAxeViolations(page, "Rolle entziehen");

      await fuehreAus(page, "Rolle jetzt entziehen");
      await expect(ergebnis(page).getByRole("status")).toContainText("2 Personen wurde die Rolle entzogen.");
      await expectNoAxeViolations(page, "Ergebnis: Rolle entziehen");

      // Back to the list with its filter: only the third still has the role at the school.
      await ergebnis(page).getByRole("link", { name: "Zurück zur Personenliste" }).click();
      await expect(heading(page, "Alle Benutzer")).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`suche=${familienname}`));
      await expectInListe(page, [dritte.name]);
      await page.goto(`/admin/personen/${erste.id}`);
      await expect(zuordnungenAufDetails(page)).toContainText("Keine Schulzuordnungen vorhanden.");
    },
  );

  test(
    "die Landesadministratorin hebt die Schulzuordnung zweier Personen auf; die Zuordnung an einer anderen Schule bleibt",
    nurOhneJavaScript(GRUND.mehrfachServer),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: "/admin/personen" });
      const familienname = testFamilienname("Zschu");
      const rolle = MEHRFACH_ROLLEN.religionslehrkraft;
      const [nurA, auchB] = await legeTestpersonenAn(page, familienname, ["Dora", "Enno"], { organisation: SCHULE_A.id, rolle: rolle.id });
      await weiseRolleDirektZu(page, auchB, SCHULE_B.id, rolle.id);

      // Without a school in the filter the confirmation says what is missing, and offers no run.
      await page.goto("/admin/personen");
      await filtere(page, { suche: familienname });
      await waehleUndWeiter(page, [nurA, auchB], "Schulzuordnung aufheben");
      await expect(page.getByRole("main")).toContainText("Diese Aktion ist so nicht möglich");
      await expect(page.getByRole("main")).toContainText("Diese Aktion braucht genau eine Schule im Filter der Personenliste.");
      await expect(page.getByRole("button", { name: "Schulzuordnung jetzt aufheben" })).toHaveCount(0);
      await expectNoAxeViolations(page, "Schulzuordnung aufheben ohne Schule im Filter");
      await page.getByRole("link", { name: "Zurück zur Personenliste" }).click();
      await expect(heading(page, "Alle Benutzer")).toBeVisible();
      // The list as it was left, with the selection.
      await expect(table(page).getByRole("checkbox", { name: `${nurA.name} auswählen` })).toBeChecked();

      await filtere(page, { suche: familienname, schule: SCHULE_A_FILTER });
      await expectInListe(page, [nurA.name, auchB.name]);
      await expect(table(page).getByRole("row", { name: new RegExp(auchB.vorname) })).toContainText(SCHULE_B.label.slice(0, 7));
      await waehleUndWeiter(page, [nurA, auchB], "Schulzuordnung aufheben");
      await expect(page.getByRole("main")).toContainText(`Die Aktion betrifft 2 Personen an der Schule ${SCHULE_A.label}.`);
      await expect(page.getByText("Die Personen verlieren alle Zuordnungen an dieser Schule, auch die zu ihren Klassen.")).toBeVisible();
      await expectNoAxeViolations(page, "Schulzuordnung aufheben");

      await fuehreAus(page, "Schulzuordnung jetzt aufheben");
      await expect(ergebnis(page).getByRole("status")).toContainText("Bei 2 Personen wurde die Schulzuordnung aufgehoben.");
      await expectNoAxeViolations(page, "Ergebnis: Schulzuordnung aufheben");

      await ergebnis(page).getByRole("link", { name: "Zurück zur Personenliste" }).click();
      await expect(heading(page, "Alle Benutzer")).toBeVisible();
      await expectInListe(page, []);
      await page.goto(`/admin/personen/${auchB.id}`);
      await expect(zuordnungenAufDetails(page).getByRole("listitem")).toHaveText([`${SCHULE_B.label}: ${rolle.name}`]);
      await page.goto(`/admin/personen/${nurA.id}`);
      await expect(zuordnungenAufDetails(page)).toContainText("Keine Schulzuordnungen vorhanden.");
    },
  );

  test(
    "die Landesadministratorin löscht zwei Benutzerkonten; sie stehen danach nicht mehr in der Liste",
    nurOhneJavaScript(
      "Suche, Auswahl, Leiste und Lauf gehen mit JavaScript denselben Weg wie beim Zuweisen der Lernrolle; Bestätigung und Ergebnis zeichnet der Server, und das Ergebnis bietet keine Datei.",
    ),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: "/admin/personen" });
      const familienname = testFamilienname("Zloes");
      const [erste, zweite, bleibt] = await legeTestpersonenAn(page, familienname, ["Frida", "Greta", "Hanna"], {
        organisation: SCHULE_A.id,
        rolle: MEHRFACH_ROLLEN.religionslehrkraft.id,
      });

      await page.goto("/admin/personen");
      await filtere(page, { suche: familienname });
      await expectInListe(page, [erste.name, zweite.name, bleibt.name]);
      await waehleUndWeiter(page, [erste, zweite], "Benutzerkonten löschen");
      await expect(page.getByRole("main")).toContainText("Die Aktion betrifft 2 Personen.");
      await expect(page.getByText("Die Benutzerkonten werden sofort und endgültig gelöscht.")).toBeVisible();
      await expectNoAxeViolations(page, "Benutzerkonten löschen");

      await fuehreAus(page, "Benutzerkonten endgültig löschen");
      await expect(ergebnis(page).getByRole("status")).toContainText("2 Benutzerkonten wurden gelöscht.");
      await expectNoAxeViolations(page, "Ergebnis: Benutzerkonten löschen");

      await ergebnis(page).getByRole("link", { name: "Zurück zur Personenliste" }).click();
      await expect(heading(page, "Alle Benutzer")).toBeVisible();
      await expectInListe(page, [bleibt.name]);
      const response = await page.goto(`/admin/personen/${erste.id}`);
      expect(response?.status()).toBe(404);
    },
  );

  test("der Schuladmin entzieht zwei Personen seiner Schule eine Rolle, gleich auf der ersten Seite der Liste", async ({
    page,
    loggedInAs,
  }) => {
    await loggedInAs("landesadmin", { target: "/admin/personen" });
    // "Aab…": first in the list's order, so the persons are on its first page.
    const familienname = testFamilienname("Aab");
    const rolle = MEHRFACH_ROLLEN.religionslehrkraft;
    const [erste, zweite] = await legeTestpersonenAn(page, familienname, ["Kira", "Lotta"], { organisation: SCHULE_A.id, rolle: rolle.id });

    // The school administrator's school is fixed in the list: no filter to choose, nothing applied yet.
    await loggedInAs("schuladmin", { target: "/admin/personen" });
    await expect(filterForm(page)).toContainText(`Organisation: ${SCHULE_A.label}`);
    await waitForHydration(page);
    await waehleUndWeiter(page, [erste, zweite], "Rolle entziehen");
    await expect(page.getByRole("main")).toContainText(`Die Aktion betrifft 2 Personen an der Schule ${SCHULE_A.label}.`);
    const zielRolle = page.getByRole("combobox", { name: "Rolle, die entzogen wird" });
    // No role in the filter: none is preselected; the roles offered are the ones the persons hold at the school.
    await expect(zielRolle).toHaveValue("");
    await expect(zielRolle.getByRole("option")).toHaveText(["Rolle wählen", rolle.name]);
    await zielRolle.selectOption({ label: rolle.name });
    await expectNoAxeViolations(page, "Rolle entziehen (Schuladmin)");

    await fuehreAus(page, "Rolle jetzt entziehen");
    await expect(ergebnis(page).getByRole("status")).toContainText("2 Personen wurde die Rolle entzogen.");
    await ergebnis(page).getByRole("link", { name: "Zurück zur Personenliste" }).click();
    await expect(heading(page, "Alle Benutzer")).toBeVisible();
    await filtere(page, { suche: familienname });
    await expectInListe(page, []);
    // "Aab…" would stay first in every unfiltered list of the state administration: the two go again.
    await loggedInAs("landesadmin", { target: "/admin/personen" });
    for (const person of [erste, zweite]) await page.request.post(`/admin/personen/${person.id}?loeschen`, { form: {} });
  });

  // Without the right to delete at once, neither the action nor its confirmation or run exist:
  // tests/routes/zugriff-ohne-recht*.test.ts.

  test(
    "das eigene Konto in der Auswahl wird ausgelassen; die Bestätigung sagt es",
    nurOhneJavaScript(GRUND.mehrfachServer),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: "/admin/personen" });
      // "Landmann…": the list's search for "Landmann" finds the administrator herself and this person.
      const familienname = testFamilienname("Zlandmann");
      const andere = await legeTestpersonAn(page, {
        vorname: "Inga",
        familienname,
        organisation: SCHULE_A.id,
        rolle: MEHRFACH_ROLLEN.religionslehrkraft.id,
      });
      const selbst = { name: "Lena Landmann" };

      await page.goto("/admin/personen");
      await filtere(page, { suche: "Landmann" });
      await waehleUndWeiter(page, [selbst, andere], "Rolle zuweisen");
      await expect(page.getByRole("main")).toContainText(
        "Ihr eigenes Konto ist ausgewählt. Es wird ausgelassen: eine Mehrfachbearbeitung ändert Ihr eigenes Konto nie.",
      );
      await expect(page.getByRole("main")).toContainText("Die Aktion betrifft eine Person.");
      await expect(betroffene(page).filter({ hasText: "Landmann" })).toHaveText([new RegExp(`^${andere.name}`)]);
      await expectNoAxeViolations(page, "Bestätigung ohne das eigene Konto");

      // Only the own account: nothing to do, and the page says why.
      await page.getByRole("link", { name: "Abbrechen" }).click();
      await expect(heading(page, "Alle Benutzer")).toBeVisible();
      await waitForHydration(page);
      await table(page)
        .getByRole("checkbox", { name: `${andere.name} auswählen` })
        .uncheck();
      await expect(table(page).getByRole("checkbox", { name: `${selbst.name} auswählen` })).toBeChecked();
      await leiste(page).getByRole("combobox", { name: "Aktion" }).selectOption({ label: "Rolle zuweisen" });
      await leiste(page).getByRole("button", { name: "Weiter zur Bestätigung" }).click();
      await expect(heading(page, "Rolle zuweisen")).toBeVisible();
      await expect(page.getByRole("main")).toContainText("Diese Aktion ist so nicht möglich");
      await expect(page.getByRole("main")).toContainText(
        "Ausgewählt ist nur Ihr eigenes Konto. Eine Mehrfachbearbeitung ändert Ihr eigenes Konto nie.",
      );
      await expect(page.getByRole("button", { name: "Rolle jetzt zuweisen" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Zurück zur Personenliste" })).toBeVisible();
      await expectNoAxeViolations(page, "Bestätigung nur mit dem eigenen Konto");
    },
  );
});
