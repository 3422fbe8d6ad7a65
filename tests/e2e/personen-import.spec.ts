import { readFile, writeFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { isJavaScriptProject, SCHULE_A, uniqueToken, waitForHydration } from "./support/klassen";
import { loginAs, submitOtpForm, submitPasswordForm } from "./support/login";
import { uniqueFamilienname } from "./support/mehrfach-personen";
import { GRUND, nurOhneJavaScript } from "./support/modus";

/**
 * The CSV import of pupils (issue 14): school, role and file; refused rows with their line numbers in the file; a
 * checked file that is imported on a streamed progress page; the result with the one download of the user data; the
 * history with deleting. Every file has last names of its own ("Z" and a token, so they sort after the demo persons
 * other journeys look for on page 1 of school A's lists, and both projects meet none of each other's persons).
 */

const IMPORT_PFAD = "/admin/personen/import";
const ROLLE = "itslearning-Schüler";

const heading = (page: Page, name: string | RegExp, level = 1) => page.getByRole("heading", { level, name });
const sideNav = (page: Page) => page.getByRole("navigation", { name: "Navigation" }).first();
const schulWahl = (page: Page) => page.getByRole("group", { name: "1. Schule" });
const rolleFeld = (page: Page) => page.getByRole("combobox", { name: /^Rolle/ });
const dateiFeld = (page: Page) => page.getByLabel("CSV-Datei");
const hochladenKnopf = (page: Page) => page.getByRole("button", { name: "Datei hochladen und prüfen" });
/** The answer to a file with refused rows: a box named by its heading, which takes the focus. */
const pruefung = (page: Page) => page.getByLabel("Die Datei enthält fehlerhafte Zeilen", { exact: true });
const verlauf = (page: Page) => page.getByRole("table", { name: "Ihre bisherigen Importe, die neuesten zuerst" });
const importId = (page: Page) => new URL(page.url()).pathname.split("/")[4];

// ── files ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** Windows-1252's letters at 0x80–0x9F that DIN 91379 allows in names (the rest of Latin-1 is its own byte). */
const WINDOWS_1252_EXTRA: Record<string, number> = { Š: 0x8a, Œ: 0x8c, Ž: 0x8e, "’": 0x92, š: 0x9a, œ: 0x9c, ž: 0x9e, Ÿ: 0x9f };

/** The bytes a German Windows spreadsheet program saves for this text (“CSV (Trennzeichen-getrennt)”). */
function windows1252(text: string): Buffer {
  return Buffer.from(
    Array.from(text, (zeichen) => {
      const code = zeichen.codePointAt(0)!;
      if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
      const byte = WINDOWS_1252_EXTRA[zeichen];
      if (byte === undefined) throw new Error(`„${zeichen}“ gibt es in Windows-1252 nicht.`);
      return byte;
    }),
  );
}

interface Zeile {
  nachname: string;
  vorname: string;
  klasse: string;
}

/** Lines of a CSV file as a spreadsheet program writes them: semicolons, CRLF, a line break after the last. */
const csvText = (zeilen: (Zeile | string)[], kopf = "nachname;vorname;klasse") =>
  [kopf, ...zeilen.map((zeile) => (typeof zeile === "string" ? zeile : `${zeile.nachname};${zeile.vorname};${zeile.klasse}`))]
    .map((zeile) => `${zeile}\r\n`)
    .join("");

/** Writes the file into the test's output folder and returns its path for the file input. */
async function datei(name: string, inhalt: Buffer | string): Promise<string> {
  const pfad = test.info().outputPath(name);
  await writeFile(pfad, inhalt);
  return pfad;
}

const VORNAMEN = [
  "Šárka", "Jürgen", "Änne", "Özlem", "Björn", "Jörg", "Günther", "Käthe", "Sören", "Bärbel",
  "François", "Zoë", "Chloé", "Renée", "Noémie", "José", "Inês", "Ørjan", "Åsa", "Maël",
  "Heiðrún", "Þóra", "Jöran", "Ülkü", "Gößwein", "Rüdiger", "Mareike", "Hanne", "Øystein", "Lüder",
]; // prettier-ignore
const NACHNAMEN = ["Müller", "Weiß", "Schröder", "Größe", "Jäger", "Köhler", "Süß", "Bäcker", "Hößl", "Fuß"];
const KLASSEN = ["5a", "5b", "6a", "Übergang 2ü"];

/** `anzahl` pupils of school A's classes; the last names start with `stamm`, umlauts and ß after a hyphen. */
function schueler(stamm: string, anzahl: number): Zeile[] {
  return Array.from({ length: anzahl }, (_, index) => ({
    nachname: `${stamm}-${NACHNAMEN[index % NACHNAMEN.length]}`,
    vorname: VORNAMEN[index % VORNAMEN.length],
    klasse: KLASSEN[index % KLASSEN.length],
  }));
}

// ── steps ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** Chooses school A as a user does: the search, the list, on to role and file. */
async function schuleAWaehlen(page: Page) {
  await waitForHydration(page);
  await schulWahl(page).getByRole("searchbox", { name: "Schule suchen" }).fill("Deich");
  await schulWahl(page).getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(/schulsuche=Deich/);
  await waitForHydration(page);
  await schulWahl(page).getByRole("combobox", { name: "Schule", exact: true }).selectOption({ label: SCHULE_A.label });
  await schulWahl(page).getByRole("button", { name: "Weiter zur Rolle und Datei" }).click();
  await expect(page.getByText(`Gewählte Schule: ${SCHULE_A.label}`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Andere Schule wählen" })).toBeVisible();
}

/** Opens the import with school A chosen (the address the school step leads to). */
async function importMitSchuleA(page: Page, loggedInAs: (username: string, options?: { target?: string }) => Promise<void>) {
  await loggedInAs("landesadmin", { target: `${IMPORT_PFAD}?schule=${SCHULE_A.id}` });
  await expect(heading(page, "Benutzer importieren")).toBeVisible();
  await expect(page.getByText(`Gewählte Schule: ${SCHULE_A.label}`)).toBeVisible();
}

async function hochladen(page: Page, pfad: string) {
  await waitForHydration(page);
  await rolleFeld(page).selectOption({ label: ROLLE });
  await dateiFeld(page).setInputFiles(pfad);
  await hochladenKnopf(page).click();
}

/** The checked file's page: its id from the address. */
async function geprueft(page: Page, anzahl: number, kodierung: { wert: string; text: string }) {
  await expect(page).toHaveURL(new RegExp(`${IMPORT_PFAD}/[0-9a-f-]{36}\\?kodierung=${kodierung.wert}&schule=[0-9a-f-]{36}$`));
  await expect(heading(page, "Benutzerimport")).toBeVisible();
  await expect(heading(page, "Datei geprüft", 2)).toBeVisible();
  await expect(page.getByText(`${anzahl} Datensätze sind bereit zum Import.`)).toBeVisible();
  await expect(page.getByText(`Die Datei wurde als ${kodierung.text} gelesen.`)).toBeVisible();
  await expect(page.getByText("Der Import kann nicht rückgängig gemacht werden")).toBeVisible();
  return importId(page);
}

/** The person list finds nobody of this last-name stem: the import created nobody. */
async function niemandAngelegt(page: Page, stamm: string) {
  await page.goto(`/admin/personen?${new URLSearchParams({ suche: stamm })}`);
  await expect(heading(page, "Alle Benutzer")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Keine Benutzer gefunden." })).toBeVisible();
}

/** The whole file refused: the German error above the form, and the page stays the upload's. */
async function dateiAbgelehnt(page: Page, titel: string, text: string) {
  const fehler = page.getByRole("alert").filter({ hasText: titel });
  await expect(fehler).toContainText(text);
  // It answers the upload, so it has the focus, and it stands above the form.
  await expect(fehler).toBeFocused();
  const [fehlerBox, rolleBox] = await Promise.all([fehler.boundingBox(), rolleFeld(page).boundingBox()]);
  expect(fehlerBox!.y).toBeLessThan(rolleBox!.y);
  await expect(page).toHaveURL(new RegExp(`${IMPORT_PFAD}(\\?.*)?$`));
  await expect(pruefung(page)).toHaveCount(0);
}

/** Logs in as a person in a context of its own; the page is on the step after the password. */
async function anmeldenAls(browser: Browser, baseURL: string, username: string, password: string) {
  const context = await browser.newContext({ baseURL, locale: "de-DE", javaScriptEnabled: isJavaScriptProject() });
  const page = await context.newPage();
  await page.goto("/start");
  await expect(page).toHaveURL(/\/api\/auth\/idp\/login/);
  await submitPasswordForm(page, username, password);
  return { context, page };
}

test.describe("Benutzer importieren", () => {
  test("die Landesadministratorin importiert 30 Schülerinnen und Schüler aus einer Windows-1252-Datei, lädt ihre Benutzerdaten herunter und eine Schülerin meldet sich damit an", async ({
    page,
    browser,
    baseURL,
  }) => {
    // Thirty persons are created one by one, and almost every state gets an axe scan.
    test.slow();
    const stamm = uniqueFamilienname("Z", uniqueToken());
    const zeilen = schueler(stamm, 30);
    const bytes = windows1252(csvText(zeilen));
    // Šárka's Š is 0x8A: a byte ISO-8859-1 has no letter for, so only Windows-1252 reads the file right.
    expect(bytes.includes(0x8a)).toBe(true);
    const pfad = await datei("schueler-windows-1252.csv", bytes);

    // As every day: the start page, the administration's tile, the second factor, the navigation.
    await loginAs(page, "landesadmin", { target: "/start", otp: false });
    await waitForHydration(page);
    await page.getByRole("link", { name: "Schulportal-Administration" }).click();
    await expect(page).toHaveURL(/\/api\/auth\/idp\/otp/);
    await submitOtpForm(page, "landesadmin");
    await expect(heading(page, "Alle Benutzer")).toBeVisible();
    await waitForHydration(page);
    await sideNav(page).getByRole("link", { name: "Benutzer importieren" }).click();
    await expect(page).toHaveURL(new RegExp(`${IMPORT_PFAD}$`));
    await expect(heading(page, "Benutzer importieren")).toBeVisible();
    await expect(page.getByText("So muss die Datei aussehen")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Bisherige Importe" })).toBeVisible();
    await expectNoAxeViolations(page, "Import: Schule wählen");

    await schuleAWaehlen(page);
    await expect(heading(page, "2. Rolle und Datei", 2)).toBeVisible();
    await expect(rolleFeld(page).getByRole("option", { name: ROLLE })).toHaveCount(1);
    await expectNoAxeViolations(page, "Import: Rolle und Datei");

    await hochladen(page, pfad);
    const id = await geprueft(page, 30, { wert: "windows-1252", text: "Windows-1252" });
    await expect(page.getByRole("main")).toContainText(ROLLE);
    await expectNoAxeViolations(page, "Import: Datei geprüft");

    // The import runs on a streamed page; without JavaScript it ends with the way to the result.
    await waitForHydration(page);
    const fortschritt = page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname === `${IMPORT_PFAD}/${id}/fortschritt`,
    );
    // It asks first, naming what will happen; nothing runs before "Ja".
    await page.getByRole("link", { name: "Import durchführen" }).click();
    await expect(heading(page, "Import durchführen?", 2)).toBeVisible();
    await expect(page.getByRole("main")).toContainText(
      `Es werden 30 Benutzerkonten an der Schule Gemeinschaftsschule am Deich mit der Rolle ${ROLLE} angelegt.`,
    );
    await expectNoAxeViolations(page, "Import: Rückfrage vor dem Durchführen");
    await page.getByRole("button", { name: "Ja, Import durchführen" }).click();
    expect((await fortschritt).status()).toBe(200);
    // While it runs, the step sent first is in view (the next comes with the status a second later); a rule that
    // waits for the last child would hide every step until the page is complete.
    await expect(page.getByText("0 von 30 bearbeitet", { exact: true })).toBeVisible();
    if (isJavaScriptProject()) {
      // With JavaScript the finished progress page replaces itself with the result.
      await expect(page).toHaveURL(new RegExp(`${IMPORT_PFAD}/${id}$`), { timeout: 60_000 });
    } else {
      await expect(page).toHaveURL(new RegExp(`${IMPORT_PFAD}/${id}/fortschritt$`));
      await expect(heading(page, "Import läuft")).toBeVisible();
      await expect(page.getByText("30 Datensätze werden importiert.")).toBeVisible();
      await expect(page.getByText("Fertig: 30 von 30 bearbeitet")).toBeVisible({ timeout: 60_000 });
      await expect(heading(page, "Import abgeschlossen", 2)).toBeVisible();
      await expect(page.getByRole("progressbar", { name: "Fortschritt des Imports" }).filter({ visible: true })).toHaveAttribute(
        "value",
        "30",
      );
      // Only the last step of the progress stays in view.
      await expect(page.getByText(/^\d+ von 30 bearbeitet$/).filter({ visible: true })).toHaveCount(0);
      // The progress page stands in the portal's frame like every page: account links, admin navigation, footer.
      await expect(page.getByRole("navigation", { name: "Benutzerkonto" }).getByRole("link", { name: "Abmelden" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Benutzer importieren" })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expectNoAxeViolations(page, "Import: Fortschritt fertig");
      await page.getByRole("link", { name: "Ergebnis und Benutzerdaten anzeigen" }).click();
      await expect(page).toHaveURL(new RegExp(`${IMPORT_PFAD}/${id}$`));
    }

    await expect(heading(page, "Benutzerimport")).toBeVisible();
    await expect(heading(page, "Import abgeschlossen", 2)).toBeVisible();
    await expect(page.getByText("30 Personen wurden angelegt.")).toBeVisible();
    await expect(page.getByText("konnte nicht angelegt werden")).toHaveCount(0);
    await expectNoAxeViolations(page, "Import: Ergebnis");

    if (isJavaScriptProject()) {
      // Leaving before the user data are saved asks first; staying keeps the result.
      await waitForHydration(page);
      const frage = page.getByRole("dialog", { name: "Ungespeicherte Änderungen" });
      await page.getByRole("link", { name: "Weiteren Import durchführen" }).click();
      await expect(frage.getByRole("heading", { name: "Ungespeicherte Änderungen" })).toBeVisible();
      // Staying loses nothing: it has the focus.
      await expect(frage.getByRole("button", { name: "Auf der Seite bleiben" })).toBeFocused();
      await expect(frage).toContainText("Sie haben die Benutzerdaten mit den Startpasswörtern noch nicht heruntergeladen.");
      await frage.getByRole("button", { name: "Auf der Seite bleiben" }).click();
      await expect(frage).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`${IMPORT_PFAD}/${id}$`));
      await sideNav(page).getByRole("link", { name: "Alle Benutzer" }).click();
      await expect(frage.getByRole("button", { name: "Seite verlassen" })).toBeVisible();
      await frage.getByRole("button", { name: "Auf der Seite bleiben" }).click();
      await expect(frage).toHaveCount(0);
      await expect(page.getByText("30 Personen wurden angelegt.")).toBeVisible();
    }

    // The one download: school and role, a blank line, then one line per person with username and start password.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Benutzerdaten herunterladen" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Benutzerdaten-Import-\d{2}-\d{2}-\d{4}\.txt$/);
    const inhalt = await readFile((await download.path())!, "utf8");
    expect(inhalt.startsWith("\uFEFF"), "Die Datei beginnt mit der UTF-8-Markierung").toBe(true);
    expect(inhalt.replace(/\r\n/g, ""), "Jede Zeile endet mit CRLF").not.toMatch(/[\r\n]/);
    const dateiZeilen = inhalt.slice(1).split("\r\n");
    expect(dateiZeilen[0]).toMatch(new RegExp(`^Schule: .*Gemeinschaftsschule am Deich.*;Rolle: ${ROLLE}$`));
    expect(dateiZeilen[1]).toBe("");
    expect(dateiZeilen[2]).toBe("Klasse;Nachname;Vorname;Benutzername;Passwort");
    const eintraege = dateiZeilen
      .slice(3)
      .filter(Boolean)
      .map((zeile) => zeile.split(";"));
    expect(eintraege).toHaveLength(30);
    const sortiert = (liste: string[][]) => liste.map((teile) => teile.join(";")).sort();
    // Umlauts, ß and the Windows-1252 letter Š arrive as they were in the file.
    expect(sortiert(eintraege.map(([klasse, nachname, vorname]) => [klasse, nachname, vorname]))).toEqual(
      sortiert(zeilen.map(({ klasse, nachname, vorname }) => [klasse, nachname, vorname])),
    );
    for (const [, , , benutzername, passwort] of eintraege) {
      expect(benutzername).toMatch(/^[a-z][a-z0-9.-]*$/);
      expect(passwort.length).toBeGreaterThanOrEqual(8);
    }
    expect(new Set(eintraege.map(([, , , benutzername]) => benutzername)).size).toBe(30);
    expect(page.url()).not.toContain(eintraege[0][4]);

    // After the download the start passwords are gone: the page says so (with JavaScript by itself).
    const abgeschlossen = page.getByText("Die Benutzerdaten dieses Imports wurden heruntergeladen oder gelöscht.");
    if (!isJavaScriptProject()) await page.reload();
    await expect(abgeschlossen).toBeVisible();
    await expect(page.getByRole("button", { name: "Benutzerdaten herunterladen" })).toHaveCount(0);
    await expectNoAxeViolations(page, "Import: abgeschlossen");

    // The history lists it as done; the way back asks nothing any more.
    await page.getByRole("link", { name: "Zurück zum Import" }).click();
    await expect(heading(page, "Benutzer importieren")).toBeVisible();
    const eintrag = verlauf(page)
      .getByRole("row")
      .filter({ has: page.locator(`a[href="${IMPORT_PFAD}/${id}"]`) });
    await expect(eintrag).toContainText("Abgeschlossen");
    await expect(eintrag).toContainText(ROLLE);
    await expect(eintrag.getByRole("cell").nth(3)).toHaveText("30");

    // Šárka logs in with her start password: the login asks her for a password of her own.
    const sarka = eintraege.find(([, , vorname]) => vorname === "Šárka")!;
    const [, nachname, vorname, benutzername, passwort] = sarka;
    const anmeldung = await anmeldenAls(browser, baseURL!, benutzername, passwort);
    try {
      await expect(anmeldung.page).toHaveURL(/\/api\/auth\/idp\/passwort-neu/);
      await expect(heading(anmeldung.page, "Neues Passwort festlegen")).toBeVisible();
      const neu = `Sarka-${isJavaScriptProject() ? "mit" : "ohne"}-Import-2026`;
      await anmeldung.page.getByLabel("Neues Passwort", { exact: true }).fill(neu);
      await anmeldung.page.getByLabel("Neues Passwort wiederholen").fill(neu);
      await anmeldung.page.getByRole("button", { name: "Passwort speichern" }).click();
      await expect(anmeldung.page).toHaveURL(/\/start$/);
      await expect(anmeldung.page.getByRole("navigation", { name: "Benutzerkonto" })).toContainText(
        `Angemeldet als ${vorname} ${nachname}`,
      );
    } finally {
      await anmeldung.context.close();
    }
  });

  test("eine Datei mit falschen Spaltenüberschriften wird ganz abgelehnt, und niemand wird angelegt", async ({ page, loggedInAs }) => {
    const stamm = uniqueFamilienname("Z", uniqueToken());
    const pfad = await datei("falscher-kopf.csv", csvText(schueler(stamm, 3), "name;vorname;klasse"));
    await importMitSchuleA(page, loggedInAs);
    await hochladen(page, pfad);
    await dateiAbgelehnt(page, "Spaltenüberschriften fehlerhaft", "weil die Spaltenüberschriften nicht stimmen");
    await expectNoAxeViolations(page, "Import: Spaltenüberschriften fehlerhaft");
    await niemandAngelegt(page, stamm);
  });

  test(
    "eine Datei mit 2001 Personen wird mit „Zu viele Personen“ abgelehnt",
    nurOhneJavaScript(
      "Dieselbe Ablehnung der ganzen Datei wie bei falschen Spaltenüberschriften (Meldung über dem Formular, Fokus), die mit JavaScript geprüft wird; nur der Text des Servers ist ein anderer.",
    ),
    async ({ page, loggedInAs }) => {
      const stamm = uniqueFamilienname("Z", uniqueToken());
      const pfad = await datei("zu-viele.csv", csvText(schueler(stamm, 2001)));
      await importMitSchuleA(page, loggedInAs);
      await hochladen(page, pfad);
      await dateiAbgelehnt(page, "Zu viele Personen", "Die Datei enthält mehr als 2000 Personen.");
      await niemandAngelegt(page, stamm);
    },
  );

  test("zwei Zeilen mit unbekannter Klasse werden mit ihrer Zeilennummer genannt; die korrigierte Datei wird per Tastatur hochgeladen und verworfen", async ({
    page,
    loggedInAs,
  }) => {
    const stamm = uniqueFamilienname("Z", uniqueToken());
    const [a, b, c, d, e, f] = schueler(stamm, 6);
    const falsch3 = { ...b, klasse: "9z" };
    const falsch7 = { ...e, klasse: "Klasse 99" };
    // Line 5 is empty: the numbers are the file's lines, not the rows' positions. Latin-1 without Windows letters.
    const fehlerhaft = await datei("unbekannte-klasse.csv", Buffer.from(csvText([a, falsch3, c, "", d, falsch7, f]), "latin1"));
    const korrigiert = await datei("korrigiert.csv", Buffer.from(csvText([a, b, c, "", d, e, f]), "latin1"));

    await importMitSchuleA(page, loggedInAs);
    const antwort = page.waitForResponse((response) => response.request().method() === "POST");
    await hochladen(page, fehlerhaft);
    if (!isJavaScriptProject()) expect((await antwort).status()).toBe(422);

    await expect(heading(page, "Die Datei enthält fehlerhafte Zeilen", 2)).toBeVisible();
    await expect(pruefung(page)).toContainText("Von 6 Datensätzen sind 2 fehlerhaft. Es wurde niemand angelegt.");
    await expect(pruefung(page)).toContainText("Gelesen als ISO-8859-1 (Latin-1) oder gleichwertig Windows-1252.");
    await expect(pruefung(page).getByRole("listitem")).toHaveText([
      `Zeile 3 (${falsch3.nachname}, ${falsch3.vorname}, 9z): Klasse nicht gefunden: Diese Klasse gibt es an der Schule nicht`,
      `Zeile 7 (${falsch7.nachname}, ${falsch7.vorname}, Klasse 99): Klasse nicht gefunden: Diese Klasse gibt es an der Schule nicht`,
    ]);
    // The answer to the upload has the focus (without JavaScript by autofocus).
    await expect(pruefung(page)).toBeFocused();
    await expect(rolleFeld(page).locator("option:checked")).toHaveText(ROLLE);
    await expectNoAxeViolations(page, "Import: fehlerhafte Zeilen");

    // By keyboard from there: the role (still chosen), the file, the button.
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    await expect(rolleFeld(page)).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dateiFeld(page)).toBeFocused();
    // (The file dialog itself is the operating system's; the file is set as it would choose it.)
    await dateiFeld(page).setInputFiles(korrigiert);
    await expect(dateiFeld(page)).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(hochladenKnopf(page)).toBeFocused();
    await page.keyboard.press("Enter");

    await geprueft(page, 6, { wert: "iso-8859-1", text: "ISO-8859-1 (Latin-1) oder gleichwertig Windows-1252" });
    await waitForHydration(page);
    await page.getByRole("button", { name: "Andere Datei hochladen" }).click();
    // Back to the form for another file, the school still chosen.
    await expect(page).toHaveURL(new RegExp(`${IMPORT_PFAD}\\?schule=${SCHULE_A.id}$`));
    await expect(page.getByRole("status").filter({ hasText: "Die Datei wurde verworfen. Es wurde niemand angelegt." })).toBeVisible();
    await expect(page.getByText(`Gewählte Schule: ${SCHULE_A.label}`)).toBeVisible();
    await niemandAngelegt(page, stamm);
  });

  test(
    "auf dem Smartphone (390 px) lassen sich die fehlerhaften Zeilen ohne seitliches Scrollen lesen",
    nurOhneJavaScript(GRUND.layout390),
    async ({ page, loggedInAs }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const stamm = uniqueFamilienname("Z", uniqueToken());
      const [a, b, c] = schueler(stamm, 3);
      const pfad = await datei("schmal.csv", csvText([a, { ...b, klasse: "Eine sehr lange unbekannte Klassenbezeichnung" }, c]));
      await importMitSchuleA(page, loggedInAs);
      await hochladen(page, pfad);
      await expect(pruefung(page).getByRole("listitem")).toHaveText([
        `Zeile 3 (${b.nachname}, ${b.vorname}, Eine sehr lange unbekannte Klassenbezeichnung): Klasse nicht gefunden: Diese Klasse gibt es an der Schule nicht`,
      ]);
      await expect(pruefung(page)).toContainText("Gelesen als UTF-8.");
      await page.waitForLoadState("load");
      const breiten = await page.evaluate(() => ({
        inhalt: document.documentElement.scrollWidth,
        fenster: document.documentElement.clientWidth,
      }));
      expect(breiten.inhalt, "Die Seite scrollt nicht seitlich").toBeLessThanOrEqual(breiten.fenster);
      await expectNoAxeViolations(page, "Import: fehlerhafte Zeilen, 390 px");
    },
  );

  test(
    "ein geprüfter Import wird über „Bisherige Importe“ nach einer Rückfrage gelöscht",
    nurOhneJavaScript(
      "Die Rückfrage ist eine eigene Seite (kein Dialog), ihr Formular antwortet mit einer Weiterleitung und einer Meldung des Servers; Absenden mit Weiterleitung prüft mit JavaScript die Reise des Imports von 30 Personen.",
    ),
    async ({ page, loggedInAs }) => {
      const stamm = uniqueFamilienname("Z", uniqueToken());
      const pfad = await datei("loeschen.csv", `\uFEFF${csvText(schueler(stamm, 2))}`);
      await importMitSchuleA(page, loggedInAs);
      await hochladen(page, pfad);
      const id = await geprueft(page, 2, { wert: "utf-8-bom", text: "UTF-8 (mit Byte-Order-Mark)" });

      await page.getByRole("link", { name: "Zurück zum Import" }).click();
      await expect(heading(page, "Benutzer importieren")).toBeVisible();
      const eintrag = verlauf(page)
        .getByRole("row")
        .filter({ has: page.locator(`a[href="${IMPORT_PFAD}/${id}"]`) });
      await expect(eintrag).toContainText("Geprüft, nicht importiert");
      await expect(eintrag.getByRole("link", { name: /^Import vom .+ anzeigen$/ })).toBeVisible();
      await waitForHydration(page);
      await eintrag.getByRole("link", { name: /^Import vom \d{2}\.\d{2}\.\d{4}.* löschen$/ }).click();

      await expect(page).toHaveURL(new RegExp(`${IMPORT_PFAD}/${id}\\?loeschen$`));
      await expect(heading(page, "Import löschen?", 2)).toBeVisible();
      await expect(page.getByText("Die angelegten Personen bleiben bestehen.")).toBeVisible();
      await expectNoAxeViolations(page, "Import löschen?");
      await waitForHydration(page);
      await page.getByRole("button", { name: "Import löschen" }).click();

      await expect(page).toHaveURL(new RegExp(`${IMPORT_PFAD}$`));
      await expect(page.getByRole("status").filter({ hasText: "Der Import wurde gelöscht." })).toBeVisible();
      // The history keeps it as cancelled: its rows are gone, no person was created.
      await expect(eintrag).toContainText("Verworfen");
      // The message is shown once.
      await page.reload();
      await expect(heading(page, "Benutzer importieren")).toBeVisible();
      await expect(page.getByText("Der Import wurde gelöscht.")).toHaveCount(0);
      // Its page says what happened to it.
      await eintrag.getByRole("link", { name: /^Import vom .+ anzeigen$/ }).click();
      await expect(heading(page, "Import abgebrochen", 2)).toBeVisible();
      await expect(page.getByText("Dieser Import wurde gelöscht, bevor er abgeschlossen war.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Import durchführen" })).toHaveCount(0);
      await niemandAngelegt(page, stamm);
    },
  );

  // A teacher gets „Seite nicht gefunden“ for every address of the import, and a post from another site is refused:
  // tests/routes/personenimport.test.ts, tests/routes/sicherheit.test.ts.
});
