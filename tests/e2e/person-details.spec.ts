import type { Page } from "@playwright/test";
import { E2E_DETAILS_PERSONEN, demoPersonId } from "../../upstream/reference/seed/demo-persons.ts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { afterRouterIdle, isJavaScriptProject, SCHULE_A, waitForHydration } from "./support/klassen";
import { submitPasswordForm } from "./support/login";
import { GRUND, nurMitJavaScript, nurOhneJavaScript } from "./support/modus";

/** This project's own persons: the journeys change them, the other project's journeys use others. */
const personen = () => E2E_DETAILS_PERSONEN[test.info().project.name as keyof typeof E2E_DETAILS_PERSONEN];
const detailsPath = (username: string) => `/admin/personen/${demoPersonId(username)}`;
const LIST_WITH_FILTER = `/admin/personen?suche=Hafenkante&seite=2`;

const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });
/** The dialog: without JavaScript a page of its own (its main), with JavaScript a modal dialog over the page. */
const dialogOf = (page: Page) => (isJavaScriptProject() ? page.getByRole("dialog") : page.getByRole("main"));

async function openDialog(page: Page, link: string, title: string) {
  await waitForHydration(page);
  await page.getByRole("link", { name: link }).click();
  // The dialog element itself has no box of its own (its panel is fixed): its heading shows it.
  if (isJavaScriptProject()) await expect(page.getByRole("dialog", { name: title }).getByRole("heading", { name: title })).toBeVisible();
  else await expect(heading(page, title)).toBeVisible();
}

/** The password shown once: revealed as the user would (details without JavaScript, the toggle with it). */
async function revealedPassword(page: Page, outputId: string): Promise<string> {
  const output = page.locator(`#${outputId}`);
  if (isJavaScriptProject()) await output.getByRole("button", { name: "Passwort anzeigen" }).click();
  else await output.getByText("Passwort anzeigen").click();
  const text = output.locator('[translate="no"]').filter({ visible: true }).first();
  await expect(text).toHaveText(/^\S{8,}$/);
  return (await text.textContent()) ?? "";
}

