import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { createKlasseDirectly, DEMO_IDS, isJavaScriptProject, SCHULE_A, waitForHydration } from "./support/klassen";
import { watchProblems } from "./support/problems";
import { createSchuleDirectly, uniqueSchule as uniqueSchuleOf } from "./support/schulen";
import { nurOhneJavaScript } from "./support/modus";

const uniqueSchule = (prefix: string) => uniqueSchuleOf(prefix, ["7", "6"]);

const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });
const toast = (page: Page) => page.getByRole("status").filter({ hasText: /gespeichert|itslearning|Nichts geändert/ });
const kennungField = (page: Page) => page.getByRole("textbox", { name: "Dienststellennummer" });
const nameField = (page: Page) => page.getByRole("textbox", { name: "Schulname" });

/** The value shown for a term of the page's description list. */
function valueOf(page: Page, term: string): Locator {
  return page.getByRole("main").locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");
}

async function openEditForm(page: Page, schule: { label: string }) {
  await page.getByRole("link", { name: "Schule bearbeiten", exact: true }).click();
  await expect(heading(page, `Schule ${schule.label} bearbeiten`)).toBeVisible();
  await waitForHydration(page);
}

test.describe("Die Seite einer Schule", () => {
  test("die Landesadministratorin öffnet eine Schule aus der Liste, sieht ihre Daten und folgt dem Link zu ihren Klassen", async ({
    page,
    loggedInAs,
  }) => {
    const problems = watchProblems(page);
    const schule = uniqueSchule("Detailschule");
    await loggedInAs("landesadmin", { target: "/admin/schulen" });
    const id = await createSchuleDirectly(page, schule);
    const klasse = `Klasse ${schule.token.slice(-6)}`;
    await createKlasseDirectly(page, id, klasse);

    await page.goto(`/admin/schulen?suche=${schule.token}`);
    await waitForHydration(page);
    // With JavaScript the link is a client navigation: the page is not loaded again.
    await page.evaluate(() => Object.assign(window, { ohneNeuladen: true }));
    await page.getByRole("link", { name: schule.name, exact: true }).click();
    await expect(heading(page, `Schule ${schule.label}`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/schulen/${id}\\?zurueck=`));
    if (isJavaScriptProject()) {
      expect(await page.evaluate(() => (window as { ohneNeuladen?: boolean }).ohneNeuladen)).toBe(true);
      await expect(heading(page, `Schule ${schule.label}`)).toBeFocused();
    }
    await expect(page.getByRole("main").getByRole("term")).toHaveText([
      "Schulform",
      "Dienststellennummer",
      "Schulname",
      "Schulträger",
      "itslearning",
      "Klassen",
    ]);
    await expect(page.getByRole("main").getByRole("definition")).toHaveText([
      "Öffentliche Schule",
      schule.kennung,
      schule.name,
      "Keiner",
      "Nicht aktiviert",
      "1 Klasse",
    ]);
    await expect(page.getByRole("link", { name: "Personen dieser Schule" })).toHaveAttribute("href", `/admin/personen?organisation=${id}`);
    await expectNoAxeViolations(page, "Seite einer Schule");

    await page.getByRole("link", { name: "Klassen dieser Schule" }).click();
    await expect(heading(page, "Klassenverwaltung")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/klassen\\?schule=${id}$`));
    await expect(page.getByRole("link", { name: klasse, exact: true })).toBeVisible();

    // Back from the class list, "back to the list" leads to the school list with its search.
    await page.goBack();
    await page.getByRole("link", { name: "Zurück zur Ergebnisliste" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/schulen\\?suche=${schule.token}$`));
    expect(problems, "Fehler in der Browser-Konsole").toEqual([]);
  });

  test("eine Schule mit Schulträger zeigt ihn; die Schule wird von ihrer Seite aus für itslearning aktiviert", async ({
    page,
    loggedInAs,
  }) => {
    await loggedInAs("landesadmin", { target: `/admin/schulen/${SCHULE_A.id}` });
    await expect(heading(page, `Schule ${SCHULE_A.label}`)).toBeVisible();
    await expect(valueOf(page, "Schulträger")).toHaveText("Hansestadt Nordhafen");
    await expect(valueOf(page, "itslearning")).toHaveText("Aktiviert");
    // The Schulträger's page, for whoever may manage Schulträger.
    await valueOf(page, "Schulträger").getByRole("link", { name: "Hansestadt Nordhafen" }).click();
    await expect(heading(page, "Schulträger Hansestadt Nordhafen")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/schultraeger/${DEMO_IDS.traegerStadt}$`));
    await page.goBack();
    await page.getByRole("link", { name: "Personen dieser Schule" }).click();
    await expect(heading(page, "Alle Benutzer")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/personen\\?organisation=${SCHULE_A.id}$`));
    await expect(page.getByRole("cell", { name: "Lehmann", exact: true })).toBeVisible();

    const schule = uniqueSchule("Plattformschule");
    const id = await createSchuleDirectly(page, schule);
    await page.goto(`/admin/schulen/${id}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Für itslearning aktivieren" }).click();
    const confirmation = isJavaScriptProject()
      ? page.getByRole("dialog", { name: "Schule für itslearning aktivieren" })
      : page.getByRole("main");
    await expect(confirmation).toContainText(`Möchten Sie die Daten der Schule ${schule.label} an itslearning übertragen?`);
    await expect(page).toHaveURL(new RegExp(`/admin/schulen/${id}\\?itslearning=?$`));
    await expectNoAxeViolations(page, "Dialog itslearning auf der Seite der Schule");
    await confirmation.getByRole("button", { name: "Aktivieren" }).click();
    await expect(toast(page)).toHaveText(`Die Schule ${schule.label} wurde für itslearning aktiviert und wird dort angelegt.`);
    await expect(page).toHaveURL(new RegExp(`/admin/schulen/${id}$`));
    await expect(valueOf(page, "itslearning")).toHaveText("Aktiviert");
    await expect(page.getByRole("link", { name: "Erneut übertragen" })).toBeVisible();
  });

  test(
    "nach dem Anlegen führt ein Link zur Seite der neuen Schule",
    nurOhneJavaScript("Das Anlegen mit JavaScript prüft schulen.spec.ts; hier nur der Link der Bestätigung, den der Server zeichnet."),
    async ({ page, loggedInAs }) => {
      const schule = uniqueSchule("Neue Schule");
      await loggedInAs("landesadmin", { target: "/admin/schulen/new" });
      await kennungField(page).fill(schule.kennung);
      await nameField(page).fill(schule.name);
      await page.getByRole("button", { name: "Schule anlegen" }).click();
      await expect(heading(page, "Schule angelegt")).toBeVisible();
      await page.getByRole("link", { name: "Zur Seite der Schule" }).click();
      await expect(heading(page, `Schule ${schule.label}`)).toBeVisible();
    },
  );
});

test.describe("Dienststellennummer und Namen einer Schule ändern", () => {
  test(
    "Dienststellennummer und Name werden zusammen geändert",
    nurOhneJavaScript(
      "Das Speichern mit JavaScript (Knopf erst nach einer Änderung, Prüfung im Browser, Weiterleitung zur Seite der Schule) geht die Reise zum veralteten Formular bis zum zweiten Speichern; Meldung, Daten und Schulform danach zeichnet der Server.",
    ),
    async ({ page, loggedInAs }) => {
      const problems = watchProblems(page);
      const schule = uniqueSchule("Umbenennschule");
      await loggedInAs("landesadmin", { target: "/admin/schulen" });
      const id = await createSchuleDirectly(page, schule);
      await page.goto(`/admin/schulen/${id}`);
      await openEditForm(page, schule);
      await expect(kennungField(page)).toHaveValue(schule.kennung);
      await expect(nameField(page)).toHaveValue(schule.name);
      await expectNoAxeViolations(page, "Schule bearbeiten");

      const neu = { kennung: `${schule.kennung}1`, name: `Neue ${schule.name}` };
      await kennungField(page).fill(neu.kennung);
      await nameField(page).fill(neu.name);
      await page.getByRole("button", { name: "Speichern" }).click();
      const label = `${neu.kennung} (${neu.name})`;
      await expect(heading(page, `Schule ${label}`)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/admin/schulen/${id}$`));
      await expect(toast(page)).toHaveText(`Die Schule ${label} wurde gespeichert.`);
      await expect(valueOf(page, "Dienststellennummer")).toHaveText(neu.kennung);
      await expect(valueOf(page, "Schulname")).toHaveText(neu.name);
      // The school keeps its form.
      await expect(valueOf(page, "Schulform")).toHaveText("Öffentliche Schule");
      await expectNoAxeViolations(page, "Schule nach dem Speichern");
      expect(problems, "Fehler in der Browser-Konsole").toEqual([]);
    },
  );

  test(
    "nur den Namen zu ändern erklärt das Formular am Namen, gespeichert wird nichts",
    nurOhneJavaScript(
      "Eine Ablehnung des Servers am Feld mit Fokus wie bei der vergebenen Dienststellennummer, die mit JavaScript geprüft wird; nur der Text ist ein anderer, und die Eingaben behält mit JavaScript die Reise zum veralteten Formular.",
    ),
    async ({ page, loggedInAs }) => {
      const schule = uniqueSchule("Namensschule");
      await loggedInAs("landesadmin", { target: "/admin/schulen" });
      const id = await createSchuleDirectly(page, schule);
      await page.goto(`/admin/schulen/${id}`);
      await openEditForm(page, schule);
      await nameField(page).fill(`Andere ${schule.name}`);
      await page.getByRole("button", { name: "Speichern" }).click();
      await expect(nameField(page)).toHaveAccessibleDescription(
        /Der Schulname kann nur zusammen mit einer neuen Dienststellennummer geändert werden\..*Es wurde nichts gespeichert\./,
      );
      await expect(nameField(page)).toHaveAttribute("aria-invalid", "true");
      await expect(nameField(page)).toBeFocused();
      await expect(nameField(page)).toHaveValue(`Andere ${schule.name}`);
      await expect(kennungField(page)).not.toHaveAttribute("aria-invalid", "true");
      await expectNoAxeViolations(page, "Schule bearbeiten, nur der Name");

      await page.goto(`/admin/schulen/${id}`);
      await expect(valueOf(page, "Schulname")).toHaveText(schule.name);
    },
  );

  test("eine vergebene Dienststellennummer wird am Feld abgelehnt, nichts ändert sich", async ({ page, loggedInAs }) => {
    const schule = uniqueSchule("Nummernschule");
    await loggedInAs("landesadmin", { target: "/admin/schulen" });
    const id = await createSchuleDirectly(page, schule);
    await page.goto(`/admin/schulen/${id}`);
    await openEditForm(page, schule);
    await kennungField(page).fill(SCHULE_A.label.slice(0, 7));
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(kennungField(page)).toHaveAccessibleDescription(/Diese Dienststellennummer ist bereits vergeben/);
    await expect(kennungField(page)).toBeFocused();
    await expectNoAxeViolations(page, "Schule bearbeiten, Dienststellennummer vergeben");

    // Blanks around the name are refused by the rules of creation.
    await kennungField(page).fill(`${schule.kennung}2`);
    await nameField(page).fill(`${schule.name} `);
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(nameField(page)).toHaveAccessibleDescription(/Der Schulname darf nicht mit einem Leerzeichen beginnen oder enden\./);

    await page.goto(`/admin/schulen/${id}`);
    await expect(valueOf(page, "Dienststellennummer")).toHaveText(schule.kennung);
    await expect(valueOf(page, "Schulname")).toHaveText(schule.name);
  });

  test("ein veraltetes Formular zeigt den Konflikt, behält die Eingaben und speichert sie beim zweiten Mal wissentlich", async ({
    page,
    loggedInAs,
  }) => {
    const schule = uniqueSchule("Konfliktschule");
    await loggedInAs("landesadmin", { target: "/admin/schulen" });
    const id = await createSchuleDirectly(page, schule);
    await page.goto(`/admin/schulen/${id}`);
    await openEditForm(page, schule);
    const mine = { kennung: `${schule.kennung}3`, name: `Meine ${schule.name}` };
    await kennungField(page).fill(mine.kennung);
    await nameField(page).fill(mine.name);

    // Meanwhile someone else changes the school (here: the same administrator in a second tab).
    const theirs = { kennung: `${schule.kennung}4`, name: `Andere ${schule.name}` };
    const other = await page.context().newPage();
    await other.goto(`/admin/schulen/${id}?bearbeiten`);
    await kennungField(other).fill(theirs.kennung);
    await nameField(other).fill(theirs.name);
    await other.getByRole("button", { name: "Speichern" }).click();
    await expect(heading(other, `Schule ${theirs.kennung} (${theirs.name})`)).toBeVisible();
    await other.close();

    await page.getByRole("button", { name: "Speichern" }).click();
    const conflict = page.getByRole("alert").filter({ hasText: "Daten wurden geändert" });
    await expect(conflict).toBeVisible();
    // One instruction: the input stays, so the message does not ask for a reload.
    await expect(conflict).toContainText("Ihre Änderung ist noch nicht gespeichert.");
    await expect(conflict).not.toContainText("laden Sie die Seite neu");
    await expect(page.getByRole("main")).toContainText(
      `Jetzt gespeichert sind die Dienststellennummer „${theirs.kennung}“ und der Schulname „${theirs.name}“.`,
    );
    await expect(kennungField(page)).toHaveValue(mine.kennung);
    await expect(nameField(page)).toHaveValue(mine.name);
    await expect(page.getByRole("link", { name: "Aktuelle Daten laden (Eingaben verwerfen)" })).toBeVisible();
    await expectNoAxeViolations(page, "Schule bearbeiten, Konflikt");

    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(heading(page, `Schule ${mine.kennung} (${mine.name})`)).toBeVisible();
    await expect(valueOf(page, "Schulname")).toHaveText(mine.name);
  });
});

// Without the right, and for an id that is no school, the page is „Seite nicht gefunden“:
// tests/routes/zugriff-ohne-recht*.test.ts and tests/routes/unbekannte-adressen.test.ts.
