import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { createKlasseDirectly, isJavaScriptProject, SCHULE_A, waitForHydration } from "./support/klassen";
import { pathOf } from "./support/login";
import { watchProblems } from "./support/problems";
import { createSchuleDirectly, uniqueSchule as uniqueSchuleOf } from "./support/schulen";

const uniqueSchule = (prefix: string) => uniqueSchuleOf(prefix, ["5", "4"]);

const countStatus = (page: Page) => page.getByRole("status").filter({ hasText: /Schulen? gefunden/ });
const toast = (page: Page) => page.getByRole("status").filter({ hasText: /gelöscht/ });
const CONDITIONS = [
  "ihr keine Personen mehr zugeordnet sind,",
  "sie keine Klassen mehr hat,",
  "an ihr keine eigenen Rollen angelegt sind,",
  "an ihr keine Rollen um Angebote erweitert sind und",
  "ihr keine eigenen Angebote gehören.",
];

/** The confirmation: a dialog over the page with JavaScript, a page of its own without. */
function confirmation(page: Page) {
  return isJavaScriptProject() ? page.getByRole("dialog", { name: "Schule löschen" }) : page.getByRole("main");
}

test.describe("Schulen löschen", () => {
  test("die Landesadministratorin löscht eine leere Schule aus der Ergebnisliste und kehrt zur gefilterten Liste zurück", async ({
    page,
    loggedInAs,
  }) => {
    const problems = watchProblems(page);
    const schule = uniqueSchule("Auflösungsschule");
    await loggedInAs("landesadmin", { target: "/admin/schulen" });
    const id = await createSchuleDirectly(page, schule);
    await page.goto(`/admin/schulen?suche=${schule.token}`);
    await expect(countStatus(page)).toHaveText("1 Schule gefunden");
    const listUrl = pathOf(page);
    await waitForHydration(page);

    await page.getByRole("link", { name: `Schule ${schule.label} löschen` }).click();
    if (!isJavaScriptProject()) {
      await expect(page).toHaveURL(new RegExp(`loeschen=${id}`));
      await expect(page.getByRole("heading", { level: 1, name: "Schule löschen" })).toBeVisible();
      await expect(page).toHaveTitle(`Schule ${schule.label} löschen – Schulportal`);
    }
    const dialog = confirmation(page);
    await expect(dialog).toContainText(`Möchten Sie die Schule ${schule.label} endgültig löschen?`);
    await expect(dialog.getByRole("list", { name: "Eine Schule kann nur gelöscht werden, wenn" }).getByRole("listitem")).toHaveText(
      CONDITIONS,
    );
    await expectNoAxeViolations(page, "Frage zum Löschen einer Schule");

    // "Abbrechen" keeps the school and the list as it was.
    await dialog.getByRole("link", { name: "Abbrechen" }).click();
    await expect.poll(() => pathOf(page)).toBe(listUrl);
    await expect(countStatus(page)).toHaveText("1 Schule gefunden");

    await page.getByRole("link", { name: `Schule ${schule.label} löschen` }).click();
    await confirmation(page).getByRole("button", { name: "Schule löschen" }).click();
    await expect(toast(page)).toHaveText(`Die Schule ${schule.label} wurde gelöscht.`);
    await expect.poll(() => pathOf(page)).toBe(listUrl);
    await expect(countStatus(page)).toHaveText("Keine Schulen gefunden.");
    await expectNoAxeViolations(page, "Schulliste nach dem Löschen");

    const gone = await page.goto(`/admin/schulen/${id}`);
    expect(gone?.status()).toBe(404);
    expect(problems, "Fehler in der Browser-Konsole").toEqual([]);
  });

  test("eine Schule mit Klassen wird auf ihrer Seite nicht gelöscht: der Grund steht auf Deutsch in der Frage, die Schule bleibt", async ({
    page,
    loggedInAs,
  }) => {
    const schule = uniqueSchule("Klassenschule");
    await loggedInAs("landesadmin", { target: "/admin/schulen" });
    const id = await createSchuleDirectly(page, schule);
    await createKlasseDirectly(page, id, "5a");
    await page.goto(`/admin/schulen/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Schule ${schule.label}` })).toBeVisible();
    await waitForHydration(page);

    await page.getByRole("link", { name: "Schule löschen" }).click();
    const dialog = confirmation(page);
    await dialog.getByRole("button", { name: "Schule löschen" }).click();
    const alert = dialog.getByRole("alert");
    await expect(alert).toContainText("Löschen nicht möglich");
    await expect(alert).toContainText("eine Schule zum Beispiel ihre Klassen");
    await expectNoAxeViolations(page, "Schule löschen abgelehnt");

    await dialog.getByRole("link", { name: "Abbrechen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Schule ${schule.label}` })).toBeVisible();
    await expect(page.getByRole("main").locator("dt", { hasText: "Klassen" }).locator("xpath=following-sibling::dd[1]")).toHaveText(
      "1 Klasse",
    );
  });

  test("die Frage zum Löschen geht ganz mit der Tastatur: Escape schließt sie, der Fokus kehrt zum Auslöser zurück", async ({
    page,
    loggedInAs,
  }) => {
    test.skip(!isJavaScriptProject(), "Ohne JavaScript ist die Frage eine eigene Seite; ihre Bedienung prüft der erste Test.");
    await loggedInAs("landesadmin", { target: "/admin/schulen?suche=0710001" });
    await waitForHydration(page);
    const trigger = page.getByRole("link", { name: `Schule ${SCHULE_A.label} löschen` });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Schule löschen" });
    await expect(dialog).toContainText(`Möchten Sie die Schule ${SCHULE_A.label} endgültig löschen?`);
    await expect(dialog.locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();
    await expect(page).not.toHaveURL(/loeschen=/);
  });
});
