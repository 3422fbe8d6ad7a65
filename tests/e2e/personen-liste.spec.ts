import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { germanOrder } from "./support/german-order";
import { DEMO_IDS, isJavaScriptProject, SCHULE_A, SCHULE_B, waitForHydration } from "./support/klassen";
import { GRUND, nurMitJavaScript, nurOhneJavaScript } from "./support/modus";

/**
 * The person list "Alle Benutzer" (/admin/personen). Demo persons used: Samuel Sörensen (pupil, class 7b of school A),
 * Lara Lehmann (KoPers 4711002), Nina Neumann (username neulehrkraft), Lisa Voss (LiV, KoPers 4711004), Kai Kruse
 * (teacher without KoPers number), Olaf Ohlsen (school B).
 */

const filterForm = (page: Page) => page.getByRole("search", { name: "Benutzer filtern" });
const table = (page: Page) => page.getByRole("table", { name: "Benutzer" });
/** The last-name links of the table, in their order. */
const nameLinks = (page: Page) => table(page).locator("tbody").getByRole("link");
const pager = (page: Page) =>
  page.getByRole("navigation", { name: "Seitennavigation" }).or(page.getByRole("form", { name: "Seitennavigation" }));

async function search(page: Page, text: string) {
  // Typed before hydration, the text could be lost when React takes over the field.
  await waitForHydration(page);
  await filterForm(page).getByRole("searchbox", { name: "Suche", exact: true }).fill(text);
  await filterForm(page).getByRole("button", { name: "Anwenden" }).click();
  await expect(page).toHaveURL(new RegExp(`suche=${encodeURIComponent(text)}`));
}

/** The filter's combobox, once a click into the field has handed over to it (it replaces a plain stand-in). */
async function loadedCombobox(page: Page, filter: "Organisation" | "Rolle" | "Klasse") {
  await filterForm(page).getByRole("textbox", { name: filter, exact: true }).click();
  const combobox = filterForm(page).getByRole("combobox", { name: filter, exact: true });
  await expect(combobox).toBeVisible();
  return combobox;
}

/**
 * Chooses an option of one of the three option filters: without JavaScript the filter's search narrows the checkbox
 * list (the form is sent) and the checkbox is ticked; with JavaScript the combobox is typed into and the option picked.
 */
async function choose(page: Page, filter: "Organisation" | "Rolle" | "Klasse", typed: string, option: string) {
  if (isJavaScriptProject()) {
    await waitForHydration(page);
    const combobox = await loadedCombobox(page, filter);
    await combobox.fill(typed);
    await page.getByRole("option", { name: option }).click();
    // The choice closes the list.
    await expect(page.getByRole("listbox")).toHaveCount(0);
    await expect(filterForm(page).getByRole("list", { name: `${filter}: ausgewählt` })).toContainText(option);
  } else {
    const group = filterForm(page).getByRole("group", { name: filter, exact: true });
    await group.getByRole("searchbox", { name: `${filter} durchsuchen` }).fill(typed);
    await group.getByRole("button", { name: `Suchen: ${filter}` }).click();
    await filterForm(page).getByRole("group", { name: filter, exact: true }).getByRole("checkbox", { name: option }).check();
  }
}

const apply = (page: Page) => filterForm(page).getByRole("button", { name: "Anwenden" }).click();

