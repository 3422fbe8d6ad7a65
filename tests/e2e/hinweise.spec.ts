import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { HINWEIS_PATH, hinweisFeld, lockHinweis, onEditor, readHinweis, restoreHinweis, type HinweisStand } from "./support/hinweis";
import { isJavaScriptProject, uniqueToken, waitForHydration } from "./support/klassen";
import { loginAs } from "./support/login";
import { PINNED_BASE_URL, PINNED_PORT, PORT } from "./support/servers";
import { GRUND, nurOhneJavaScript } from "./support/modus";

const MAIN_BASE_URL = `http://127.0.0.1:${PORT}`;
const heading = (page: Page) => page.getByRole("heading", { level: 1, name: "Hinweis für die Startseite" });
const status = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const zustand = (page: Page, text: "veröffentlicht" | "nicht veröffentlicht") =>
  expect(page.getByRole("main")).toContainText(`Zurzeit: ${text}`);
const startHinweis = (page: Page) => page.getByRole("region", { name: "Hinweis", exact: true });

/** The notice as the start page shows it, line breaks included. */
const shownText = (page: Page) =>
  startHinweis(page)
    .locator("p")
    .evaluate((element) => (element as HTMLElement).innerText);

// The notice is one object for every user and both projects: the journey holds a lock while it changes it, runs its
// steps in order, and puts the notice back as it was (tests/e2e/support/hinweis.ts). While it runs, other journeys'
// start pages may show its texts; they contain nothing another journey looks for.
test.describe("Hinweis für die Startseite", () => {
  test.describe.configure({ mode: "serial" });
  let release = () => {};
  let original: HinweisStand | null = null;
  let erster = "";
  let zweiter = "";

  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(6 * 60_000);
    release = await lockHinweis(String(PORT), 5 * 60_000);
    original = await onEditor(browser, MAIN_BASE_URL, readHinweis);
    const kennung = `${testInfo.project.use.javaScriptEnabled === false ? "H" : "J"}${uniqueToken()}`;
    erster = `Testhinweis ${kennung}: Am Freitag beginnt der Unterricht später.\nDie Sprechstunde beginnt um 9 Uhr.`;
    zweiter = `Testhinweis ${kennung}: Am Freitag beginnt der Unterricht pünktlich.`;
  });

  test.afterAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(90_000);
    try {
      if (original) await onEditor(browser, MAIN_BASE_URL, (page) => restoreHinweis(page, original!));
    } finally {
      release();
    }
  });

  test("die Landesadministratorin öffnet den Hinweis über das Menü und veröffentlicht einen neuen Text", async ({ page, loggedInAs }) => {
    await loggedInAs("landesadmin", { target: "/admin/klassen" });
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Hinweise bearbeiten" }).click();
    await expect(heading(page)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/hinweise\/new$/);
    await expectNoAxeViolations(page, "Hinweis bearbeiten");
    if ((await readHinweis(page)).veroeffentlicht) {
      await button(page, "Veröffentlichung beenden").click();
      await expect(status(page, "Die Veröffentlichung wurde beendet.")).toBeVisible();
    }
    await zustand(page, "nicht veröffentlicht");

    await waitForHydration(page);
    await hinweisFeld(page).fill(erster);
    if (isJavaScriptProject()) await expect(page.getByText(`${erster.length} von 2000 Zeichen`)).toBeVisible();
    await button(page, "Veröffentlichen").click();
    await expect(status(page, "Der Hinweis wurde veröffentlicht. Er erscheint jetzt auf der Startseite.")).toBeVisible();
    await zustand(page, "veröffentlicht");
    await expect(hinweisFeld(page)).toHaveValue(erster);
    await expect(button(page, "Veröffentlichung beenden")).toBeVisible();
    if (isJavaScriptProject()) await expect(heading(page)).toBeFocused();
    await expectNoAxeViolations(page, "Hinweis veröffentlicht");
  });

  test(
    "eine Lehrkraft liest den veröffentlichten Hinweis mit seinen Zeilenumbrüchen auf der Startseite",
    nurOhneJavaScript(GRUND.hinweisImHtml),
    async ({ page, loggedInAs }) => {
      await loggedInAs("lehrkraft", { target: "/start" });
      await expect(startHinweis(page)).toBeVisible();
      expect(await shownText(page)).toBe(erster);
      await expectNoAxeViolations(page, "Startseite mit Hinweis");
    },
  );

  test("„Speichern“ ändert nur den Text: der Hinweis bleibt veröffentlicht", async ({ page, loggedInAs }) => {
    await loggedInAs("landesadmin", { target: HINWEIS_PATH });
    await expect(hinweisFeld(page)).toHaveValue(erster);
    await waitForHydration(page);
    if (isJavaScriptProject()) await expect(button(page, "Speichern")).toHaveAttribute("aria-disabled", "true");
    await hinweisFeld(page).fill(zweiter);
    await button(page, "Speichern").click();
    await expect(status(page, "Der Hinweistext wurde gespeichert.")).toBeVisible();
    await zustand(page, "veröffentlicht");
    await expect(hinweisFeld(page)).toHaveValue(zweiter);

    // A new attempt that is refused: the earlier "saved" no longer stands above the new error.
    await hinweisFeld(page).fill("");
    await hinweisFeld(page).blur();
    await button(page, "Speichern").click();
    await expect(page.getByText("Bitte geben Sie einen Hinweistext ein.")).toBeVisible();
    await expect(status(page, "Der Hinweistext wurde gespeichert.")).toHaveCount(0);
  });

  test("die Lehrkraft liest den geänderten Text", nurOhneJavaScript(GRUND.hinweisImHtml), async ({ page, loggedInAs }) => {
    await loggedInAs("lehrkraft", { target: "/start" });
    expect(await shownText(page)).toBe(zweiter);
  });

  test("die Landesadministratorin beendet die Veröffentlichung", async ({ page, loggedInAs }) => {
    await loggedInAs("landesadmin", { target: HINWEIS_PATH });
    await waitForHydration(page);
    await button(page, "Veröffentlichung beenden").click();
    await expect(status(page, "Die Veröffentlichung wurde beendet.")).toBeVisible();
    await zustand(page, "nicht veröffentlicht");
    await expect(hinweisFeld(page)).toHaveValue(zweiter);
    await expect(button(page, "Veröffentlichen")).toBeVisible();
    await expectNoAxeViolations(page, "Hinweis nicht veröffentlicht");
  });

  test("danach sieht die Lehrkraft keinen Hinweis mehr", nurOhneJavaScript(GRUND.hinweisImHtml), async ({ page, loggedInAs }) => {
    await loggedInAs("lehrkraft", { target: "/start" });
    await expect(page.getByRole("heading", { level: 2, name: "Alle Angebote" })).toBeVisible();
    await expect(startHinweis(page)).toHaveCount(0);
    await expect(page.getByText(zweiter)).toHaveCount(0);
  });

  test("ein leerer Text und 2001 Zeichen werden auf Deutsch abgelehnt, die Länge mit der Zahl der Zeichen", async ({
    page,
    loggedInAs,
  }) => {
    await loggedInAs("landesadmin", { target: HINWEIS_PATH });
    await waitForHydration(page);
    const feld = hinweisFeld(page);
    await feld.fill("");
    await button(page, "Speichern").click();
    await expect(page.getByText("Bitte geben Sie einen Hinweistext ein.")).toBeVisible();
    await expect(feld).toHaveAttribute("aria-invalid", "true");
    await expect(feld).toBeFocused();
    await expectNoAxeViolations(page, "Hinweis leer abgelehnt");

    if (isJavaScriptProject()) {
      // The counter follows the text, and the field takes no more than 2000 characters.
      await feld.fill("x".repeat(2000));
      await expect(page.getByText("2000 von 2000 Zeichen")).toBeVisible();
      await expect(page.getByText("Die Höchstzahl von 2000 Zeichen ist erreicht.")).toHaveCount(1);
      await feld.press("End");
      await feld.pressSequentially("y");
      await expect(feld).toHaveValue("x".repeat(2000));
    }
    // A browser that ignores `maxlength` (or a post made by hand): the check says how many characters there are.
    await feld.evaluate((element) => element.removeAttribute("maxlength"));
    await feld.fill("x".repeat(2001));
    await button(page, "Speichern").click();
    await expect(page.getByText("Dieser Text hat 2001 Zeichen, 1 zu viel.")).toBeVisible();
    await expect(feld).toHaveValue("x".repeat(2001));
    await expect(feld).toBeFocused();
    await expectNoAxeViolations(page, "Hinweis zu lang abgelehnt");

    // Nothing was saved.
    await page.goto(HINWEIS_PATH);
    await expect(hinweisFeld(page)).toHaveValue(zweiter);
  });

  test("wer einen inzwischen geänderten Hinweis speichert, bekommt die Meldung und kann den aktuellen Text laden", async ({
    page,
    loggedInAs,
  }) => {
    await loggedInAs("landesadmin", { target: HINWEIS_PATH });
    await waitForHydration(page);
    await expect(hinweisFeld(page)).toHaveValue(zweiter);

    // Someone else saves the notice while this page still shows the text it read.
    const theirs = `${zweiter} Bitte Aushang beachten.`;
    const other = await page.context().newPage();
    await other.goto(HINWEIS_PATH);
    await hinweisFeld(other).fill(theirs);
    await button(other, "Speichern").click();
    await expect(status(other, "Der Hinweistext wurde gespeichert.")).toBeVisible();
    await other.close();

    const mine = `${zweiter} Mein Zusatz.`;
    await hinweisFeld(page).fill(mine);
    await button(page, "Speichern").click();
    const alert = page.getByRole("alert").filter({ hasText: "Hinweis wurde inzwischen geändert" });
    await expect(alert).toContainText("Ihr Text steht weiter im Feld.");
    await expect(alert).toBeFocused();
    await expect(hinweisFeld(page)).toHaveValue(mine);
    await expectNoAxeViolations(page, "Hinweis inzwischen geändert");

    await alert.getByRole("link", { name: "Aktuellen Text laden" }).click();
    await expect(hinweisFeld(page)).toHaveValue(theirs);
    await expect(page.getByRole("alert").filter({ hasText: "Hinweis wurde inzwischen geändert" })).toHaveCount(0);
    await zustand(page, "nicht veröffentlicht");
    await expectNoAxeViolations(page, "Hinweis mit aktuellem Text");

    if (isJavaScriptProject()) {
      // A typed, unsaved text: leaving the page asks first, and staying keeps the text.
      await hinweisFeld(page).fill(mine);
      await page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Alle Klassen" }).click();
      const frage = page.getByRole("dialog", { name: "Ungespeicherte Änderungen" });
      await expect(frage.getByRole("heading", { name: "Ungespeicherte Änderungen" })).toBeVisible();
      await expectNoAxeViolations(page, "Hinweis verlassen mit ungespeichertem Text");
      await frage.getByRole("button", { name: "Auf der Seite bleiben" }).click();
      await expect(frage).toHaveCount(0);
      await expect(hinweisFeld(page)).toHaveValue(mine);
      await expect(page).toHaveURL(/\/admin\/hinweise\/new$/);
    }
  });
});

