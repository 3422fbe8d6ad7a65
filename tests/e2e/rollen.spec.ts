import type { Browser, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { DEMO_IDS, isJavaScriptProject, uniqueToken, waitForHydration } from "./support/klassen";
import { loginAs } from "./support/login";
import { watchProblems } from "./support/problems";
import { PINNED_BASE_URL } from "./support/servers";
import { GRUND, nurOhneJavaScript } from "./support/modus";

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });
const countStatus = (page: Page) => page.getByRole("status").filter({ hasText: /Rolle.* gefunden/ });
const nameField = (page: Page) => page.getByRole("textbox", { name: "Rollenname" });
const ROOT = "Land Schleswig-Holstein";

/** A name no other test (nor the run in the other project) uses; the project's letter keeps the two runs apart. */
function uniqueName(prefix: string) {
  const token = `${isJavaScriptProject() ? "J" : "H"}${uniqueToken()}`;
  return { token, name: `${prefix} ${token}` };
}

/** The list's row of the role with this name. */
const row = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });

async function searchRollen(page: Page, suche: string) {
  await page.goto(`/admin/rollen?${new URLSearchParams({ suche })}`);
  await expect(heading(page, "Rollenverwaltung")).toBeVisible();
}

/** Chooses level and rollenart on the create page and opens the rest of the form. */
async function chooseEbeneUndRollenart(page: Page, ebene: string, rollenart: string) {
  const [ebeneId] = await page.getByRole("combobox", { name: "Verwaltungsebene" }).selectOption({ label: ebene });
  const [art] = await page.getByRole("combobox", { name: "Rollenart" }).selectOption({ label: rollenart });
  await page.getByRole("button", { name: "Weiter" }).click();
  // The answer to this "Weiter" has arrived (the name field may be there from an earlier one already).
  await expect(page).toHaveURL(new RegExp(`[?&]ebene=${ebeneId}(&|$)`));
  await expect(page).toHaveURL(new RegExp(`[?&]rollenart=${art}(&|$)`));
  await expect(nameField(page)).toBeVisible();
}

/** A role made through the create form (its own journey checks the form): its page's id. */
async function createRolle(page: Page, name: string, angebote: string[] = ["Anleitungen"]) {
  await page.goto(`/admin/rollen/new?${new URLSearchParams({ ebene: DEMO_IDS.root, rollenart: "EXTERN" })}`);
  await expect(nameField(page)).toBeVisible();
  await waitForHydration(page);
  await nameField(page).fill(name);
  const offers = page.getByRole("group", { name: "Angebote" });
  for (const angebot of angebote) await offers.getByRole("checkbox", { name: angebot, exact: true }).check();
  await page.getByRole("button", { name: "Rolle anlegen" }).click();
  await expect(heading(page, "Rolle angelegt")).toBeVisible();
  return new URL(page.url()).searchParams.get("erstellt")!;
}

/** A second browser of the same administrator (same session), for "someone else saved meanwhile". */
async function secondBrowser(browser: Browser, page: Page, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: "de-DE", javaScriptEnabled: false });
  await context.addCookies(await page.context().cookies());
  return context;
}

