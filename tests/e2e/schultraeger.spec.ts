import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { DEMO_IDS, isJavaScriptProject, uniqueToken, waitForHydration } from "./support/klassen";
import { watchProblems } from "./support/problems";
import { GRUND, nurOhneJavaScript } from "./support/modus";
import { createTraegerDirectly } from "./support/schulen";

const countStatus = (page: Page) => page.getByRole("status").filter({ hasText: /Schulträger gefunden/ });
const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });
const nameField = (page: Page) => page.getByRole("textbox", { name: "Name des Schulträgers" });

/** A name no other test (nor the run in the other project) uses; the project's letter keeps the two runs apart. */
function uniqueName(prefix: string) {
  const token = `${isJavaScriptProject() ? "J" : "H"}${uniqueToken()}`;
  return { token, name: `${prefix} ${token}` };
}

async function searchTraeger(page: Page, suche: string) {
  await page.goto(`/admin/schultraeger?${new URLSearchParams({ suche })}`);
  await expect(heading(page, "Schulträgerverwaltung")).toBeVisible();
}

/** The list's row of the Träger with this name. */
const row = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });

test.describe("Schulträger finden, anlegen und umbenennen", () => {
  test(
    "die Landesadministratorin öffnet die Schulträger über das Menü und sieht jeden mit all seinen Schulen",
    nurOhneJavaScript(GRUND.listePerLink),
    async ({ page, loggedInAs }) => {
      const problems = watchProblems(page);
      await loggedInAs("landesadmin", { target: "/admin/klassen" });
      await waitForHydration(page);
      const menu = page.getByRole("navigation", { name: "Navigation" });
      await expect(menu.getByText("Schulträgerverwaltung")).toBeVisible();
      await expect(menu.getByRole("link", { name: "Schulträger anlegen" })).toBeVisible();
      await menu.getByRole("link", { name: "Alle Schulträger" }).click();
      await expect(heading(page, "Schulträgerverwaltung")).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/schultraeger$/);
      await expectNoAxeViolations(page, "Schulträgerliste");
      // Other journeys add Träger: the whole list on one page keeps the seeded ones in view.
      await page.getByRole("combobox", { name: "Einträge pro Seite" }).selectOption("300");
      await page.getByRole("button", { name: "Anwenden" }).click();
      await expect(page).toHaveURL(/anzahl=300/);

      // The seeded Träger, each with its form and its schools; a long list of schools folds, complete, into a disclosure.
      const nordhafen = row(page, "Hansestadt Nordhafen");
      await expect(nordhafen.getByRole("cell").first()).toHaveText("Öffentliche Schulen");
      const schulen = nordhafen.getByRole("cell").nth(1);
      await expect(schulen.getByText(/^\d+ Schulen$/)).toBeVisible();
      await expect(schulen.getByRole("listitem").filter({ hasText: "0710001 Gemeinschaftsschule am Deich" })).toBeHidden();
      await schulen.getByText(/^\d+ Schulen$/).click();
      await expect(schulen.getByRole("listitem").filter({ hasText: "0710001 Gemeinschaftsschule am Deich" })).toBeVisible();
      const count = Number((await schulen.getByText(/^\d+ Schulen$/).textContent())?.split(" ")[0]);
      await expect(schulen.getByRole("listitem")).toHaveCount(count);
      await expectNoAxeViolations(page, "Schulträgerliste, Schulen aufgeklappt");
      const lichtblick = row(page, "Stiftung Lichtblick Schulen");
      await expect(lichtblick.getByRole("cell").first()).toHaveText("Ersatzschulen");
      await expect(lichtblick.getByRole("cell").nth(1)).toContainText("0790001 Freie Waldschule Heidkamp");

      // Search, and sort by name the other way; both stay in the address.
      const filter = page.getByRole("search", { name: "Schulträger filtern" });
      await filter.getByRole("searchbox", { name: "Name des Schulträgers suchen" }).fill("Lichtblick");
      await filter.getByRole("button", { name: "Anwenden" }).click();
      await expect(countStatus(page)).toHaveText("1 Schulträger gefunden");
      await expect(page).toHaveURL(/suche=Lichtblick/);
      await page.goto("/admin/schultraeger?anzahl=300");
      const nameHeader = page.getByRole("columnheader", { name: /Name des Schulträgers/ });
      await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
      await nameHeader.getByRole("link", { name: /absteigend sortieren$/ }).click();
      await expect(page).toHaveURL(/sortierung=-name/);
      await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
      const names = await page.getByRole("rowheader").allTextContents();
      expect(names.indexOf("Stiftung Lichtblick Schulen")).toBeLessThan(names.indexOf("Hansestadt Nordhafen"));

      // The name leads to the Träger's page: its schools link to their own pages.
      await page.getByRole("link", { name: "Hansestadt Nordhafen", exact: true }).click();
      await expect(heading(page, "Schulträger Hansestadt Nordhafen")).toBeVisible();
      await expect(page.getByRole("term")).toHaveText(["Schulträgerform"]);
      await expect(page.getByRole("definition")).toHaveText(["Öffentliche Schulen"]);
      await expect(nameField(page)).toHaveValue("Hansestadt Nordhafen");
      const region = page.getByRole("region", { name: "Schulen dieses Schulträgers" });
      await expect(region.getByText(`Diesem Schulträger sind ${count} Schulen zugeordnet.`)).toBeVisible();
      await expect(region.getByRole("link", { name: "Gemeinschaftsschule am Deich" })).toHaveAttribute(
        "href",
        new RegExp(`^/admin/schulen/${DEMO_IDS.schuleA}`),
      );
      await expect(region.getByRole("link", { name: "Schulen zuordnen" })).toHaveAttribute(
        "href",
        new RegExp(`^/admin/schultraeger/${DEMO_IDS.traegerStadt}/schulen`),
      );
      await expectNoAxeViolations(page, "Schulträger mit Schulen");
      await page.getByRole("link", { name: "Zurück zur Ergebnisliste" }).click();
      await expect(page).toHaveURL(/\/admin\/schultraeger\?.*sortierung=-name/);
      expect(problems, "Fehler in der Browser-Konsole").toEqual([]);
    },
  );

  test(
    "die Landesadministratorin legt einen öffentlichen Schulträger und einen für Ersatzschulen an",
    nurOhneJavaScript(
      "Dasselbe Formular wie beim Anlegen einer Schule (features/organisation-anlegen): Absenden, Zusammenfassung und „Weitere … anlegen“ mit leerem Namen und der zuletzt gewählten Form prüft mit JavaScript schulen.spec.ts („legt eine öffentliche Schule und eine Ersatzschule an“), die Prüfung im Browser an diesem Formular die Reise mit vergebenem Namen; Formen, Namen und die Seite des neuen Schulträgers zeichnet der Server.",
    ),
    async ({ page, loggedInAs }) => {
      const problems = watchProblems(page);
      const oeffentlich = uniqueName("Amt Geestland");
      const ersatz = uniqueName("Schulstiftung Marschland");
      await loggedInAs("landesadmin", { target: "/admin/schultraeger" });
      await page.getByRole("main").getByRole("link", { name: "Schulträger anlegen" }).click();
      await expect(heading(page, "Schulträger anlegen")).toBeVisible();
      // The first form is chosen to begin with, as in the original.
      await expect(page.getByRole("radio", { name: "Öffentliche Schulen" })).toBeChecked();
      await expect(page.getByRole("radio", { name: "Ersatzschulen" })).not.toBeChecked();
      await expectNoAxeViolations(page, "Schulträger anlegen");

      await nameField(page).fill(oeffentlich.name);
      await page.getByRole("button", { name: "Schulträger anlegen" }).click();
      await expect(heading(page, "Schulträger angelegt")).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/schultraeger\/new\?erstellt=[0-9a-f-]{36}/);
      await expect(page.getByRole("status").filter({ hasText: "Der Schulträger wurde erfolgreich angelegt." })).toBeVisible();
      await expect(page.getByRole("term")).toHaveText(["Schulträgerform", "Name des Schulträgers"]);
      await expect(page.getByRole("definition")).toHaveText(["Öffentliche Schulen", oeffentlich.name]);
      await expectNoAxeViolations(page, "Schulträger angelegt");

      await page.getByRole("link", { name: "Weiteren Schulträger anlegen" }).click();
      await expect(heading(page, "Schulträger anlegen")).toBeVisible();
      await expect(nameField(page)).toHaveValue("");
      await page.getByRole("radio", { name: "Ersatzschulen" }).check();
      await nameField(page).fill(ersatz.name);
      await page.getByRole("button", { name: "Schulträger anlegen" }).click();
      await expect(heading(page, "Schulträger angelegt")).toBeVisible();
      await expect(page.getByRole("definition")).toHaveText(["Ersatzschulen", ersatz.name]);

      // "Create another" keeps the form of the last one; the new Träger's page is one link away.
      await page.getByRole("link", { name: "Weiteren Schulträger anlegen" }).click();
      await expect(page.getByRole("radio", { name: "Ersatzschulen" })).toBeChecked();
      await page.goBack();
      await page.getByRole("link", { name: "Zum Schulträger" }).click();
      await expect(heading(page, `Schulträger ${ersatz.name}`)).toBeVisible();
      await expect(page.getByRole("definition")).toHaveText(["Ersatzschulen"]);
      await expect(page.getByText("Diesem Schulträger sind keine Schulen zugeordnet.")).toBeVisible();
      await expectNoAxeViolations(page, "neuer Schulträger ohne Schulen");

      await searchTraeger(page, oeffentlich.token);
      await expect(countStatus(page)).toHaveText("1 Schulträger gefunden");
      await expect(row(page, oeffentlich.name).getByRole("cell")).toHaveText(["Öffentliche Schulen", "Keine"]);
      expect(problems, "Fehler in der Browser-Konsole").toEqual([]);
    },
  );

  test("ein vergebener Name, ein Leerzeichen am Anfang und ein leerer Name werden auf Deutsch abgelehnt, nichts wird angelegt", async ({
    page,
    loggedInAs,
  }) => {
    const problems = watchProblems(page);
    const traeger = uniqueName("Doppelamt");
    await loggedInAs("landesadmin", { target: "/admin/schultraeger/new" });
    await waitForHydration(page);

    const name = nameField(page);
    await name.fill("Schulverband Moorland");
    await page.getByRole("button", { name: "Schulträger anlegen" }).click();
    await expect(heading(page, "Schulträger anlegen")).toBeVisible();
    await expect(name).toHaveAccessibleDescription(/Es gibt in dieser Schulträgerform bereits einen Schulträger mit diesem Namen/);
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toBeFocused();
    await expect(name).toHaveValue("Schulverband Moorland");
    await expectNoAxeViolations(page, "Schulträger anlegen, Name vergeben");

    await name.fill(` ${traeger.name}`);
    await page.getByRole("button", { name: "Schulträger anlegen" }).click();
    await expect(name).toHaveAccessibleDescription(/Der Name des Schulträgers darf nicht mit einem Leerzeichen beginnen oder enden\./);
    await expect(name).toBeFocused();
    await expectNoAxeViolations(page, "Schulträger anlegen, Name mit Leerzeichen");

    // The upstream would take an empty name: the portal refuses it, also when the browser's own check is bypassed.
    const empty = await page.request.post("/admin/schultraeger/new", { form: { schulform: DEMO_IDS.landOeffentlich, name: "" } });
    expect(empty.status()).toBe(400);
    expect(await empty.text()).toContain("Bitte geben Sie einen Namen für den Schulträger ein.");

    await searchTraeger(page, traeger.token);
    await expect(countStatus(page)).toHaveText("Keine Schulträger gefunden.");
    expect(problems, "Fehler in der Browser-Konsole").toEqual([]);
  });

  test("die Landesadministratorin benennt einen Schulträger um; hat ihn jemand inzwischen umbenannt, sagt die Seite es und nichts geht verloren", async ({
    page,
    loggedInAs,
  }) => {
    const problems = watchProblems(page);
    const traeger = uniqueName("Amt Deichvorland");
    await loggedInAs("landesadmin", { target: "/admin/schultraeger" });
    const id = await createTraegerDirectly(page, traeger.name);
    await searchTraeger(page, traeger.token);
    await page.getByRole("link", { name: traeger.name, exact: true }).click();
    await expect(heading(page, `Schulträger ${traeger.name}`)).toBeVisible();
    await waitForHydration(page);

    const renamed = `${traeger.name} Nord`;
    await nameField(page).fill(renamed);
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Der Schulträger wurde in „${renamed}“ umbenannt.` })).toBeVisible();
    await expect(heading(page, `Schulträger ${renamed}`)).toBeVisible();
    await expect(nameField(page)).toHaveValue(renamed);
    await expectNoAxeViolations(page, "Schulträger umbenannt");

    // Someone else renames it while this page still shows the name it read.
    const theirs = `${traeger.name} Süd`;
    const other = await page.context().newPage();
    await other.goto(`/admin/schultraeger/${id}`);
    await other.getByRole("textbox", { name: "Name des Schulträgers" }).fill(theirs);
    await other.getByRole("button", { name: "Speichern" }).click();
    await expect(other.getByRole("heading", { level: 1, name: `Schulträger ${theirs}` })).toBeVisible();
    await other.close();

    const mine = `${traeger.name} West`;
    await nameField(page).fill(mine);
    await page.getByRole("button", { name: "Speichern" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Inzwischen umbenannt" });
    await expect(alert).toContainText(
      `wurde der Schulträger von jemand anderem in „${theirs}“ umbenannt. Ihr Name „${mine}“ ist nicht gespeichert`,
    );
    await expect(alert).toBeFocused();
    await expect(nameField(page)).toHaveValue(mine);
    await expect(heading(page, `Schulträger ${theirs}`)).toBeVisible();
    await expectNoAxeViolations(page, "Schulträger umbenennen, inzwischen umbenannt");

    // Saving again applies the typed name knowingly.
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Der Schulträger wurde in „${mine}“ umbenannt.` })).toBeVisible();
    await expect(heading(page, `Schulträger ${mine}`)).toBeVisible();
    await searchTraeger(page, traeger.token);
    await expect(page.getByRole("rowheader")).toHaveText([mine]);
    expect(problems, "Fehler in der Browser-Konsole").toEqual([]);
  });

  test("ein vergebener Name oder Leerzeichen am Rand werden beim Umbenennen am Feld abgelehnt", async ({ page, loggedInAs }) => {
    const traeger = uniqueName("Amt Hallig");
    await loggedInAs("landesadmin", { target: "/admin/schultraeger" });
    const id = await createTraegerDirectly(page, traeger.name);
    await page.goto(`/admin/schultraeger/${id}`);
    await waitForHydration(page);
    await nameField(page).fill("Hansestadt Nordhafen");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(nameField(page)).toHaveAccessibleDescription(/bereits einen Schulträger mit diesem Namen/);
    await expect(nameField(page)).toBeFocused();
    await expectNoAxeViolations(page, "Schulträger umbenennen, Name vergeben");
    await nameField(page).fill(`${traeger.name} `);
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(nameField(page)).toHaveAccessibleDescription(/darf nicht mit einem Leerzeichen beginnen oder enden/);
    await page.goto(`/admin/schultraeger/${id}`);
    await expect(heading(page, `Schulträger ${traeger.name}`)).toBeVisible();
  });
});

// Without the right, and for an id that is no Schulträger, the pages are „Seite nicht gefunden“:
// tests/routes/zugriff-ohne-recht*.test.ts and tests/routes/unbekannte-adressen.test.ts.