// Who may not edit the notice gets „Seite nicht gefunden“, also for a post: tests/routes/zugriff-ohne-recht*.test.ts.

test.describe("Hinweis gegen die ältere Upstream-Version", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ baseURL: PINNED_BASE_URL });
  let release = () => {};

  test.beforeAll(async () => {
    test.setTimeout(6 * 60_000);
    release = await lockHinweis(String(PINNED_PORT), 5 * 60_000);
  });
  test.afterAll(() => release());

  test(
    "die Landesadministratorin veröffentlicht, beendet und bekommt bei einem veralteten Stand die Meldung",
    nurOhneJavaScript(GRUND.aeltererUpstream),
    async ({ page, browser }) => {
      await loginAs(page, "landesadmin", { target: HINWEIS_PATH });
      const original = await readHinweis(page);
      const text = `Testhinweis alt ${isJavaScriptProject() ? "J" : "H"}${uniqueToken()}`;
      try {
        await waitForHydration(page);
        await hinweisFeld(page).fill(text);
        await button(page, original.veroeffentlicht ? "Speichern" : "Veröffentlichen").click();
        await expect(
          status(page, original.veroeffentlicht ? "Der Hinweistext wurde gespeichert." : "Der Hinweis wurde veröffentlicht."),
        ).toBeVisible();
        await zustand(page, "veröffentlicht");
        await page.goto("/start");
        expect(await shownText(page)).toBe(text);

        await page.goto(HINWEIS_PATH);
        await waitForHydration(page);
        const other = await page.context().newPage();
        await other.goto(HINWEIS_PATH);
        await button(other, "Veröffentlichung beenden").click();
        await expect(status(other, "Die Veröffentlichung wurde beendet.")).toBeVisible();
        await other.close();
        await hinweisFeld(page).fill(`${text} neu`);
        await button(page, "Speichern").click();
        await expect(page.getByRole("alert").filter({ hasText: "Hinweis wurde inzwischen geändert" })).toBeVisible();
        await expect(hinweisFeld(page)).toHaveValue(`${text} neu`);
        await zustand(page, "nicht veröffentlicht");
      } finally {
        // A fresh login: after a failed step this session may have lost its second factor to the pinned server's short
        // inactivity timeout, and the restore would then hide the step's own error behind the login form.
        await onEditor(browser, PINNED_BASE_URL, (editor) => restoreHinweis(editor, original));
      }
    },
  );
});