test.describe("Alle Benutzer: suchen, filtern, sortieren, blättern", () => {
  test("die Landesadministratorin findet Personen über Vorname, Nachname, Benutzername und KoPers-Nummer", async ({ page, loggedInAs }) => {
    await loggedInAs("landesadmin", { target: "/admin/personen" });
    await expect(page.getByRole("heading", { level: 1, name: "Alle Benutzer" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Alle Benutzer" })).toHaveAttribute(
      "href",
      "/admin/personen",
    );

    await search(page, "Samuel");
    await expect(nameLinks(page)).toHaveText(["Sörensen"]);
    const row = table(page).getByRole("row", { name: /Sörensen/ });
    await expect(row.getByRole("cell")).toContainText(["Sörensen", "Samuel", "schueler", "---", "itslearning-Schüler", "0710001", "7b"]);

    await search(page, "lehmann");
    await expect(nameLinks(page)).toHaveText(["Lehmann"]);
    await search(page, "neulehrkraft");
    await expect(nameLinks(page)).toHaveText(["Neumann"]);
    await search(page, "4711004");
    await expect(nameLinks(page)).toHaveText(["Voss"]);
    await expect(table(page).getByRole("row", { name: /Voss/ })).toContainText("LiV");

    // a teacher's role requires a KoPers number: without one the column says so
    await search(page, "Kruse");
    await expect(table(page).getByRole("row", { name: /Kruse/ }).getByRole("cell").nth(4)).toHaveText("fehlt");
    await expectNoAxeViolations(page, "Personenliste gefiltert");

    await search(page, "gibtesnichtxyz");
    await expect(page.getByRole("status").filter({ hasText: "Keine Benutzer gefunden." })).toBeVisible();
    await expect(table(page)).toHaveCount(0);
    await expectNoAxeViolations(page, "Personenliste leer");

    await filterForm(page).getByRole("link", { name: "Filter zurücksetzen" }).click();
    await expect(page).toHaveURL(/\/admin\/personen$/);
    await expect(filterForm(page).getByRole("link", { name: "Filter zurücksetzen" })).toHaveCount(0);
  });

  test("die Landesadministratorin filtert nach Schule, Rolle und Klasse; die Klasse erst, wenn eine Schule gewählt ist", async ({
    page,
    loggedInAs,
  }) => {
    await loggedInAs("landesadmin", { target: "/admin/personen" });
    // The page holds the plain and the scripted filter (decision 030); a reader sees the hint once.
    await expect(filterForm(page).getByText("Bitte wählen Sie zuerst eine Schule aus.").filter({ visible: true })).toHaveCount(1);

    await choose(page, "Organisation", "Lindenweg", SCHULE_B.label);
    await apply(page);
    await expect(page).toHaveURL(new RegExp(`organisation=${SCHULE_B.id}`));
    await expect(nameLinks(page)).toContainText(["Ohlsen"]);
    await expect(nameLinks(page)).not.toContainText(["Schulze"]);

    await page.goto("/admin/personen");
    await choose(page, "Rolle", "LiV", "LiV");
    await apply(page);
    await expect(page).toHaveURL(/rolle=[0-9a-f-]{36}/);
    await expect(nameLinks(page)).toContainText(["Voss"]);
    for (const rollen of await table(page)
      .locator("tbody tr")
      .evaluateAll((rows) => rows.map((row) => row.children[5]?.textContent ?? ""))) {
      expect(rollen).toContain("LiV");
    }

    await page.goto("/admin/personen");
    await choose(page, "Organisation", "Deich", SCHULE_A.label);
    await apply(page);
    // The filtered list has arrived (its form is then built afresh from the address).
    await expect(page).toHaveURL(new RegExp(`organisation=${SCHULE_A.id}`));
    await expect(filterForm(page).getByText("Bitte wählen Sie zuerst eine Schule aus.")).toHaveCount(0);
    await choose(page, "Klasse", "7b", "7b");
    await apply(page);
    await expect(page).toHaveURL(new RegExp(`klasse=${DEMO_IDS.klasseMitSchueler}`));
    await expect(nameLinks(page)).toContainText(["Sörensen"]);
    const klassen = await table(page)
      .locator("tbody tr")
      .evaluateAll((rows) => rows.map((row) => row.children[7]?.textContent ?? ""));
    for (const klasse of klassen) expect(klasse).toContain("7b");
    await expectNoAxeViolations(page, "Personenliste nach Klasse");
  });

  test(
    "sortiert nach Nachname, Vorname, Benutzername und KoPers-Nummer, blättert und kommt von den Details mit allem zurück",
    nurOhneJavaScript(GRUND.listePerLink),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: "/admin/personen?anzahl=5" });
      const nachname = table(page).getByRole("columnheader", { name: /Nachname/ });
      await expect(nachname).toHaveAttribute("aria-sort", "ascending");
      const first = await nameLinks(page).allTextContents();
      expect(first).toHaveLength(5);
      expect(first).toEqual([...first].sort(germanOrder));

      await nachname.getByRole("link", { name: "Nachname, absteigend sortieren" }).click();
      await expect(page).toHaveURL(/sortierung=-familienname/);
      await expect(table(page).getByRole("columnheader", { name: /Nachname/ })).toHaveAttribute("aria-sort", "descending");
      const descending = await nameLinks(page).allTextContents();
      expect(descending).toEqual([...descending].sort(germanOrder).reverse());

      for (const [column, value] of [
        ["Vorname", "vorname"],
        ["Benutzername", "username"],
        ["KoPers-Nr.", "personalnummer"],
      ] as const) {
        await table(page).getByRole("columnheader", { name: column }).getByRole("link").click();
        await expect(page).toHaveURL(new RegExp(`sortierung=${value}(&|$)`));
        await expect(table(page).getByRole("columnheader", { name: column })).toHaveAttribute("aria-sort", "ascending");
      }
      // The upstream sorts KoPers numbers as text; the header says so rather than promising numeric order.
      await expect(table(page).getByRole("columnheader", { name: "KoPers-Nr." })).toContainText("sortiert wie Text: 1000 vor 999");
      // ascending by KoPers number: the numbered persons come first
      await expect(table(page).getByRole("row").nth(1).getByRole("cell").nth(4)).toHaveText(/^\d+$/);

      await expect(pager(page)).toContainText(/Einträge 1–5 von \d+/);
      const next = pager(page)
        .getByRole("link", { name: "Nächste Seite" })
        .or(pager(page).getByRole("button", { name: "Nächste Seite" }));
      await next.click();
      await expect(page).toHaveURL(/seite=2/);
      await expect(pager(page)).toContainText(/Einträge 6–10 von \d+/);
      const listUrl = new URL(page.url());

      const person = nameLinks(page).first();
      const href = await person.getAttribute("href");
      const target = new URL(href!, listUrl);
      expect(target.pathname).toMatch(/^\/admin\/personen\/[0-9a-f-]{36}$/);
      expect(target.searchParams.get("zurueck")).toBe(`${listUrl.pathname}${listUrl.search}`);
      await person.click();
      await expect(page).toHaveURL(target.toString());

      // back the way the details page leads back: the list as it was
      await page.goto(target.searchParams.get("zurueck")!);
      await expect(table(page).getByRole("columnheader", { name: "KoPers-Nr." })).toHaveAttribute("aria-sort", "ascending");
      await expect(pager(page)).toContainText(/Einträge 6–10 von \d+/);
      await expect(filterForm(page).getByRole("combobox", { name: "Einträge pro Seite" })).toHaveValue("5");
    },
  );

  test("die Auswahl bleibt beim Blättern erhalten (Landesadmin hat BULK_VERWALTEN)", async ({ page, loggedInAs }) => {
    await loggedInAs("landesadmin", { target: "/admin/personen?anzahl=5" });
    // Once in CI a box ticked while the page was still hydrating lost its tick; the story starts on a ready page.
    if (isJavaScriptProject()) await waitForHydration(page);
    // With JavaScript the count follows the ticks; without it, it says that it counts what was taken over so far.
    const anzahl = (count: number) =>
      isJavaScriptProject()
        ? `${count} Benutzer ausgewählt`
        : `Übernommene Auswahl: ${count} Benutzer (angekreuzte zählen ab dem nächsten Absenden)`;
    const status = page.getByRole("status").filter({ hasText: "Benutzer" });
    const zeigt = (text: string) => status.getByText(text, { exact: true });
    await expect(zeigt(anzahl(0))).toBeVisible();
    const firstBox = table(page).getByRole("checkbox").first();
    const name = await firstBox.getAttribute("aria-label");
    await firstBox.check();
    // Never wrong: no "0 Benutzer ausgewählt" next to a ticked box.
    await expect(zeigt("0 Benutzer ausgewählt")).toBeHidden();
    if (isJavaScriptProject()) await expect(zeigt(anzahl(1))).toBeVisible();
    await pager(page).getByRole("button", { name: "Nächste Seite" }).click();
    await expect(page).toHaveURL(/seite=2/);
    await expect(page).toHaveURL(/auswahl=[0-9a-f-]{36}/);
    await expect(zeigt(anzahl(1))).toBeVisible();
    await pager(page).getByRole("button", { name: "Vorherige Seite" }).click();
    await expect(page).toHaveURL(/seite=1/);
    await expect(table(page).getByRole("checkbox", { name: name! })).toBeChecked();
  });

  test(
    "der Schuladmin sieht nur Personen seiner Schule, die Schule ist fest eingestellt",
    nurOhneJavaScript(
      "Die feste Schule und ihre Personen zeichnet der Server; die Suche mit JavaScript prüft die Reise der Landesadministratorin über Vorname, Nachname, Benutzername und KoPers-Nummer.",
    ),
    async ({ page, loggedInAs }) => {
      await loggedInAs("schuladmin", { target: "/admin/personen" });
      await expect(filterForm(page)).toContainText(`Organisation: ${SCHULE_A.label}`);
      await expect(filterForm(page).getByRole("group", { name: "Organisation", exact: true })).toHaveCount(0);
      await expect(filterForm(page).getByRole("combobox", { name: "Organisation", exact: true })).toHaveCount(0);
      // the class filter is usable at once: the school is chosen
      await expect(filterForm(page).getByText("Bitte wählen Sie zuerst eine Schule aus.")).toHaveCount(0);
      await expect(nameLinks(page)).toContainText(["Lehmann", "Schulze", "Sörensen"]);
      await search(page, "Ohlsen");
      await expect(page.getByRole("status").filter({ hasText: "Keine Benutzer gefunden." })).toBeVisible();
      await expectNoAxeViolations(page, "Personenliste Schuladmin");
    },
  );

  // A teacher gets „Seite nicht gefunden“ for the list and its options: tests/routes/zugriff-ohne-recht.test.ts.

  test(
    "unsinnige Parameter ergeben eine normale Seite, nie einen Serverfehler",
    nurOhneJavaScript(GRUND.serverHtml),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: "/admin/personen" });
      for (const query of [
        "sortierung=quatsch&seite=-3&anzahl=7",
        "organisation=kein-uuid&rolle=1&klasse=%00&auswahl=x",
        "suche=%25%00_&seite=1e20",
        "seite=999999&anzahl=300",
        "organisationSuche=%27%22%3C&rolleSuche=%00&klasseSuche=x",
      ]) {
        const response = await page.goto(`/admin/personen?${query}`);
        expect(response?.status(), query).toBe(200);
        await expect(page.getByRole("heading", { level: 1, name: "Alle Benutzer" })).toBeVisible();
      }
      for (const query of [
        "art=quatsch",
        "art=klasse&schule=kein-uuid",
        "art=organisation&suche=%00%25",
        "art=rolle&suche=" + "x".repeat(500),
      ]) {
        const response = await page.request.get(`/admin/personen/optionen?${query}`);
        expect(response.status(), query).toBe(200);
        expect(await response.json()).toHaveProperty("options");
      }
    },
  );

  test(
    "mit JavaScript: das × eines schon gewählten Werts entfernt beim ersten Klick genau diesen, und Tab führt ins Feld statt ins Leere",
    nurMitJavaScript("Die Auswahlliste gibt es nur mit JavaScript."),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: `/admin/personen?rolle=${DEMO_IDS.rolleLehrkraft}&rolle=${DEMO_IDS.rolleSchueler}` });
      await waitForHydration(page);

      const chips = filterForm(page).getByRole("list", { name: "Rolle: ausgewählt" });
      await expect(chips.getByRole("listitem")).toHaveCount(2);
      await chips.getByRole("button", { name: "itslearning-Schüler entfernen" }).click();
      await expect(chips.getByRole("listitem")).toHaveCount(1);
      await expect(chips).toContainText("Lehrkraft");
      await expect(page.getByRole("listbox")).toHaveCount(0);

      // The field hands over to the combobox when the focus arrives; the focus goes with it, never to the page.
      await page.getByRole("main").getByRole("link", { name: "Benutzer anlegen" }).focus();
      await page.keyboard.press("Tab");
      const organisation = filterForm(page).getByRole("combobox", { name: "Organisation", exact: true });
      await expect(organisation).toBeFocused();

      await organisation.press("Escape");
      await apply(page);
      await expect(page).not.toHaveURL(new RegExp(DEMO_IDS.rolleSchueler));
      await expect(page).toHaveURL(new RegExp(`rolle=${DEMO_IDS.rolleLehrkraft}`));
    },
  );

  test(
    "mit JavaScript: gleich nach dem Laden getippt kommt jeder Buchstabe an, die Wahl schließt die Liste, und der erste Klick auf „Anwenden“ filtert",
    nurMitJavaScript("Die Auswahlliste gibt es nur mit JavaScript."),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: "/admin/personen" });
      await waitForHydration(page);
      // Typed at once into the plain field, while the combobox's code is still on its way: it takes every letter over.
      await filterForm(page).getByRole("textbox", { name: "Organisation", exact: true }).click();
      await page.keyboard.type("Deich");
      const combobox = filterForm(page).getByRole("combobox", { name: "Organisation", exact: true });
      await expect(combobox).toHaveValue("Deich");
      await expect(combobox).toBeFocused();
      await page.getByRole("option", { name: SCHULE_A.label }).click();
      await expect(page.getByRole("listbox")).toHaveCount(0);
      await expect(filterForm(page).getByRole("list", { name: "Organisation: ausgewählt" })).toContainText(SCHULE_A.label);
      // An open list shuts nothing of the page off: the first click on "Anwenden" applies the filter.
      await filterForm(page).getByRole("button", { name: "Organisation: Auswahlliste öffnen" }).click();
      await expect(page.getByRole("listbox")).toBeVisible();
      await apply(page);
      await expect(page).toHaveURL(new RegExp(`organisation=${SCHULE_A.id}`));
    },
  );

  test("mit einer gewählten Schule bietet der Rollenfilter nur die Rollen dieser Schule an", async ({ page, loggedInAs }) => {
    await loggedInAs("landesadmin", { target: `/admin/personen?organisation=${SCHULE_B.id}` });
    await waitForHydration(page);
    if (isJavaScriptProject()) {
      const combobox = await loadedCombobox(page, "Rolle");
      await combobox.fill("Schul");
      await expect(page.getByRole("option", { name: "Schulbegleitung" })).toBeVisible();
      await expect(page.getByRole("listbox")).not.toContainText("Schulbegleitung Medien");
      await expectNoAxeViolations(page, "Rollenfilter einer Schule");
    } else {
      const rollen = filterForm(page).getByRole("group", { name: "Rolle" });
      await expect(rollen.getByRole("checkbox", { name: "Lehrkraft", exact: true })).toBeVisible();
      await expect(rollen.getByRole("checkbox", { name: "Schulbegleitung Medien" })).toHaveCount(0);
      await page.goto(`/admin/personen?organisation=${SCHULE_A.id}`);
      await expect(
        filterForm(page).getByRole("group", { name: "Rolle" }).getByRole("checkbox", { name: "Schulbegleitung Medien" }),
      ).toBeVisible();
    }
  });

  test(
    "mit JavaScript: die Auswahlliste lädt passende Schulen beim Tippen und ist barrierefrei",
    nurMitJavaScript("Die Auswahlliste gibt es nur mit JavaScript."),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: "/admin/personen" });
      await waitForHydration(page);
      // Headless UI's code loads when the pointer reaches the filter and takes over when the field gets the focus; until
      // then a stand-in with the same look serves.
      await expect(filterForm(page).getByRole("combobox", { name: "Organisation", exact: true })).toHaveCount(0);
      const combobox = await loadedCombobox(page, "Organisation");
      await combobox.fill("Hafenkante");
      await expect(page.getByRole("option", { name: "0710015 (Gymnasium Hafenkante)" })).toBeVisible();
      await expect(page.getByRole("listbox")).not.toContainText("Lindenweg");
      await expectNoAxeViolations(page, "Personenliste mit offener Auswahlliste");
    },
  );
});
