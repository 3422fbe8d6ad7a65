import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import {
  createKlasseDirectly,
  deleteKlasseDirectly,
  expectKlassenCount,
  isJavaScriptProject,
  SCHULE_A,
  SCHULE_B,
  SCHULE_C,
  uniqueToken,
  waitForHydration,
} from "./support/klassen";
import { pathOf } from "./support/login";
import { GRUND, nurOhneJavaScript } from "./support/modus";

const countStatus = (page: Page) => page.getByRole("status").filter({ hasText: /Klassen? gefunden/ });
const toast = (page: Page) => page.getByRole("status").filter({ hasText: /Die Klasse/ });
/** The class-name links of the result table, in their order (the delete links' names start with "Klasse"). */
const nameLinks = (page: Page, token: string) => page.getByRole("table").getByRole("link", { name: new RegExp(`^Liste ${token} \\d$`) });

test.describe("Klassen anlegen, finden, bearbeiten und löschen", () => {
  test(
    "wer aus einer gefilterten Liste eine Klasse anlegt, kehrt mit „Zurück zur Ergebnisliste“ in dieselbe Liste zurück",
    nurOhneJavaScript(
      "Der Rückweg ist ein Link, den der Server aus „zurueck“ zeichnet; das Anlegen mit JavaScript prüft die Reise, die danach mit derselben Schule eine weitere Klasse anlegt.",
    ),
    async ({ page, loggedInAs }) => {
      const name = `Filter ${uniqueToken()}`;
      const list = `/admin/klassen?schule=${SCHULE_C.id}&suche=Filter`;
      await loggedInAs("landesadmin", { target: list });
      await page.getByRole("main").getByRole("link", { name: "Klasse anlegen" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Klasse anlegen" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Verwerfen" })).toHaveAttribute("href", list);

      await page.getByRole("combobox", { name: "Schule" }).selectOption({ label: SCHULE_C.label });
      await page.getByRole("textbox", { name: "Klassenname" }).fill(name);
      await page.getByRole("button", { name: "Klasse anlegen" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Klasse angelegt" })).toBeVisible();
      await page.getByRole("link", { name: "Zurück zur Ergebnisliste" }).click();
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === list);
      await expect(page.getByRole("searchbox", { name: "Klassenname suchen" })).toHaveValue("Filter");
      await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
    },
  );

  test("die Landesadministratorin legt eine Klasse an, sieht Schule und Namen bestätigt und legt mit derselben Schule eine weitere an", async ({
    page,
    loggedInAs,
  }) => {
    const name = `Neu ${uniqueToken()}`;
    await loggedInAs("landesadmin", { target: "/admin/klassen" });
    await page.getByRole("main").getByRole("link", { name: "Klasse anlegen" }).click();
    await expect(page).toHaveURL(/\/admin\/klassen\/new$/);
    await expect(page.getByRole("heading", { level: 1, name: "Klasse anlegen" })).toBeVisible();

    await page.getByRole("combobox", { name: "Schule" }).selectOption({ label: SCHULE_C.label });
    await page.getByRole("textbox", { name: "Klassenname" }).fill(name);
    await page.getByRole("button", { name: "Klasse anlegen" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Klasse angelegt" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/klassen\/new\?erstellt=[0-9a-f-]{36}$/);
    const createdId = new URL(page.url()).searchParams.get("erstellt")!;
    await expect(page.getByRole("status").filter({ hasText: "Die Klasse wurde erfolgreich angelegt." })).toBeVisible();
    await expect(page.getByRole("term")).toHaveText(["Schule", "Klassenname"]);
    await expect(page.getByRole("definition")).toHaveText([SCHULE_C.label, name]);
    await expect(page.getByRole("link", { name: "Zurück zur Ergebnisliste" })).toHaveAttribute("href", "/admin/klassen");

    await page.getByRole("link", { name: "Weitere Klasse anlegen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Klasse anlegen" })).toBeVisible();
    const schule = page.getByRole("combobox", { name: "Schule" });
    await expect(schule).toHaveValue(SCHULE_C.id);
    await expect(schule.getByRole("option", { selected: true })).toHaveText(SCHULE_C.label);
    await expect(page.getByRole("textbox", { name: "Klassenname" })).toHaveValue("");

    await expectKlassenCount(page, name, 1);
    await deleteKlasseDirectly(page, createdId);
  });

  test(
    "die Landesadministratorin findet Klassen über Schulfilter und Suche, sortiert absteigend und blättert mit fünf Einträgen pro Seite",
    nurOhneJavaScript(GRUND.listePerLink),
    async ({ page, loggedInAs }) => {
      const token = uniqueToken();
      await loggedInAs("landesadmin", { target: "/admin/klassen" });
      const ids: string[] = [];
      for (const number of [1, 2, 3, 4, 5, 6]) ids.push(await createKlasseDirectly(page, SCHULE_C.id, `Liste ${token} ${number}`));
      ids.push(await createKlasseDirectly(page, SCHULE_B.id, `Liste ${token} 7`));

      await page.goto("/admin/klassen");
      const filter = page.getByRole("search", { name: "Klassen filtern" });
      await filter.getByRole("combobox", { name: "Schule" }).selectOption({ label: SCHULE_C.label });
      await filter.getByRole("searchbox", { name: "Klassenname suchen" }).fill(token);
      await filter.getByRole("combobox", { name: "Einträge pro Seite" }).selectOption("5");
      await filter.getByRole("button", { name: "Anwenden" }).click();

      await expect(page).toHaveURL(new RegExp(`schule=${SCHULE_C.id}.*suche=${token}.*anzahl=5`));
      await expect(countStatus(page)).toHaveText("6 Klassen gefunden");
      await expect(nameLinks(page, token)).toHaveText([1, 2, 3, 4, 5].map((n) => `Liste ${token} ${n}`));
      const pagination = page.getByRole("navigation", { name: "Seitennavigation" });
      await expect(pagination).toContainText("Einträge 1–5 von 6");
      await expect(pagination).toContainText("Seite 1 von 2");
      await expect(pagination.getByRole("link", { name: "Vorherige Seite" })).toHaveCount(0);

      await pagination.getByRole("link", { name: "Nächste Seite" }).click();
      await expect(pagination).toContainText("Seite 2 von 2");
      await expect(pagination).toContainText("Einträge 6–6 von 6");
      await expect(nameLinks(page, token)).toHaveText([`Liste ${token} 6`]);
      await expect(pagination.getByRole("link", { name: "Nächste Seite" })).toHaveCount(0);
      await pagination.getByRole("link", { name: "Vorherige Seite" }).click();
      await expect(pagination).toContainText("Seite 1 von 2");

      // Sorting by name descending starts again on page 1, keeping the filter.
      const nameHeader = page.getByRole("columnheader", { name: /Klassenname/ });
      await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
      await nameHeader.getByRole("link", { name: /^Klassenname\s*, absteigend sortieren$/ }).click();
      await expect(page).toHaveURL(/sortierung=name_desc/);
      await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
      await expect(nameLinks(page, token)).toHaveText([6, 5, 4, 3, 2].map((n) => `Liste ${token} ${n}`));
      await expect(pagination).toContainText("Seite 1 von 2");
      await pagination.getByRole("link", { name: "Nächste Seite" }).click();
      await expect(nameLinks(page, token)).toHaveText([`Liste ${token} 1`]);

      // The other school's class is found by its school …
      await filter.getByRole("combobox", { name: "Schule" }).selectOption({ label: SCHULE_B.label });
      await filter.getByRole("button", { name: "Anwenden" }).click();
      await expect(countStatus(page)).toHaveText("1 Klasse gefunden");
      await expect(nameLinks(page, token)).toHaveText([`Liste ${token} 7`]);
      await expect(page.getByRole("table").getByRole("cell", { name: SCHULE_B.label, exact: true })).toBeVisible();

      // … and the search alone, over all schools, finds all seven.
      await filter.getByRole("combobox", { name: "Schule" }).selectOption({ label: "Alle Schulen" });
      await filter.getByRole("combobox", { name: "Einträge pro Seite" }).selectOption("30");
      await filter.getByRole("button", { name: "Anwenden" }).click();
      await expect(countStatus(page)).toHaveText("7 Klassen gefunden");

      // A row leads to the class's details, and from there back to the same filtered list.
      await nameLinks(page, token)
        .filter({ hasText: `Liste ${token} 7` })
        .click();
      await expect(page).toHaveURL(new RegExp(`/admin/klassen/${ids[6]}\\?zurueck=`));
      await expect(page.getByRole("heading", { level: 1, name: `Klasse Liste ${token} 7` })).toBeVisible();
      await page.getByRole("link", { name: "Zurück zur Ergebnisliste" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/klassen\\?.*suche=${token}`));
      await expect(countStatus(page)).toHaveText("7 Klassen gefunden");

      // A page beyond the last one (an old bookmark) shows the last page that exists.
      await page.goto(`/admin/klassen?suche=${token}&anzahl=5&seite=9`);
      await expect(page).toHaveURL(/seite=2/);
      await expect(nameLinks(page, token)).toHaveCount(2);

      await page.goto(`/admin/klassen?suche=${token}`);
      await page.getByRole("link", { name: "Filter zurücksetzen" }).click();
      await expect(page).toHaveURL(/\/admin\/klassen$/);
      await expect(page.getByRole("searchbox", { name: "Klassenname suchen" })).toHaveValue("");

      // Filtered once more through the form, then reset: the fields show what the list shows, also when (with
      // JavaScript) the page is not loaded anew.
      await waitForHydration(page);
      await filter.getByRole("searchbox", { name: "Klassenname suchen" }).fill(token);
      await filter.getByRole("combobox", { name: "Einträge pro Seite" }).selectOption("5");
      await filter.getByRole("button", { name: "Anwenden" }).click();
      await expect(countStatus(page)).toHaveText("7 Klassen gefunden");
      await page.getByRole("link", { name: "Filter zurücksetzen" }).click();
      await expect(page).toHaveURL(/\/admin\/klassen$/);
      await expect(filter.getByRole("searchbox", { name: "Klassenname suchen" })).toHaveValue("");
      await expect(filter.getByRole("combobox", { name: "Einträge pro Seite" })).toHaveValue("30");

      for (const id of ids) await deleteKlasseDirectly(page, id);
      await expectKlassenCount(page, token, 0);
    },
  );

  test("die Landesadministratorin benennt eine Klasse um und löscht sie nach Bestätigung", async ({ page, loggedInAs }) => {
    const token = uniqueToken();
    const oldName = `Alt ${token}`;
    const newName = `Umbenannt ${token}`;
    await loggedInAs("landesadmin", { target: "/admin/klassen" });
    const id = await createKlasseDirectly(page, SCHULE_A.id, oldName);

    await page.goto(`/admin/klassen/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Klasse ${oldName}` })).toBeVisible();
    await page.getByRole("link", { name: "Bearbeiten", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/klassen/${id}\\?bearbeiten$`));
    await expect(page.getByRole("heading", { level: 1, name: `Klasse ${oldName} bearbeiten` })).toBeVisible();
    const nameField = page.getByRole("textbox", { name: "Klassenname" });
    await expect(nameField).toHaveValue(oldName);
    await nameField.fill(newName);
    await page.getByRole("button", { name: "Speichern" }).click();

    await expect(page).toHaveURL(new RegExp(`/admin/klassen/${id}$`));
    await expect(toast(page)).toHaveText(`Die Klasse wurde in „${newName}“ umbenannt.`);
    await expect(page.getByRole("heading", { level: 1, name: `Klasse ${newName}` })).toBeVisible();
    await expect(page.getByRole("definition")).toHaveText([SCHULE_A.label, newName]);

    const question = `Möchten Sie die Klasse „${newName}“ an der Schule ${SCHULE_A.label} wirklich löschen?`;
    if (isJavaScriptProject()) {
      // With JavaScript the confirmation is a dialog over the details page; cancelling keeps the class.
      await waitForHydration(page);
      await page.getByRole("link", { name: "Klasse löschen" }).click();
      const dialog = page.getByRole("dialog", { name: "Klasse löschen" });
      await expect(dialog).toContainText(question);
      await dialog.getByRole("link", { name: "Abbrechen" }).click();
      await expect(dialog).toHaveCount(0);
      await page.getByRole("link", { name: "Klasse löschen" }).click();
      await dialog.getByRole("button", { name: "Klasse löschen" }).click();
    } else {
      // Without JavaScript the confirmation is a page of its own; "Abbrechen" leads back to the class.
      await page.getByRole("link", { name: "Klasse löschen" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/klassen/${id}\\?loeschen$`));
      await expect(page.getByRole("heading", { level: 1, name: "Klasse löschen" })).toBeVisible();
      await expect(page.getByRole("main")).toContainText(question);
      await page.getByRole("link", { name: "Abbrechen" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/klassen/${id}$`));
      await page.getByRole("link", { name: "Klasse löschen" }).click();
      await page.getByRole("button", { name: "Klasse löschen" }).click();
    }

    await expect(page).toHaveURL(/\/admin\/klassen$/);
    await expect(toast(page)).toHaveText(`Die Klasse „${newName}“ an der Schule ${SCHULE_A.label} wurde gelöscht.`);
    const gone = await page.goto(`/admin/klassen/${id}`);
    expect(gone?.status()).toBe(404);
    await expectKlassenCount(page, token, 0);
  });

  test("die Landesadministratorin löscht eine Klasse direkt aus der Ergebnisliste und kehrt zur gefilterten Liste zurück", async ({
    page,
    loggedInAs,
  }) => {
    const token = uniqueToken();
    const name = `Zeile ${token}`;
    await loggedInAs("landesadmin", { target: "/admin/klassen" });
    await createKlasseDirectly(page, SCHULE_B.id, name);
    await page.goto(`/admin/klassen?suche=${token}`);
    await expect(countStatus(page)).toHaveText("1 Klasse gefunden");
    const listUrl = pathOf(page);

    if (isJavaScriptProject()) {
      await waitForHydration(page);
      await page.getByRole("link", { name: `Klasse ${name} löschen` }).click();
      const dialog = page.getByRole("dialog", { name: "Klasse löschen" });
      await expect(dialog).toContainText(`„${name}“ an der Schule ${SCHULE_B.label}`);
      await dialog.getByRole("button", { name: "Klasse löschen" }).click();
    } else {
      await page.getByRole("link", { name: `Klasse ${name} löschen` }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Klasse löschen" })).toBeVisible();
      await page.getByRole("button", { name: "Klasse löschen" }).click();
    }

    await expect(toast(page)).toHaveText(`Die Klasse „${name}“ an der Schule ${SCHULE_B.label} wurde gelöscht.`);
    expect(pathOf(page)).toBe(listUrl);
    // An empty list says so once: no empty table, no "0–0 of 0".
    await expect(countStatus(page)).toHaveText("Keine Klassen gefunden.");
    await expect(page.getByRole("table")).toHaveCount(0);
  });

  test("wer eine Klasse aus einer gefilterten Liste öffnet und dort löscht, kehrt zu genau dieser Liste zurück", async ({
    page,
    loggedInAs,
  }) => {
    const token = uniqueToken();
    const name = `Detail ${token}`;
    await loggedInAs("landesadmin", { target: "/admin/klassen" });
    const id = await createKlasseDirectly(page, SCHULE_B.id, name);
    await page.goto(`/admin/klassen?suche=${token}&anzahl=5`);
    const listUrl = pathOf(page);

    await page.getByRole("table").getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Klasse ${name}` })).toBeVisible();
    await expect(page).toHaveTitle(`Klasse ${name} – Schulportal`);

    if (isJavaScriptProject()) {
      await waitForHydration(page);
      await page.getByRole("link", { name: "Klasse löschen" }).click();
      await page.getByRole("dialog", { name: "Klasse löschen" }).getByRole("button", { name: "Klasse löschen" }).click();
    } else {
      // "Abbrechen" on the confirmation page leads back to the class, not to the list.
      await page.getByRole("link", { name: "Klasse löschen" }).click();
      await expect(page).toHaveTitle(`Klasse ${name} löschen – Schulportal`);
      await page.getByRole("link", { name: "Abbrechen" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/klassen/${id}\\?zurueck=`));
      await page.getByRole("link", { name: "Klasse löschen" }).click();
      await page.getByRole("button", { name: "Klasse löschen" }).click();
    }

    await expect(toast(page)).toHaveText(`Die Klasse „${name}“ an der Schule ${SCHULE_B.label} wurde gelöscht.`);
    expect(pathOf(page)).toBe(listUrl);
    await expect(countStatus(page)).toHaveText("Keine Klassen gefunden.");
  });
});
