import type { Page } from "@playwright/test";
import { formatGermanDay, germanToday } from "~/dates";
import { E2E_PERSONEN, demoPersonId } from "../../upstream/reference/seed/demo-persons.ts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { isJavaScriptProject, SCHULE_B, SCHULE_C, waitForHydration } from "./support/klassen";
import { nurOhneJavaScript } from "./support/modus";

/** This project's own persons: the journeys change them, the other project's journeys use others. */
const personen = () => E2E_PERSONEN[test.info().project.name as keyof typeof E2E_PERSONEN];
const detailsPath = (username: string) => `/admin/personen/${demoPersonId(username)}`;

const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });
/** The dialog: without JavaScript a page of its own (its main), with JavaScript a modal dialog over the page. */
const dialogOf = (page: Page) => (isJavaScriptProject() ? page.getByRole("dialog") : page.getByRole("main"));
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const statusRegion = (page: Page) => page.getByRole("region", { name: "Status" });

async function openDialog(page: Page, link: string, title: string) {
  await waitForHydration(page);
  await page.getByRole("link", { name: link, exact: true }).click();
  // The dialog element itself has no box of its own (its panel is fixed): its title shows that it is open.
  if (isJavaScriptProject()) await expect(page.getByRole("dialog", { name: title }).getByRole("heading", { name: title })).toBeVisible();
  else await expect(heading(page, title)).toBeVisible();
}

/** The person's name as the details page's heading says it. */
async function nameOnPage(page: Page): Promise<string> {
  const text = (await heading(page, /^Benutzer: /).textContent()) ?? "";
  return text.replace(/^Benutzer: /, "");
}

/** A German day some days from today, as typed into the form. */
const inDays = (days: number) => formatGermanDay(germanToday(new Date(Date.now() + days * 24 * 60 * 60 * 1000)));