test.describe("Rollen finden, anlegen, ändern und löschen", () => {
  test("die Landesadministratorin filtert die Rollen nach Verwaltungsebene, Rollenart und Merkmal", async ({ page, loggedInAs }) => {
    await loggedInAs("landesadmin", { target: "/admin/rollen" });
    await waitForHydration(page);
    const filter = page.getByRole("search", { name: "Rollen filtern" });
    await filter.getByRole("combobox", { name: "Verwaltungsebene" }).selectOption({ label: "Öffentliche Schulen Land Schleswig-Holstein" });
    await filter.getByRole("group", { name: "Rollenart" }).getByRole("checkbox", { name: "Lehrende", exact: true }).check();
    await filter.getByRole("group", { name: "Merkmale" }).getByRole("checkbox", { name: "KoPers-Nr. ist Pflicht" }).check();
    await filter.getByRole("button", { name: "Anwenden" }).click();
    await expect(page).toHaveURL(/organisation=[0-9a-f-]{36}.*rollenart=LEHR.*merkmal=KOPERS_PFLICHT/);
    // Retried until the filtered page is shown (with JavaScript the old one stays until the new one is there).
    await expect(
      page
        .getByRole("table")
        .locator("tbody td:nth-child(2)")
        .filter({ hasNotText: /^Lehrende$/ }),
    ).toHaveCount(0);
    await expect(row(page, "Lehrkraft")).toBeVisible();
    await expect(filter.getByRole("group", { name: "Rollenart" }).getByRole("checkbox", { name: "Lehrende", exact: true })).toBeChecked();
    await expectNoAxeViolations(page, "Rollenliste gefiltert");

    await filter.getByRole("link", { name: "Filter zurücksetzen" }).click();
    await expect(page).toHaveURL(/\/admin\/rollen$/);
    await expect(filter.getByRole("combobox", { name: "Verwaltungsebene" })).toHaveValue("");
  });

  test(
    "die Landesadministratorin öffnet die Rollen über das Menü, sucht nach Namen und blättert",
    nurOhneJavaScript(GRUND.listePerLink),
    async ({ page, loggedInAs }) => {
      const problems = watchProblems(page);
      await loggedInAs("landesadmin", { target: "/admin/klassen" });
      await waitForHydration(page);
      const menu = page.getByRole("navigation", { name: "Navigation" });
      await expect(menu.getByText("Rollenverwaltung")).toBeVisible();
      await expect(menu.getByRole("link", { name: "Rolle anlegen" })).toBeVisible();
      await menu.getByRole("link", { name: "Alle Rollen" }).click();
      await expect(heading(page, "Rollenverwaltung")).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/rollen$/);
      await expect(page.getByRole("main").getByRole("link", { name: "Rolle anlegen" })).toBeVisible();
      await expectNoAxeViolations(page, "Rollenliste");
      // The upstream sorts by name only: no column pretends to sort.
      await expect(page.getByRole("columnheader", { name: "Rollenname" }).getByRole("link")).toHaveCount(0);

      // A seeded role with all its columns; its ten offers fold into a disclosure that names their number.
      const filter = page.getByRole("search", { name: "Rollen filtern" });
      await filter.getByRole("searchbox", { name: "Rollenname suchen" }).fill("lehrkraft");
      await filter.getByRole("button", { name: "Anwenden" }).click();
      await expect(page).toHaveURL(/suche=lehrkraft/);
      const lehrkraft = row(page, "Lehrkraft");
      await expect(lehrkraft.getByRole("cell").nth(0)).toHaveText("Lehrende");
      await expect(lehrkraft.getByRole("cell").nth(1)).toHaveText("KoPers-Nr. ist Pflicht");
      await expect(lehrkraft.getByRole("cell").nth(3)).toHaveText("Öffentliche Schulen Land Schleswig-Holstein");
      const angebote = lehrkraft.getByRole("cell").nth(2);
      await expect(angebote.getByRole("listitem").filter({ hasText: "OP.SH" })).toBeHidden();
      await angebote.getByText("10 Angebote").click();
      await expect(angebote.getByRole("listitem")).toHaveCount(10);
      await expect(angebote.getByRole("listitem").filter({ hasText: "OP.SH" })).toBeVisible();
      await expect(row(page, "itslearning-Lehrkraft").getByRole("cell").nth(1)).toHaveText("Keine");
      const found = Number((await countStatus(page).textContent())?.split(" ")[0]);
      expect(found).toBeGreaterThanOrEqual(5);
      await expectNoAxeViolations(page, "Rollenliste gesucht, Angebote aufgeklappt");

      // Paging keeps the search; five to a page.
      await page.goto("/admin/rollen?suche=s&anzahl=5");
      await expect(page.getByRole("rowheader")).toHaveCount(5);
      const all = Number((await countStatus(page).textContent())?.split(" ")[0]);
      expect(all).toBeGreaterThan(5);
      const paging = page.getByRole("navigation", { name: "Seitennavigation" });
      await paging.getByRole("link", { name: "Nächste Seite" }).click();
      await expect(page).toHaveURL(/seite=2/);
      await expect(page).toHaveURL(/suche=s(&|$)/);
      await expect(page.getByRole("rowheader")).toHaveCount(Math.min(5, all - 5));

      // A name leads to the role's page, and back to this very page of the list.
      const first = (await page.getByRole("rowheader").first().textContent()) ?? "";
      await page.getByRole("rowheader").first().getByRole("link").click();
      await expect(heading(page, `Rolle ${first}`)).toBeVisible();
      await page.getByRole("link", { name: "Zurück zur Rollenliste" }).click();
      await expect(page).toHaveURL(/\/admin\/rollen\?.*seite=2/);
      expect(problems, "Fehler in der Browser-Konsole").toEqual([]);
    },
  );

  test(
    "auf einem schmalen Bildschirm scrollt die Rollenliste in ihrem eigenen Bereich",
    nurOhneJavaScript(GRUND.tabelle390),
    async ({ page, loggedInAs }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await loggedInAs("landesadmin", { target: "/admin/rollen?suche=lehrkraft" });
      await waitForHydration(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "Die Seite scrollt seitlich").toBe(0);
      const region = page.getByRole("region", { name: "Rollen, nach Namen sortiert" });
      await expect(region.getByRole("table")).toBeVisible();
      await region.focus();
      for (let step = 0; step < 10; step++) await page.keyboard.press("ArrowRight");
      await expect.poll(() => region.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
    },
  );

  test("die Landesadministratorin legt eine Rolle mit Merkmalen, Angeboten und Systemrechten an und sieht die Zusammenfassung", async ({
    page,
    loggedInAs,
  }) => {
    const problems = watchProblems(page);
    const rolle = uniqueName("Projektteam");
    await loggedInAs("landesadmin", { target: "/admin/rollen" });
    await page.getByRole("main").getByRole("link", { name: "Rolle anlegen" }).click();
    await expect(heading(page, "Rolle anlegen")).toBeVisible();
    // Name, merkmale, offers and rights come once level and rollenart are chosen.
    await expect(nameField(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Rolle anlegen" })).toHaveCount(0);
    await expectNoAxeViolations(page, "Rolle anlegen, Schritt 1");
    await waitForHydration(page);
    await chooseEbeneUndRollenart(page, ROOT, "Externe");
    await expect(page.getByRole("combobox", { name: "Verwaltungsebene" })).toHaveValue(DEMO_IDS.root);
    await expect(page.getByRole("combobox", { name: "Rollenart" })).toHaveValue("EXTERN");
    // Each right says what it allows; technical rights are not offered.
    const rechte = page.getByRole("group", { name: "Systemrechte" });
    await expect(rechte.getByRole("checkbox", { name: "Klassen verwalten" })).toHaveAccessibleDescription(
      "Klassen anlegen, umbenennen und löschen.",
    );
    await expect(rechte.getByRole("checkbox", { name: /CRON|PERSONEN_LESEN/ })).toHaveCount(0);
    await expectNoAxeViolations(page, "Rolle anlegen, ganzes Formular");

    await waitForHydration(page);
    await nameField(page).fill(rolle.name);
    await page.getByRole("group", { name: "Merkmale" }).getByRole("checkbox", { name: "Befristung ist Pflicht" }).check();
    const offers = page.getByRole("group", { name: "Angebote" });
    await offers.getByRole("checkbox", { name: "Anleitungen", exact: true }).check();
    await offers.getByRole("checkbox", { name: "Helpdesk kontaktieren" }).check();
    await rechte.getByRole("checkbox", { name: "Klassen verwalten" }).check();
    await rechte.getByRole("checkbox", { name: "Personen anlegen" }).check();
    // Another rollenart and "Weiter" again: everything typed and ticked so far stays.
    await chooseEbeneUndRollenart(page, ROOT, "Lehrende");
    await expect(nameField(page)).toHaveValue(rolle.name);
    await expect(page.getByRole("checkbox", { name: "Befristung ist Pflicht" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Helpdesk kontaktieren" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Personen anlegen" })).toBeChecked();
    await chooseEbeneUndRollenart(page, ROOT, "Externe");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Rolle anlegen" }).click();

    await expect(heading(page, "Rolle angelegt")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/rollen\/new\?erstellt=[0-9a-f-]{36}/);
    await expect(page.getByRole("status").filter({ hasText: `Die Rolle „${rolle.name}“ wurde angelegt.` })).toBeVisible();
    const terms = ["Verwaltungsebene", "Rollenart", "Rollenname", "Merkmale", "Angebote", "Systemrechte"];
    const summary = [
      ROOT,
      "Externe",
      rolle.name,
      "Befristung ist Pflicht",
      "AnleitungenHelpdesk kontaktieren",
      "Klassen verwaltenPersonen anlegen",
    ];
    await expect(page.getByRole("term")).toHaveText(terms);
    await expect(page.getByRole("definition")).toHaveText(summary);
    await expectNoAxeViolations(page, "Rolle angelegt");

    // Reloading the summary creates nothing: it is read, not posted.
    await page.reload();
    await expect(heading(page, "Rolle angelegt")).toBeVisible();
    await expect(page.getByRole("definition")).toHaveText(summary);
    await page.getByRole("link", { name: "Zur Rolle", exact: true }).click();
    await expect(heading(page, `Rolle ${rolle.name}`)).toBeVisible();
    await expect(page.getByRole("definition")).toHaveText(summary);
    await expectNoAxeViolations(page, "Seite der neuen Rolle");

    await searchRollen(page, rolle.token);
    await expect(countStatus(page)).toHaveText("1 Rolle gefunden");
    await expect(row(page, rolle.name).getByRole("cell")).toHaveText([
      "Externe",
      "Befristung ist Pflicht",
      "AnleitungenHelpdesk kontaktieren",
      ROOT,
    ]);
    await page.goto("/admin/rollen/new");
    await page.getByRole("link", { name: "Verwerfen" }).click();
    await expect(heading(page, "Rollenverwaltung")).toBeVisible();
    expect(problems, "Fehler in der Browser-Konsole").toEqual([]);
  });

  test("ein Name mit 201 Zeichen und ein auf der Ebene schon vergebener Name werden auf Deutsch abgelehnt, nichts wird angelegt", async ({
    page,
    loggedInAs,
  }) => {
    const rolle = uniqueName("Doppelrolle");
    const tooLong = `${rolle.token} ${"x".repeat(200 - rolle.token.length)}`;
    expect(tooLong).toHaveLength(201);
    await loggedInAs("landesadmin", { target: `/admin/rollen/new?${new URLSearchParams({ ebene: DEMO_IDS.root, rollenart: "LERN" })}` });
    await waitForHydration(page);
    await nameField(page).fill(tooLong);
    await page.getByRole("button", { name: "Rolle anlegen" }).click();
    await expect(nameField(page)).toHaveAccessibleDescription(/höchstens 200 Zeichen lang sein/);
    await expect(nameField(page)).toHaveValue(tooLong);
    await expect(nameField(page)).toBeFocused();
    await expectNoAxeViolations(page, "Rollenname zu lang");
    await searchRollen(page, rolle.token);
    await expect(countStatus(page)).toHaveText("Keine Rollen gefunden.");

    await createRolle(page, rolle.name);
    await page.goto(`/admin/rollen/new?${new URLSearchParams({ ebene: DEMO_IDS.root, rollenart: "EXTERN" })}`);
    await waitForHydration(page);
    await nameField(page).fill(rolle.name);
    await page.getByRole("button", { name: "Rolle anlegen" }).click();
    await expect(nameField(page)).toHaveAccessibleDescription(/bereits eine Rolle mit diesem Namen/);
    await expect(nameField(page)).toHaveValue(rolle.name);
    await expectNoAxeViolations(page, "Rollenname vergeben");
    // A blank at the end is refused by the portal's own rule.
    await nameField(page).fill(`${rolle.name} `);
    await page.getByRole("button", { name: "Rolle anlegen" }).click();
    await expect(nameField(page)).toHaveAccessibleDescription(/nicht mit einem Leerzeichen beginnen oder enden/);
    await searchRollen(page, rolle.token);
    await expect(countStatus(page)).toHaveText("1 Rolle gefunden");
  });

  test("„Weiter“ ohne Auswahl nennt am Feld, was fehlt, und Enter im Rollennamen legt die Rolle an", async ({ page, loggedInAs }) => {
    const rolle = uniqueName("Enterrolle");
    await loggedInAs("landesadmin", { target: "/admin/rollen/new" });
    await waitForHydration(page);
    const ebene = page.getByRole("combobox", { name: "Verwaltungsebene" });
    const rollenart = page.getByRole("combobox", { name: "Rollenart" });
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(ebene).toHaveAccessibleDescription("Bitte wählen Sie eine Verwaltungsebene aus.");
    await expect(rollenart).toHaveAccessibleDescription("Bitte wählen Sie eine Rollenart aus.");
    await expect(ebene).toBeFocused();
    await expect(nameField(page)).toHaveCount(0);
    await expectNoAxeViolations(page, "Rolle anlegen, Weiter ohne Auswahl");
    await waitForHydration(page);
    await ebene.selectOption({ label: ROOT });
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(rollenart).toHaveAccessibleDescription("Bitte wählen Sie eine Rollenart aus.");
    await expect(ebene).not.toHaveAccessibleDescription(/Bitte wählen/);
    await expect(rollenart).toBeFocused();
    await waitForHydration(page);
    await rollenart.selectOption({ label: "Externe" });
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(nameField(page)).toBeVisible();
    await expect(rollenart).not.toHaveAccessibleDescription(/Bitte wählen/);

    // Enter in the name is the create, not another "Weiter".
    await waitForHydration(page);
    await nameField(page).fill(rolle.name);
    await nameField(page).press("Enter");
    await expect(heading(page, "Rolle angelegt")).toBeVisible();
    await expect(page.getByRole("definition").nth(2)).toHaveText(rolle.name);
  });

  test(
    "auf einem schmalen Bildschirm bricht ein langer Rollenname in der Zusammenfassung und in der Meldung nach dem Löschen um",
    nurOhneJavaScript(GRUND.layout390),
    async ({ page, loggedInAs }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const rolle = uniqueName("Schulsozialarbeiterinnenvertretungsbeauftragte");
      const name = rolle.name.replace(" ", "");
      await loggedInAs("landesadmin", { target: "/admin/rollen" });
      const id = await createRolle(page, name);
      await expect(page.getByRole("status").filter({ hasText: `Die Rolle „${name}“ wurde angelegt.` })).toBeVisible();
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow(), "Die Seite scrollt seitlich").toBe(0);

      // The one-time message after deleting it names the role as well.
      await page.goto(`/admin/rollen/${id}?loeschen`);
      await page.getByRole("button", { name: "Rolle endgültig löschen" }).click();
      await expect(page.getByRole("status").filter({ hasText: `Die Rolle „${name}“ wurde gelöscht.` })).toBeVisible();
      expect(await overflow(), "Die Seite scrollt nach dem Löschen seitlich").toBe(0);
    },
  );

  test("die Landesadministratorin ändert die Angebote einer Rolle und sieht den neuen Stand", async ({ page, loggedInAs }) => {
    const problems = watchProblems(page);
    const rolle = uniqueName("Angebotsrolle");
    await loggedInAs("landesadmin", { target: "/admin/rollen" });
    const id = await createRolle(page, rolle.name, ["Anleitungen", "Helpdesk kontaktieren"]);
    await page.goto(`/admin/rollen?${new URLSearchParams({ suche: rolle.token })}`);
    await page.getByRole("link", { name: rolle.name, exact: true }).click();
    await expect(heading(page, `Rolle ${rolle.name}`)).toBeVisible();
    await page.getByRole("link", { name: "Rolle bearbeiten" }).click();
    await expect(heading(page, `Rolle ${rolle.name} bearbeiten`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/rollen/${id}\\?bearbeiten`));
    // Level and rollenart are shown, fixed.
    await expect(page.getByText(`Verwaltungsebene: ${ROOT}`)).toBeVisible();
    await expect(page.getByRole("combobox")).toHaveCount(0);
    await expectNoAxeViolations(page, "Rolle bearbeiten");

    await waitForHydration(page);
    const offers = page.getByRole("group", { name: "Angebote" });
    await expect(offers.getByRole("checkbox", { name: "Anleitungen", exact: true })).toBeChecked();
    await offers.getByRole("checkbox", { name: "Helpdesk kontaktieren" }).uncheck();
    await offers.getByRole("checkbox", { name: "Kalender" }).check();
    await page.getByRole("button", { name: "Speichern" }).click();

    await expect(heading(page, `Rolle ${rolle.name}`)).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Rolle geändert" })).toBeVisible();
    await expect(page.getByRole("definition").nth(4)).toHaveText("AnleitungenKalender");
    await expectNoAxeViolations(page, "Rolle geändert");

    // Saving without a change asks nothing of the upstream and says so.
    await page.getByRole("link", { name: "Rolle bearbeiten" }).click();
    await expect(heading(page, `Rolle ${rolle.name} bearbeiten`)).toBeVisible();
    await waitForHydration(page);
    if (isJavaScriptProject()) {
      await expect(page.getByRole("button", { name: "Speichern" })).toHaveAttribute("aria-disabled", "true");
    } else {
      await page.getByRole("button", { name: "Speichern" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Nichts geändert" })).toBeVisible();
    }
    expect(problems, "Fehler in der Browser-Konsole").toEqual([]);
  });

  test("wer eine inzwischen geänderte Rolle speichert, bekommt die Konfliktmeldung und behält seine Eingaben", async ({
    page,
    loggedInAs,
    browser,
    baseURL,
  }) => {
    const rolle = uniqueName("Konfliktrolle");
    await loggedInAs("landesadmin", { target: "/admin/rollen" });
    const id = await createRolle(page, rolle.name);
    await page.goto(`/admin/rollen/${id}?bearbeiten`);
    await expect(heading(page, `Rolle ${rolle.name} bearbeiten`)).toBeVisible();
    await waitForHydration(page);

    // Someone else saves the role first: another name.
    const other = await secondBrowser(browser, page, baseURL!);
    try {
      const otherPage = await other.newPage();
      await otherPage.goto(`/admin/rollen/${id}?bearbeiten`);
      await otherPage.getByRole("textbox", { name: "Rollenname" }).fill(`${rolle.name} neu`);
      await otherPage.getByRole("button", { name: "Speichern" }).click();
      await expect(otherPage.getByRole("status").filter({ hasText: "Rolle geändert" })).toBeVisible();
    } finally {
      await other.close();
    }

    await page.getByRole("group", { name: "Angebote" }).getByRole("checkbox", { name: "Kalender" }).check();
    await nameField(page).fill(`${rolle.name} meins`);
    await page.getByRole("button", { name: "Speichern" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "hat jemand anderes sie gespeichert" });
    await expect(alert).toBeVisible();
    await expect(nameField(page)).toHaveValue(`${rolle.name} meins`);
    await expect(page.getByRole("group", { name: "Angebote" }).getByRole("checkbox", { name: "Kalender" })).toBeChecked();
    await expectNoAxeViolations(page, "Rolle bearbeiten, Konflikt");

    // The page now shows whose state is stored; loading it discards the typed input and shows the other's name.
    await expect(heading(page, `Rolle ${rolle.name} neu bearbeiten`)).toBeVisible();
    await alert.getByRole("link", { name: "Aktuellen Stand der Rolle laden" }).click();
    await expect(heading(page, `Rolle ${rolle.name} neu bearbeiten`)).toBeVisible();
    await expect(nameField(page)).toHaveValue(`${rolle.name} neu`);
    await expect(page.getByRole("group", { name: "Angebote" }).getByRole("checkbox", { name: "Kalender" })).not.toBeChecked();
    await expect(page.getByRole("alert").filter({ hasText: "hat jemand anderes" })).toHaveCount(0);
  });

  test("die Landesadministratorin löscht eine Rolle, die niemand hat", async ({ page, loggedInAs }) => {
    const problems = watchProblems(page);
    const rolle = uniqueName("Wegwerfrolle");
    await loggedInAs("landesadmin", { target: "/admin/rollen" });
    await createRolle(page, rolle.name);
    await searchRollen(page, rolle.token);
    await page.getByRole("link", { name: rolle.name, exact: true }).click();
    await expect(heading(page, `Rolle ${rolle.name}`)).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("link", { name: "Rolle löschen" }).click();
    const dialog = isJavaScriptProject() ? page.getByRole("dialog", { name: "Rolle löschen" }) : page.getByRole("main");
    await expect(dialog.getByText(`Möchten Sie die Rolle „${rolle.name}“ (${ROOT}) endgültig löschen?`)).toBeVisible();
    await expect(page).toHaveURL(/\?.*loeschen/);
    await expectNoAxeViolations(page, "Rolle löschen, Frage");
    await dialog.getByRole("button", { name: "Rolle endgültig löschen" }).click();
    await expect(heading(page, "Rollenverwaltung")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: `Die Rolle „${rolle.name}“ wurde gelöscht.` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/rollen\\?suche=${rolle.token}$`));
    await expect(countStatus(page)).toHaveText("Keine Rollen gefunden.");
    // The message is shown once.
    await page.reload();
    await expect(page.getByText("wurde gelöscht")).toHaveCount(0);
    expect(problems, "Fehler in der Browser-Konsole").toEqual([]);
  });

  test("eine Rolle, die Personen noch haben, wird nicht gelöscht, und die Meldung zeigt den Weg", async ({ page, loggedInAs }) => {
    await loggedInAs("landesadmin", { target: `/admin/rollen/${DEMO_IDS.rolleLehrkraft}` });
    await expect(heading(page, "Rolle Lehrkraft")).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("link", { name: "Rolle löschen" }).click();
    const dialog = isJavaScriptProject() ? page.getByRole("dialog", { name: "Rolle löschen" }) : page.getByRole("main");
    await dialog.getByRole("button", { name: "Rolle endgültig löschen" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Rolle noch vergeben" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("Nehmen Sie die Rolle zuerst allen Personen weg");
    await expect(dialog.getByRole("button", { name: "Rolle endgültig löschen" })).toHaveCount(0);
    // The question is answered: it is gone, and the way out closes instead of "cancelling".
    await expect(dialog.getByText("Möchten Sie die Rolle")).toHaveCount(0);
    await expect(dialog.getByRole("link", { name: "Abbrechen" })).toHaveCount(0);
    await expect(dialog.getByRole("link", { name: "Schließen" })).toBeVisible();
    await expectNoAxeViolations(page, "Rolle löschen, abgelehnt");
    await alert.getByRole("link", { name: "Personen mit der Rolle „Lehrkraft“ anzeigen" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/personen\\?rolle=${DEMO_IDS.rolleLehrkraft}`));
    await expect(heading(page, "Alle Benutzer")).toBeVisible();
    await page.goto(`/admin/rollen/${DEMO_IDS.rolleLehrkraft}`);
    await expect(heading(page, "Rolle Lehrkraft")).toBeVisible();
  });

  test("was der Upstream an einer vergebenen Rolle ablehnt, steht auf Deutsch am Feld, und nichts wird geändert", async ({
    page,
    loggedInAs,
  }) => {
    const editPath = `/admin/rollen/${DEMO_IDS.rolleLehrkraft}?bearbeiten`;
    await loggedInAs("landesadmin", { target: editPath });
    await expect(heading(page, "Rolle Lehrkraft bearbeiten")).toBeVisible();
    await waitForHydration(page);
    const merkmale = page.getByRole("group", { name: "Merkmale" });
    await merkmale.getByRole("checkbox", { name: "Befristung ist Pflicht" }).check();
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(merkmale).toHaveAccessibleDescription(/nicht ändern, solange die Rolle Personen zugeordnet ist/);
    await expect(merkmale.getByRole("checkbox", { name: "Befristung ist Pflicht" })).toBeChecked();
    await expectNoAxeViolations(page, "Rolle bearbeiten, Merkmale abgelehnt");

    await page.goto(editPath);
    await waitForHydration(page);
    const angebote = page.getByRole("group", { name: "Angebote" });
    await angebote.getByRole("checkbox", { name: "E-Mail" }).uncheck();
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(angebote).toHaveAccessibleDescription(/bereits Personen zugeordnet/);
    await expect(angebote.getByRole("checkbox", { name: "E-Mail" })).not.toBeChecked();

    await page.goto(editPath);
    await waitForHydration(page);
    await nameField(page).fill("LiV");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(nameField(page)).toHaveAccessibleDescription(/bereits eine Rolle mit diesem Namen/);

    await page.goto(`/admin/rollen/${DEMO_IDS.rolleLehrkraft}`);
    await expect(page.getByRole("definition").nth(3)).toHaveText("KoPers-Nr. ist Pflicht");
    await expect(page.getByRole("definition").nth(4)).toContainText("E-Mail");
  });

  // Without the right the role pages and their posts are „Seite nicht gefunden“: tests/routes/zugriff-ohne-recht*.test.ts.

  test(
    "seltsame Adressen und Eingaben ergeben deutsche Antworten, nie einen Serverfehler",
    nurOhneJavaScript(GRUND.serverHtml),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: "/admin/rollen" });
      await page.goto("/admin/rollen?seite=1e30&anzahl=-1&suche=%00");
      await expect(heading(page, "Rollenverwaltung")).toBeVisible();
      // A page beyond the last is the last: the first while there are at most 30 roles, later another.
      await expect(page).toHaveURL(/seite=\d+(&|$)/);
      await expect(page.getByText(/^Seite (\d+) von \1$/)).toBeVisible();
      for (const path of ["/admin/rollen/keine-id", "/admin/rollen/00000000-0000-4000-8000-000000000000"]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(heading(page, "Seite nicht gefunden")).toBeVisible();
      }
      const response = await page.goto(`/admin/rollen/new?ebene=${"a".repeat(5000)}&rollenart=%00&angebote=x`);
      expect(response?.status()).toBe(200);
      await expect(heading(page, "Rolle anlegen")).toBeVisible();
      // A class is no level for a role: said, and the rest of the form stays closed.
      await page.goto(`/admin/rollen/new?ebene=${DEMO_IDS.klasse9aSchuleA}&rollenart=LEHR`);
      await expect(page.getByText("Auf der gewählten Verwaltungsebene können Sie keine Rollen anlegen.")).toBeVisible();
      await expect(nameField(page)).toHaveCount(0);
      const post = await page.request.post("/admin/rollen/new", {
        form: { ebene: DEMO_IDS.klasse9aSchuleA, rollenart: "NIX", name: "x".repeat(5000), systemrechte: "<script>" },
        maxRedirects: 0,
      });
      expect(post.status()).toBe(400);
      const edit = await page.request.post(`/admin/rollen/${DEMO_IDS.rolleLehrkraft}?bearbeiten`, {
        form: { name: "", version: "9".repeat(400), angebote: "kein-angebot" },
        maxRedirects: 0,
      });
      expect(edit.status()).toBe(400);
    },
  );
});

test.describe("Rollen gegen die ältere Upstream-Version", () => {
  test.use({ baseURL: PINNED_BASE_URL });

  test(
    "die Landesadministratorin legt eine Rolle mit Angeboten an (Anlegen, dann Angebote zuordnen) und ändert sie",
    nurOhneJavaScript(GRUND.aeltererUpstream),
    async ({ page }) => {
      const rolle = uniqueName("Altrolle");
      await loginAs(page, "landesadmin", { target: "/admin/rollen/new" });
      await expect(heading(page, "Rolle anlegen")).toBeVisible();
      await waitForHydration(page);
      // The older upstream knows six rollenarten.
      await expect(page.getByRole("combobox", { name: "Rollenart" }).getByRole("option")).toHaveCount(7);
      await chooseEbeneUndRollenart(page, ROOT, "Lehrende");
      await waitForHydration(page);
      await nameField(page).fill(rolle.name);
      const offers = page.getByRole("group", { name: "Angebote" });
      await offers.getByRole("checkbox", { name: "Anleitungen", exact: true }).check();
      await offers.getByRole("checkbox", { name: "OP.SH" }).check();
      await page.getByRole("group", { name: "Systemrechte" }).getByRole("checkbox", { name: "Schulen verwalten" }).check();
      await page.getByRole("button", { name: "Rolle anlegen" }).click();
      await expect(heading(page, "Rolle angelegt")).toBeVisible();
      await expect(page.getByRole("definition")).toHaveText([
        ROOT,
        "Lehrende",
        rolle.name,
        "Keine",
        "AnleitungenOP.SH",
        "Schulen verwalten",
      ]);

      await page.getByRole("link", { name: "Zur Rolle", exact: true }).click();
      await expect(heading(page, `Rolle ${rolle.name}`)).toBeVisible();
      // The older upstream's role lacks its level's name: the page reads it.
      await expect(page.getByRole("definition").first()).toHaveText(ROOT);
      await page.getByRole("link", { name: "Rolle bearbeiten" }).click();
      await waitForHydration(page);
      await page.getByRole("group", { name: "Angebote" }).getByRole("checkbox", { name: "OP.SH" }).uncheck();
      await page.getByRole("group", { name: "Merkmale" }).getByRole("checkbox", { name: "KoPers-Nr. ist Pflicht" }).check();
      await page.getByRole("button", { name: "Speichern" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Rolle geändert" })).toBeVisible();
      await expect(page.getByRole("definition")).toHaveText([
        ROOT,
        "Lehrende",
        rolle.name,
        "KoPers-Nr. ist Pflicht",
        "Anleitungen",
        "Schulen verwalten",
      ]);
    },
  );
});
