import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { DEMO_IDS, isJavaScriptProject, SCHULE_A, waitForHydration } from "./support/klassen";
import { watchProblems } from "./support/problems";
import { createSchuleDirectly, uniqueSchule as uniqueSchuleOf } from "./support/schulen";
import { GRUND, nurOhneJavaScript } from "./support/modus";

const countStatus = (page: Page) => page.getByRole("status").filter({ hasText: /Schulen? gefunden/ });
const toast = (page: Page) => page.getByRole("status").filter({ hasText: /itslearning/ });

const uniqueSchule = (prefix: string) => uniqueSchuleOf(prefix, ["9", "8"]);

async function searchSchulen(page: Page, suche: string) {
  await page.goto(`/admin/schulen?${new URLSearchParams({ suche })}`);
  await expect(page.getByRole("heading", { level: 1, name: "Schulverwaltung" })).toBeVisible();
}

/** The row of the school with this Dienststellennummer. */
const row = (page: Page, kennung: string) => page.getByRole("row").filter({ has: page.getByRole("cell", { name: kennung, exact: true }) });

test.describe("Schulen anlegen, finden und für itslearning aktivieren", () => {
  test("die Landesadministratorin legt eine öffentliche Schule und eine Ersatzschule an und findet beide in der Liste", async ({
    page,
    loggedInAs,
  }) => {
    const problems = watchProblems(page);
    const oeffentlich = uniqueSchule("Gemeinschaftsschule");
    const ersatz = uniqueSchule("Freie Schule");
    await loggedInAs("landesadmin", { target: "/admin/schulen" });
    await expectNoAxeViolations(page, "Schulliste");
    await page.getByRole("main").getByRole("link", { name: "Schule anlegen" }).click();
    await expect(page).toHaveURL(/\/admin\/schulen\/new/);
    await expect(page.getByRole("heading", { level: 1, name: "Schule anlegen" })).toBeVisible();
    // The first school form is chosen to begin with, as in the original.
    await expect(page.getByRole("radio", { name: "Öffentliche Schule" })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Ersatzschule" })).not.toBeChecked();
    await expectNoAxeViolations(page, "Schule anlegen");

    await page.getByRole("textbox", { name: "Dienststellennummer" }).fill(oeffentlich.kennung);
    await page.getByRole("textbox", { name: "Schulname" }).fill(oeffentlich.name);
    await page.getByRole("button", { name: "Schule anlegen" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Schule angelegt" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/schulen\/new\?erstellt=[0-9a-f-]{36}/);
    await expect(page.getByRole("status").filter({ hasText: "Die Schule wurde erfolgreich angelegt." })).toBeVisible();
    await expect(page.getByRole("term")).toHaveText(["Schulform", "Dienststellennummer", "Schulname"]);
    await expect(page.getByRole("definition")).toHaveText(["Öffentliche Schule", oeffentlich.kennung, oeffentlich.name]);
    await expectNoAxeViolations(page, "Schule angelegt");

    await page.getByRole("link", { name: "Weitere Schule anlegen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Schule anlegen" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Dienststellennummer" })).toHaveValue("");
    await page.getByRole("radio", { name: "Ersatzschule" }).check();
    await page.getByRole("textbox", { name: "Dienststellennummer" }).fill(ersatz.kennung);
    await page.getByRole("textbox", { name: "Schulname" }).fill(ersatz.name);
    await page.getByRole("button", { name: "Schule anlegen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Schule angelegt" })).toBeVisible();
    await expect(page.getByRole("definition")).toHaveText(["Ersatzschule", ersatz.kennung, ersatz.name]);

    // "Create another" keeps the form of the last school.
    await page.getByRole("link", { name: "Weitere Schule anlegen" }).click();
    await expect(page.getByRole("radio", { name: "Ersatzschule" })).toBeChecked();

    await page.getByRole("link", { name: "Verwerfen" }).click();
    await expect(page).toHaveURL(/\/admin\/schulen$/);
    const filter = page.getByRole("search", { name: "Schulen filtern" });
    await filter.getByRole("searchbox", { name: "Schulname oder Dienststellennummer suchen" }).fill(oeffentlich.token);
    await filter.getByRole("button", { name: "Anwenden" }).click();
    await expect(countStatus(page)).toHaveText("1 Schule gefunden");
    await expect(row(page, oeffentlich.kennung).getByRole("cell")).toHaveText([
      oeffentlich.kennung,
      oeffentlich.name,
      "Öffentliche Schule",
      "Keiner",
      "Nicht aktiviert",
      "Für itslearning aktivieren Löschen",
    ]);

    // Found by name as well.
    await searchSchulen(page, ersatz.name);
    await expect(countStatus(page)).toHaveText("1 Schule gefunden");
    await expect(row(page, ersatz.kennung).getByRole("cell").nth(2)).toHaveText("Ersatzschule");
    expect(problems, "Fehler in der Browser-Konsole").toEqual([]);
  });

  test("eine vergebene Dienststellennummer und ein Name mit Leerzeichen am Anfang werden auf Deutsch am Feld abgelehnt, nichts wird angelegt", async ({
    page,
    loggedInAs,
  }) => {
    const problems = watchProblems(page);
    const schule = uniqueSchule("Doppelschule");
    await loggedInAs("landesadmin", { target: "/admin/schulen/new" });
    await waitForHydration(page);

    // The Dienststellennummer of Gemeinschaftsschule am Deich.
    const kennung = page.getByRole("textbox", { name: "Dienststellennummer" });
    const name = page.getByRole("textbox", { name: "Schulname" });
    await kennung.fill(SCHULE_A.label.slice(0, 7));
    await name.fill(schule.name);
    await page.getByRole("button", { name: "Schule anlegen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Schule anlegen" })).toBeVisible();
    await expect(kennung).toHaveAccessibleDescription(/Diese Dienststellennummer ist bereits vergeben/);
    await expect(kennung).toHaveAttribute("aria-invalid", "true");
    await expect(kennung).toBeFocused();
    await expect(name).toHaveValue(schule.name);
    await expectNoAxeViolations(page, "Schule anlegen, Dienststellennummer vergeben");

    await kennung.fill(schule.kennung);
    await name.fill(` ${schule.name}`);
    await page.getByRole("button", { name: "Schule anlegen" }).click();
    await expect(name).toHaveAccessibleDescription(/Der Schulname darf nicht mit einem Leerzeichen beginnen oder enden\./);
    await expect(name).toBeFocused();
    await expect(page.getByRole("heading", { level: 1, name: "Schule anlegen" })).toBeVisible();
    await expectNoAxeViolations(page, "Schule anlegen, Name mit Leerzeichen");

    // Neither attempt created a school.
    await searchSchulen(page, schule.token);
    await expect(countStatus(page)).toHaveText("Keine Schulen gefunden.");
    await searchSchulen(page, schule.name.split(" ")[0]);
    await expect(page.getByRole("cell", { name: schule.name })).toHaveCount(0);
    expect(problems, "Fehler in der Browser-Konsole").toEqual([]);
  });

  test("die Landesadministratorin aktiviert eine Schule für itslearning und überträgt ihre Daten erneut", async ({ page, loggedInAs }) => {
    const problems = watchProblems(page);
    const schule = uniqueSchule("Lernplattformschule");
    await loggedInAs("landesadmin", { target: "/admin/schulen" });
    await createSchuleDirectly(page, schule);
    await searchSchulen(page, schule.token);
    await waitForHydration(page);
    const label = `${schule.kennung} (${schule.name})`;

    await row(page, schule.kennung)
      .getByRole("link", { name: `Schule ${label} für itslearning aktivieren` })
      .click();
    const question = `Möchten Sie die Daten der Schule ${label} an itslearning übertragen? Die Schule wird danach in itslearning angelegt.`;
    const confirmation = isJavaScriptProject()
      ? page.getByRole("dialog", { name: "Schule für itslearning aktivieren" })
      : page.getByRole("main");
    if (!isJavaScriptProject()) {
      await expect(page.getByRole("heading", { level: 1, name: "Schule für itslearning aktivieren" })).toBeVisible();
      await expect(page).toHaveTitle(`Schule ${label} für itslearning aktivieren – Schulportal`);
    }
    await expect(confirmation).toContainText(question);
    await expectNoAxeViolations(page, "Dialog itslearning aktivieren");
    // Cancelling changes nothing.
    await confirmation.getByRole("link", { name: "Abbrechen" }).click();
    await expect(row(page, schule.kennung).getByRole("cell").nth(4)).toHaveText("Nicht aktiviert");

    await row(page, schule.kennung)
      .getByRole("link", { name: `Schule ${label} für itslearning aktivieren` })
      .click();
    await confirmation.getByRole("button", { name: "Aktivieren" }).click();
    await expect(toast(page)).toHaveText(`Die Schule ${label} wurde für itslearning aktiviert und wird dort angelegt.`);
    await expect(page).toHaveURL(new RegExp(`/admin/schulen\\?suche=${schule.token}$`));
    await expect(row(page, schule.kennung).getByRole("cell").nth(4)).toHaveText("Aktiviert");
    await expectNoAxeViolations(page, "Schulliste nach dem Aktivieren");

    await row(page, schule.kennung)
      .getByRole("link", { name: `Erneut übertragen: Daten der Schule ${label} an itslearning` })
      .click();
    const again = isJavaScriptProject()
      ? page.getByRole("dialog", { name: "Schule erneut an itslearning übertragen" })
      : page.getByRole("main");
    await expect(again).toContainText(`Möchten Sie die Daten der Schule ${label} erneut an itslearning übertragen?`);
    await expectNoAxeViolations(page, "Dialog erneut übertragen");
    await again.getByRole("button", { name: "Erneut übertragen" }).click();
    await expect(toast(page)).toHaveText(`Die Daten der Schule ${label} wurden erneut an itslearning übertragen.`);
    await expect(row(page, schule.kennung).getByRole("cell").nth(4)).toHaveText("Aktiviert");
    if (isJavaScriptProject()) {
      // Back leaves the confirmed question behind: it goes to the list, not to the question again.
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/admin/schulen\\?suche=${schule.token}$`));
      await expect(page.getByRole("dialog")).toHaveCount(0);
    }
    expect(problems, "Fehler in der Browser-Konsole").toEqual([]);
  });

  test(
    "die Liste zeigt Schulform, Schulträger und itslearning-Status; ein Schulträger ist keine Schule zum Aktivieren",
    nurOhneJavaScript(GRUND.serverHtml),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: "/admin/schulen?suche=Freie%20Waldschule%20Heidkamp" });
      await expect(row(page, "0790001").getByRole("cell")).toHaveText([
        "0790001",
        "Freie Waldschule Heidkamp",
        "Ersatzschule",
        "Stiftung Lichtblick Schulen",
        "Aktiviert",
        "Erneut übertragen Löschen",
      ]);
      await searchSchulen(page, "0710001");
      await expect(row(page, "0710001").getByRole("cell")).toHaveText([
        "0710001",
        "Gemeinschaftsschule am Deich",
        "Öffentliche Schule",
        "Hansestadt Nordhafen",
        "Aktiviert",
        "Erneut übertragen Löschen",
      ]);

      // The dialog's address with a Schulträger's id (a hand-made link) is no school of the list.
      const response = await page.goto(`/admin/schulen?itslearning=${DEMO_IDS.traegerStadt}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Seite nicht gefunden" })).toBeVisible();
    },
  );

  test(
    "die Landesadministratorin sortiert nach Dienststellennummer und Name und blättert mit fünf Einträgen pro Seite",
    nurOhneJavaScript(GRUND.listePerLink),
    async ({ page, loggedInAs }) => {
      const base = uniqueSchule("Sortierschule");
      await loggedInAs("landesadmin", { target: "/admin/schulen" });
      // Dienststellennummer and name sort in opposite directions: 1 … 6 by number is F … A by name.
      const letters = ["F", "E", "D", "C", "B", "A"];
      for (const [index, letter] of letters.entries()) {
        await createSchuleDirectly(page, { kennung: `${base.token}${index + 1}`, name: `${letter} Sortierschule ${base.token}` });
      }
      const kennungen = (numbers: number[]) => numbers.map((number) => `${base.token}${number}`);
      const firstCells = () => page.getByRole("table").getByRole("row").locator("td:first-child");

      await page.goto(`/admin/schulen?suche=${base.token}&anzahl=5`);
      await expect(countStatus(page)).toHaveText("6 Schulen gefunden");
      const kennungHeader = page.getByRole("columnheader", { name: /Dienststellennummer/ });
      await expect(kennungHeader).toHaveAttribute("aria-sort", "ascending");
      await expect(firstCells()).toHaveText(kennungen([1, 2, 3, 4, 5]));
      // Columns that cannot be sorted do not pretend to.
      await expect(page.getByRole("columnheader", { name: "Schulträger" }).getByRole("link")).toHaveCount(0);
      await expectNoAxeViolations(page, "Schulliste sortiert");

      const pagination = page.getByRole("navigation", { name: "Seitennavigation" });
      await pagination.getByRole("link", { name: "Nächste Seite" }).click();
      await expect(pagination).toContainText("Seite 2 von 2");
      await expect(firstCells()).toHaveText(kennungen([6]));

      await kennungHeader.getByRole("link", { name: /^Dienststellennummer\s*, absteigend sortieren$/ }).click();
      await expect(page).toHaveURL(/sortierung=-kennung/);
      await expect(kennungHeader).toHaveAttribute("aria-sort", "descending");
      await expect(pagination).toContainText("Seite 1 von 2");
      await expect(firstCells()).toHaveText(kennungen([6, 5, 4, 3, 2]));

      const nameHeader = page.getByRole("columnheader", { name: /Schulname/ });
      await nameHeader.getByRole("link", { name: /^Schulname\s*, aufsteigend sortieren$/ }).click();
      await expect(page).toHaveURL(/sortierung=name/);
      await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
      await expect(kennungHeader).not.toHaveAttribute("aria-sort");
      await expect(firstCells()).toHaveText(kennungen([6, 5, 4, 3, 2]));
      await nameHeader.getByRole("link", { name: /^Schulname\s*, absteigend sortieren$/ }).click();
      await expect(firstCells()).toHaveText(kennungen([1, 2, 3, 4, 5]));
      // The search stays while sorting.
      await expect(page.getByRole("searchbox", { name: "Schulname oder Dienststellennummer suchen" })).toHaveValue(base.token);
    },
  );
});

// Without the right the school pages and their posts are „Seite nicht gefunden“: tests/routes/zugriff-ohne-recht*.test.ts.