test.describe("Benutzer sperren, entsperren, löschen und synchronisieren", () => {
  test("die Landesadministratorin sperrt bis zu einem Datum, ändert die Sperre und hebt sie nach Rücksprache auf", async ({
    page,
    loggedInAs,
  }) => {
    const { sperren } = personen();
    await loggedInAs("landesadmin", { target: detailsPath(sperren) });
    const name = await nameOnPage(page);
    await expect(statusRegion(page)).toContainText("Dieser Benutzer ist aktiv.");
    await expect(page.getByRole("link", { name: "Sperre aufheben" })).toHaveCount(0);

    await openDialog(page, "Benutzer sperren", "Benutzer sperren");
    const dialog = dialogOf(page);
    // One office above the person: the state, chosen already.
    await expect(dialog.getByRole("definition")).toHaveText("Land Schleswig-Holstein");
    await expect(dialog).toContainText(`Während der Sperre kann sich ${name} nicht am Schulportal anmelden`);
    await expect(dialog.getByRole("radio", { name: "Unbefristet" })).toBeChecked();
    await expectNoAxeViolations(page, "Benutzer sperren");

    const until = inDays(10);
    await dialog.getByRole("radio", { name: "Bis zu einem bestimmten Datum" }).check();
    await dialog.getByRole("textbox", { name: "Letzter Tag der Sperre" }).fill(until);
    await dialog.getByRole("button", { name: "Benutzer sperren" }).click();
    await expect(toast(page, `${name} wurde bis einschließlich ${until} gesperrt.`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${detailsPath(sperren)}$`));
    await expect(statusRegion(page)).toContainText("Dieser Benutzer ist gesperrt.");
    await expect(statusRegion(page)).toContainText("Manuelle Sperre");
    await expect(statusRegion(page).getByRole("definition").first()).toHaveText("Land Schleswig-Holstein");
    await expect(statusRegion(page)).toContainText(until);

    // Changing the lock: the date is filled in; without the confirmation nothing is saved.
    await openDialog(page, "Sperre bearbeiten", "Sperre bearbeiten");
    const edit = dialogOf(page);
    await expect(edit.getByRole("textbox", { name: "Letzter Tag der Sperre" })).toHaveValue(until);
    await edit.getByRole("radio", { name: "Unbefristet" }).check();
    await edit.getByRole("textbox", { name: "Letzter Tag der Sperre" }).fill("");
    await edit.getByRole("button", { name: "Sperre ändern" }).click();
    await expect(edit.getByText("Bitte bestätigen Sie, dass Sie dies mit der sperrenden Stelle geklärt haben.")).toBeVisible();
    await expectNoAxeViolations(page, "Sperre bearbeiten ohne Bestätigung");
    await edit.getByRole("checkbox", { name: /Ich habe mit der sperrenden Stelle \(Land Schleswig-Holstein\) geklärt/ }).check();
    await edit.getByRole("button", { name: "Sperre ändern" }).click();
    await expect(toast(page, `Die Sperre von ${name} gilt jetzt unbefristet.`)).toBeVisible();
    await expect(statusRegion(page)).toContainText("unbefristet");

    await openDialog(page, "Sperre aufheben", "Sperre aufheben");
    const unlock = dialogOf(page);
    await expect(unlock).toContainText(`Möchten Sie die Sperre von ${name} aufheben?`);
    await expectNoAxeViolations(page, "Sperre aufheben");
    await unlock.getByRole("button", { name: "Sperre aufheben" }).click();
    await expect(unlock.getByText("Bitte bestätigen Sie, dass Sie dies mit der sperrenden Stelle geklärt haben.")).toBeVisible();
    await unlock.getByRole("checkbox", { name: /geklärt, dass die Sperre aufgehoben werden darf/ }).check();
    await unlock.getByRole("button", { name: "Sperre aufheben" }).click();
    await expect(toast(page, `Die Sperre von ${name} wurde aufgehoben.`)).toBeVisible();
    await expect(statusRegion(page)).toContainText("Dieser Benutzer ist aktiv.");
  });

  test("falsche Eingaben beim Sperren werden auf Deutsch erklärt und nichts wird gesperrt", async ({ page, loggedInAs }) => {
    // An administrator of schools B and C locks a teacher of both: she chooses in whose name.
    await loggedInAs("schuladminbc", { target: detailsPath("wbrandt") });
    await openDialog(page, "Benutzer sperren", "Benutzer sperren");
    const dialog = dialogOf(page);
    const office = dialog.getByRole("combobox", { name: "Gesperrt durch" });
    const date = dialog.getByRole("textbox", { name: "Letzter Tag der Sperre" });
    const submit = dialog.getByRole("button", { name: "Benutzer sperren" });
    await expect(office.getByRole("option")).toHaveText(["Bitte wählen", SCHULE_B.label, SCHULE_C.label]);

    await submit.click();
    await expect(dialog.getByText("Bitte wählen Sie die Organisation, in deren Namen Sie sperren.")).toBeVisible();
    await expectNoAxeViolations(page, "Benutzer sperren mit Fehlern");

    await dialog.getByRole("combobox", { name: "Gesperrt durch" }).selectOption({ label: SCHULE_C.label });
    await dialog.getByRole("radio", { name: "Bis zu einem bestimmten Datum" }).check();
    for (const [input, message] of [
      ["01.01.2020", "Das Datum muss in der Zukunft liegen. Der früheste mögliche Tag ist morgen."],
      [inDays(0), "Das Datum muss in der Zukunft liegen. Der früheste mögliche Tag ist morgen."],
      ["31.02.2030", "Diesen Tag gibt es im Kalender nicht. Bitte prüfen Sie Tag und Monat."],
      ["nächste Woche", "Bitte geben Sie das Datum im Format TT.MM.JJJJ ein"],
      ["", "Bitte geben Sie ein Datum ein."],
    ] as const) {
      await date.fill(input);
      await submit.click();
      await expect(dialog.getByText(message)).toBeVisible();
      await expect(dialog.getByRole("combobox", { name: "Gesperrt durch" })).toHaveValue(SCHULE_C.id);
    }

    await page.goto(detailsPath("wbrandt"));
    await expect(statusRegion(page)).toContainText("Dieser Benutzer ist aktiv.");
  });

  test("eine KoPers-Sperre lässt sich nur mit einer gültigen KoPers-Nummer aufheben", async ({ page, loggedInAs }) => {
    const { kopers } = personen();
    await loggedInAs("landesadmin", { target: detailsPath(kopers) });
    const name = await nameOnPage(page);
    await expect(statusRegion(page)).toContainText("Sperre wegen fehlender KoPers-Nummer");
    // Not an unlock: only a KoPers number ends this lock.
    await expect(page.getByRole("link", { name: "Sperre aufheben" })).toHaveCount(0);

    await openDialog(page, "KoPers-Nummer eintragen", "KoPers-Nummer eintragen");
    const dialog = dialogOf(page);
    await expect(dialog).toContainText(`${name} ist gesperrt, weil die KoPers-Nummer fehlt.`);
    await expectNoAxeViolations(page, "KoPers-Nummer eintragen");
    const field = dialog.getByRole("textbox", { name: "KoPers-Nr." });
    const submit = dialog.getByRole("button", { name: "KoPers-Nummer speichern" });

    await submit.click();
    await expect(dialog.getByText("Bitte geben Sie die KoPers-Nummer ein.")).toBeVisible();
    await field.fill(" 4712399");
    await submit.click();
    await expect(dialog.getByText("Die KoPers-Nummer darf nicht mit einem Leerzeichen beginnen oder enden.")).toBeVisible();
    // A number another person has: refused by the upstream, shown at the field, the input stays.
    await dialog.getByRole("textbox", { name: "KoPers-Nr." }).fill("4712001");
    await dialog.getByRole("button", { name: "KoPers-Nummer speichern" }).click();
    await expect(dialog.getByText("Die eingegebene KoPers-Nummer gehört bereits zu einer anderen Person.")).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: "KoPers-Nr." })).toHaveValue("4712001");
    await expectNoAxeViolations(page, "KoPers-Nummer eintragen mit Fehler");

    const own = test.info().project.name === "ohne-js" ? "4712301" : "4712311";
    await dialog.getByRole("textbox", { name: "KoPers-Nr." }).fill(own);
    await dialog.getByRole("button", { name: "KoPers-Nummer speichern" }).click();
    await expect(toast(page, `Die KoPers-Nummer von ${name} wurde gespeichert.`)).toBeVisible();
    await expect(statusRegion(page)).toContainText("Dieser Benutzer ist aktiv.");
    await expect(page.getByRole("region", { name: "Persönliche Daten" })).toContainText(own);
  });

  test("die Landesadministratorin löscht eine Person nach Bestätigung und kehrt zur Liste zurück", async ({ page, loggedInAs }) => {
    const { loeschen } = personen();
    // The list the user came from: searching the person's username, which finds only them.
    const list = `/admin/personen?suche=${loeschen}`;
    await loggedInAs("landesadmin", { target: list });
    await expect(page.getByRole("table")).toContainText(loeschen);
    await page.goto(`${detailsPath(loeschen)}?zurueck=${encodeURIComponent(list)}`);
    const name = await nameOnPage(page);

    await openDialog(page, "Benutzer löschen", "Benutzer löschen");
    const dialog = dialogOf(page);
    await expect(dialog).toContainText(`Möchten Sie ${name} sofort und endgültig löschen?`);
    await expectNoAxeViolations(page, "Benutzer löschen");
    await dialog.getByRole("link", { name: "Abbrechen" }).click();
    await expect(heading(page, `Benutzer: ${name}`)).toBeVisible();

    await openDialog(page, "Benutzer löschen", "Benutzer löschen");
    await dialogOf(page).getByRole("button", { name: "Benutzer löschen" }).click();
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === list);
    await expect(toast(page, `${name} wurde gelöscht.`)).toBeVisible();
    await expect(heading(page, "Alle Benutzer")).toBeVisible();
    await expect(page.getByText("Keine Benutzer gefunden.")).toBeVisible();
    const gone = await page.goto(detailsPath(loeschen));
    expect(gone?.status()).toBe(404);
  });

  test(
    "die Landesadministratorin stößt die Synchronisation an",
    nurOhneJavaScript(
      "Ein Bestätigungsdialog wie „Sperre aufheben“ auf derselben Seite: mit JavaScript derselbe Weg (öffnen, bestätigen, Meldung über der Seite), den die erste Reise geht.",
    ),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: detailsPath("mkrueger") });
      await openDialog(page, "Benutzer synchronisieren", "Benutzer synchronisieren");
      const dialog = dialogOf(page);
      await expect(dialog).toContainText("Möchten Sie Matthias Krüger erneut an alle angebundenen Systeme übertragen?");
      await expectNoAxeViolations(page, "Benutzer synchronisieren");
      await dialog.getByRole("button", { name: "Synchronisieren" }).click();
      await expect(toast(page, "Die Synchronisation von Matthias Krüger wurde gestartet.")).toBeVisible();
      await expect(heading(page, "Benutzer: Matthias Krüger")).toBeVisible();
    },
  );

  // Without the right, deleting and synchronising are „Seite nicht gefunden“, also as a post:
  // tests/routes/zugriff-ohne-recht*.test.ts.
});