test.describe("Details einer Person", () => {
  test(
    "die Landesadministratorin sieht persönliche Daten, Sperren, Schulzuordnungen und den Zwei-Faktor-Status",
    nurOhneJavaScript(GRUND.serverHtml),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: `${detailsPath("fpetersen")}?zurueck=${encodeURIComponent(LIST_WITH_FILTER)}` });
      await expect(heading(page, "Benutzer: Frauke Petersen")).toBeVisible();
      await expect(page).toHaveTitle("Frauke Petersen – Benutzer – Schulportal");
      await expect(page.getByRole("link", { name: "Zurück zur Benutzerliste" })).toHaveAttribute("href", LIST_WITH_FILTER);

      const daten = page.getByRole("region", { name: "Persönliche Daten" });
      await expect(daten.getByRole("term")).toHaveText(["Vorname", "Nachname", "Benutzername", "KoPers-Nr.", "E-Mail-Adresse"]);
      await expect(daten.getByRole("definition").nth(3)).toContainText("fehlt");
      await expect(daten.getByRole("definition").nth(4)).toHaveText(/frauke\.petersen@schule-sh\.de \(Status: fehlerhaft/);

      const status = page.getByRole("region", { name: "Status" });
      await expect(status).toContainText("Dieser Benutzer ist gesperrt.");
      await expect(status).toContainText("Sperre wegen fehlender KoPers-Nummer");
      await expect(status).toContainText("Die Sperre endet, sobald eine gültige KoPers-Nummer eingetragen wird");
      await expect(status).toContainText("Manuelle Sperre");
      await expect(status.getByRole("definition").first()).toHaveText(SCHULE_A.label);

      await expect(page.getByRole("region", { name: "Schulzuordnungen" }).getByRole("listitem")).toHaveText([
        `${SCHULE_A.label}: Lehrkraft`,
      ]);
      await expect(page.getByRole("region", { name: "Zwei-Faktor-Authentifizierung" })).toContainText(
        "keine Zwei-Faktor-Authentifizierung",
      );
      await expect(page.getByRole("link", { name: "Gerätepasswort erzeugen" })).toBeVisible();
      await expectNoAxeViolations(page, "Details einer Person");

      // A pupil: classes merged into the school's line, no device password.
      await page.goto(detailsPath("mschroeder"));
      await expect(page.getByRole("region", { name: "Schulzuordnungen" }).getByRole("listitem")).toHaveText([
        `${SCHULE_A.label}: itslearning-Schüler, Klasse 8a`,
      ]);
      await expect(page.getByRole("link", { name: "Gerätepasswort erzeugen" })).toHaveCount(0);
      await expect(page.getByRole("region", { name: "Status" })).toContainText("Dieser Benutzer ist aktiv.");
      // The administrator herself: a software token with its serial.
      await page.goto(detailsPath("landesadmin"));
      await expect(page.getByRole("region", { name: "Zwei-Faktor-Authentifizierung" })).toContainText(
        "Ein Software-Token ist eingerichtet. Seriennummer: TOTP-LANDESADMIN",
      );
    },
  );

  test("die Landesadministratorin ändert den Nachnamen, wird auf Eingabefehler hingewiesen und sieht den neuen Benutzernamen", async ({
    page,
    loggedInAs,
  }) => {
    test.slow();
    const { umbenennen } = personen();
    await loggedInAs("landesadmin", { target: detailsPath(umbenennen) });
    const before = (await page.getByTestId("benutzername").textContent()) ?? "";
    expect(before).toBe(umbenennen);
    await openDialog(page, "Persönliche Daten bearbeiten", "Persönliche Daten bearbeiten");
    const dialog = dialogOf(page);
    await expect(dialog).toContainText("ändern sich sofort auch der Benutzername und die E-Mail-Adresse");
    await expectNoAxeViolations(page, "Persönliche Daten bearbeiten");

    // Saved is only a change: with JavaScript the button says why it waits, without it the post changes nothing.
    if (isJavaScriptProject()) {
      await expect(dialog.getByRole("button", { name: "Speichern" })).toHaveAttribute("aria-disabled", "true");
      await expect(dialog).toContainText("Speichern ist möglich, sobald Sie etwas geändert haben.");
    } else {
      await dialog.getByRole("button", { name: "Speichern" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Nichts geändert" })).toBeVisible();
      await expect(page.getByTestId("benutzername")).toHaveText(umbenennen);
      await openDialog(page, "Persönliche Daten bearbeiten", "Persönliche Daten bearbeiten");
    }

    const vorname = dialog.getByRole("textbox", { name: "Vorname" });
    const nachname = dialog.getByRole("textbox", { name: "Nachname" });
    const kopers = dialog.getByRole("textbox", { name: "KoPers-Nr." });
    const save = dialog.getByRole("button", { name: "Speichern" });
    const original = { vorname: await vorname.inputValue(), nachname: await nachname.inputValue() };

    await vorname.fill("");
    await nachname.fill("B");
    await kopers.fill("");
    await save.click();
    await expect(dialog.getByText("Bitte geben Sie den Vornamen ein.")).toBeVisible();
    await expect(dialog.getByText("Der Nachname muss mindestens 2 Zeichen lang sein.")).toBeVisible();
    await expect(dialog.getByText("Eine vorhandene KoPers-Nummer kann nicht gelöscht werden.")).toBeVisible();
    await expectNoAxeViolations(page, "Persönliche Daten bearbeiten mit Fehlern");

    await dialog.getByRole("textbox", { name: "Vorname" }).fill(" Bernd");
    await dialog.getByRole("textbox", { name: "Nachname" }).fill("R2-D2");
    await dialog.getByRole("textbox", { name: "KoPers-Nr." }).fill("4712299 ");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(dialog.getByText("Der Vorname darf nicht mit einem Leerzeichen beginnen oder enden.")).toBeVisible();
    await expect(dialog.getByText("Der Nachname enthält unzulässige Zeichen.")).toBeVisible();
    await expect(dialog.getByText("Die KoPers-Nummer darf nicht mit einem Leerzeichen beginnen oder enden.")).toBeVisible();

    // A KoPers number that another person has: shown on its field, the input stays.
    await dialog.getByRole("textbox", { name: "Vorname" }).fill(original.vorname);
    await dialog.getByRole("textbox", { name: "Nachname" }).fill(`${original.nachname}-Neu`);
    await dialog.getByRole("textbox", { name: "KoPers-Nr." }).fill("4712001");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(dialog.getByText("Die eingegebene KoPers-Nummer gehört bereits zu einer anderen Person.")).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: "Nachname" })).toHaveValue(`${original.nachname}-Neu`);

    const kopersOwn = test.info().project.name === "ohne-js" ? "4712201" : "4712211";
    await dialog.getByRole("textbox", { name: "KoPers-Nr." }).fill(kopersOwn);
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(heading(page, `Benutzer: ${original.vorname} ${original.nachname}-Neu`)).toBeVisible();
    const expected = `${before}neu`;
    await expect(page.getByTestId("benutzername")).toHaveText(expected);
    await expect(page.getByRole("status").filter({ hasText: `Benutzername: ${expected}` })).toBeVisible();
    await expectNoAxeViolations(page, "Details nach dem Speichern");
  });

  test("die Landesadministratorin setzt das Passwort zurück, erzeugt ein Gerätepasswort, und die Person meldet sich mit dem neuen an", async ({
    page,
    loggedInAs,
    browser,
    baseURL,
  }) => {
    test.slow();
    const { passwort: username } = personen();
    await loggedInAs("landesadmin", { target: detailsPath(username) });

    await openDialog(page, "Passwort zurücksetzen", "Passwort zurücksetzen");
    await expect(dialogOf(page)).toContainText("Möchten Sie das Passwort von");
    await expectNoAxeViolations(page, "Passwort zurücksetzen: Rückfrage");
    const [confirmation] = await Promise.all([
      page.waitForRequest((request) => request.method() === "POST"),
      dialogOf(page).getByRole("button", { name: "Passwort zurücksetzen" }).click(),
    ]);
    await expect(dialogOf(page).getByText("Das Passwort wurde zurückgesetzt.")).toBeVisible();
    // The result takes the focus from the vanished button.
    if (isJavaScriptProject()) await expect(dialogOf(page).getByText("Das Passwort wurde zurückgesetzt.")).toBeFocused();
    await expect(dialogOf(page)).toContainText("Wenn Sie diese Seite verlassen oder neu laden, ist es nicht mehr abrufbar");
    const password = await revealedPassword(page, "passwort-ausgabe");
    expect(page.url()).not.toContain(password);
    expect(JSON.stringify(await page.context().cookies())).not.toContain(password);
    await expectNoAxeViolations(page, "Passwort zurücksetzen: neues Passwort");
    if (isJavaScriptProject()) {
      // Escape does not throw the password away.
      await page.keyboard.press("Escape");
      await expect(dialogOf(page).getByText("Das Passwort wurde zurückgesetzt.")).toBeVisible();
      // The focus stays in the dialog (Headless UI lets go of it on Escape), not on the page behind it.
      await expect(dialogOf(page).locator(":focus")).toHaveCount(1);
    }

    // Sending the same confirmation again (a reload of the result page does) sets no second password, which would
    // void the one just handed out: the login below still works with it.
    const again = await page.request.post(confirmation.url(), {
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(page.url()).origin },
      data: confirmation.postData() ?? "",
    });
    expect(again.status()).toBe(409);
    expect(await again.text()).not.toContain(password);

    // Leaving loses it: the dialog's address alone asks again.
    await page.goto(`${detailsPath(username)}?passwort`);
    await expect(page.getByRole("button", { name: "Passwort zurücksetzen" })).toBeVisible();
    await expect(page.getByText(password)).toHaveCount(0);

    await page.goto(detailsPath(username));
    await openDialog(page, "Gerätepasswort erzeugen", "Gerätepasswort erzeugen");
    await expectNoAxeViolations(page, "Gerätepasswort: Rückfrage");
    await dialogOf(page).getByRole("button", { name: "Gerätepasswort erzeugen" }).click();
    await expect(dialogOf(page).getByText("Das Gerätepasswort wurde erzeugt.")).toBeVisible();
    const devicePassword = await revealedPassword(page, "geraetepasswort-ausgabe");
    expect(devicePassword).not.toBe(password);
    await expectNoAxeViolations(page, "Gerätepasswort: neues Passwort");

    // The person logs in with the new password and has to choose an own one.
    const context = await browser.newContext({ baseURL, locale: "de-DE" });
    try {
      const own = await context.newPage();
      await own.goto("/start");
      await submitPasswordForm(own, username, password);
      await expect(own).toHaveURL(/\/api\/auth\/idp\/passwort-neu/);
      await expect(own.getByRole("heading", { level: 1, name: "Neues Passwort festlegen" })).toBeVisible();
      await own.getByLabel("Neues Passwort", { exact: true }).fill("Eigenes-Passwort-2026");
      await own.getByLabel("Neues Passwort wiederholen").fill("Eigenes-Passwort-2026");
      await own.getByRole("button", { name: "Passwort speichern" }).click();
      await expect(own).toHaveURL(/\/start$/);
    } finally {
      await context.close();
    }
  });

  test("ein veraltetes Formular zeigt den Konflikt, behält die Eingaben und speichert sie auf Wunsch über den neuen Stand", async ({
    page,
    loggedInAs,
  }) => {
    test.slow();
    const { konflikt } = personen();
    await loggedInAs("landesadmin", { target: detailsPath(konflikt) });
    await openDialog(page, "Persönliche Daten bearbeiten", "Persönliche Daten bearbeiten");
    const dialog = dialogOf(page);
    const original = await dialog.getByRole("textbox", { name: "Nachname" }).inputValue();
    await dialog.getByRole("textbox", { name: "Vorname" }).fill("Konstantin");

    // Meanwhile someone else changes the person (here: the same administrator in a second tab).
    const other = await page.context().newPage();
    await other.goto(`${detailsPath(konflikt)}?bearbeiten`);
    await other.getByRole("textbox", { name: "Nachname" }).fill(`${original}-Zwischen`);
    await other.getByRole("button", { name: "Speichern" }).click();
    await expect(other.getByRole("heading", { level: 1, name: new RegExp(`${original}-Zwischen$`) })).toBeVisible();
    await other.close();

    await dialog.getByRole("button", { name: "Speichern" }).click();
    const conflict = dialog.getByRole("alert").filter({ hasText: "Daten wurden geändert" });
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText("Ihre Änderung ist noch nicht gespeichert.");
    await expect(conflict).not.toContainText("laden Sie die Daten neu");
    await expect(dialog).toContainText(`Nachname ${original}-Zwischen`);
    await expect(dialog.getByRole("textbox", { name: "Vorname" })).toHaveValue("Konstantin");
    await expect(dialog.getByRole("textbox", { name: "Nachname" })).toHaveValue(original);
    await expect(dialog.getByRole("link", { name: "Aktuelle Daten laden (Eingaben verwerfen)" })).toBeVisible();
    await expectNoAxeViolations(page, "Konflikt beim Speichern");

    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(heading(page, `Benutzer: Konstantin ${original}`)).toBeVisible();
  });

  test(
    "eine Ablehnung bleibt im offenen Dialog stehen, auch wenn ihre Texte erst nach der Antwort ankommen",
    nurMitJavaScript("Die Texte einer Ablehnung lädt nur der Browser mit JavaScript nach."),
    async ({ page, loggedInAs }) => {
      // The error texts load when a form is sent; on a slow line the refusal can be there first. The dialog used to
      // vanish then: its content waited for the texts, and Headless UI took the empty dialog for a closed one.
      let releaseTexts = () => {};
      const textsHeld = new Promise<void>((resolve) => (releaseTexts = resolve));
      await page.route(/\/build\/_shared\/errors-[^/]+\.js$/, async (route) => {
        await textsHeld;
        await route.continue();
      });
      await loggedInAs("landesadmin", { target: detailsPath("hoezdemir") });
      await openDialog(page, "Persönliche Daten bearbeiten", "Persönliche Daten bearbeiten");
      const dialog = page.getByRole("dialog", { name: "Persönliche Daten bearbeiten" });
      // Another person's KoPers number: the upstream refuses it, nothing changes.
      await dialog.getByRole("textbox", { name: "KoPers-Nr." }).fill("4712001");
      const refusal = page.waitForResponse((response) => response.request().method() === "POST" && response.status() === 400);
      await dialog.getByRole("button", { name: "Speichern" }).click();
      await refusal;
      // The answer is handled and the browser has laid out the dialog since: it used to be closed by then.
      await afterRouterIdle(page);
      releaseTexts();
      await expect(dialog.getByText("Die eingegebene KoPers-Nummer gehört bereits zu einer anderen Person.")).toBeVisible();
      await expect(page).toHaveURL(/\?bearbeiten/);
      await expect(dialog.getByRole("textbox", { name: "KoPers-Nr." })).toHaveValue("4712001");
    },
  );

  test(
    "Escape auf geänderten persönlichen Daten fragt erst, ob die Änderungen verloren gehen sollen",
    nurMitJavaScript("Escape und die Rückfrage beim Verlassen gibt es nur mit JavaScript; ohne ist der Dialog eine Seite."),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: detailsPath("hoezdemir") });
      await openDialog(page, "Persönliche Daten bearbeiten", "Persönliche Daten bearbeiten");
      const dialog = page.getByRole("dialog", { name: "Persönliche Daten bearbeiten" });
      const vorname = dialog.getByRole("textbox", { name: "Vorname" });
      await vorname.fill("Hannelore");
      await page.keyboard.press("Escape");
      const frage = page.getByRole("dialog", { name: "Ungespeicherte Änderungen" });
      await expect(frage.getByRole("heading", { name: "Ungespeicherte Änderungen" })).toBeVisible();
      await expectNoAxeViolations(page, "Rückfrage vor dem Verwerfen");
      await frage.getByRole("button", { name: "Auf der Seite bleiben" }).click();
      await expect(frage).toHaveCount(0);
      await expect(vorname).toHaveValue("Hannelore");
      await expect(page).toHaveURL(/\?bearbeiten/);
      await page.keyboard.press("Escape");
      await frage.getByRole("button", { name: "Seite verlassen" }).click();
      await expect(dialog).toBeHidden();
      await expect(page).not.toHaveURL(/\?bearbeiten/);
    },
  );

  // Persons and dialogs a user may not open are „Seite nicht gefunden“: tests/routes/zugriff-ohne-recht*.test.ts.
});
