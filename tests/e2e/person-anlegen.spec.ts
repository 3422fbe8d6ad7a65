import type { Page } from "@playwright/test";
import { endOfSchoolYear, formatGermanDay, germanToday } from "~/dates";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { isJavaScriptProject, SCHULE_C, waitForHydration } from "./support/klassen";
import { loginAs, submitOtpForm, submitPasswordForm } from "./support/login";
import { PINNED_BASE_URL, PINNED_STEP_UP_TIMEOUT_SECONDS } from "./support/servers";
import { nurMitJavaScript, nurOhneJavaScript } from "./support/modus";

/**
 * Creating persons: "Benutzer anlegen" (landesadmin) and "Andere Person (neu anlegen)" (schuladmin). Each project
 * creates persons of its own (names and KoPers numbers differ by project), so both can run on one database.
 */
const projekt = () => (test.info().project.name === "ohne-js" ? "ohne" : "mit");
/** Last names of letters only (digits are no name characters): one per project. */
const nachname = (stamm: string) => `${stamm}${projekt() === "ohne" ? "Ostwald" : "Mittwald"}`;
const kopers = (suffix: string) => `47193${projekt() === "ohne" ? "1" : "2"}${suffix}`;

const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });
const sideNav = (page: Page) => page.getByRole("navigation", { name: "Navigation" });
const rollen = (page: Page) => page.getByRole("group", { name: /^Rolle/ });
const befristung = (page: Page) => page.getByRole("group", { name: /^Befristung/ });
const textbox = (page: Page, name: string) => page.getByRole("textbox", { name: new RegExp(`^${name}`) });

async function press(page: Page, name: string) {
  await page.getByRole("button", { name, exact: true }).click();
}

/** Without JavaScript "Auswahl aktualisieren" narrows the choices; with it the change itself does. */
async function narrowed(page: Page) {
  if (isJavaScriptProject()) return;
  await press(page, "Auswahl aktualisieren");
  // The answer opens where the form goes on, not at the top of the page.
  await expect(page).toHaveURL(/#anlegen-rollen$/);
}

async function chooseOrganisation(page: Page, label: string) {
  await waitForHydration(page);
  await page.getByRole("combobox", { name: /^Organisationsebene/ }).selectOption({ label });
  await narrowed(page);
  await expect(rollen(page)).toBeVisible();
}

async function chooseRolle(page: Page, rolle: string) {
  await rollen(page).getByRole("checkbox", { name: rolle, exact: true }).check();
  await narrowed(page);
  await expect(befristung(page)).toBeVisible();
}

async function fillNames(page: Page, vorname: string, familienname: string) {
  await textbox(page, "Vorname").fill(vorname);
  await textbox(page, "Nachname").fill(familienname);
}

/** The success page's value of one line ("Benutzername", "Befristung", …). */
const saved = (page: Page, label: string) => page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");

async function readStartPassword(page: Page): Promise<string> {
  const card = page.getByRole("region", { name: /^Startpasswort für/ });
  if (isJavaScriptProject()) await card.getByRole("button", { name: "Passwort anzeigen" }).click();
  else await card.getByText("Passwort anzeigen").click();
  const password = card.locator('span[translate="no"]').first();
  await expect(password).toBeVisible();
  return (await password.textContent())!.trim();
}

/** Whether a person of this last name exists, by the person list's search. */
async function expectNotInList(page: Page, familienname: string) {
  await page.goto(`/admin/personen?${new URLSearchParams({ suche: familienname })}`);
  await expect(page.getByRole("status").filter({ hasText: "Keine Benutzer gefunden." })).toBeVisible();
}

test.describe("Personen anlegen", () => {
  // Long journeys with an axe scan of every state, on a machine shared by several test runs.
  test.beforeEach(() => test.slow());

  test("die Landesadministratorin legt eine Lehrkraft mit KoPers-Nummer an; die Lehrkraft meldet sich mit dem Startpasswort an", async ({
    page,
  }) => {
    // This journey ends the administrator's session (logout): it logs in on its own.
    await loginAs(page, "landesadmin", { target: "/admin/personen" });
    await waitForHydration(page);
    await sideNav(page).getByRole("link", { name: "Benutzer anlegen" }).click();
    await expect(heading(page, "Neuen Benutzer anlegen")).toBeVisible();
    await expectNoAxeViolations(page, "Benutzer anlegen (leer)");
    // With JavaScript the form narrows by itself: "Auswahl aktualisieren" and its hint are there without it only.
    const aktualisieren = page.getByRole("button", { name: "Auswahl aktualisieren" });
    if (isJavaScriptProject()) await expect(aktualisieren).toBeHidden();
    else await expect(aktualisieren).toBeVisible();

    await chooseOrganisation(page, SCHULE_C.label);
    // Nothing chosen yet: every kind of role is offered.
    await expect(rollen(page).getByRole("checkbox", { name: "itslearning-Schüler", exact: true })).toBeVisible();
    await chooseRolle(page, "Lehrkraft");
    // Once a teacher's role is chosen, only teachers' roles are offered; a teacher needs a KoPers number.
    await expect(rollen(page).getByRole("checkbox", { name: "itslearning-Schüler", exact: true })).toHaveCount(0);
    await expect(befristung(page).getByRole("radio", { name: "Unbefristet" })).toBeChecked();
    const familienname = nachname("Lehr");
    await fillNames(page, "Theo", familienname);
    // The KoPers field is named once, by its label: no group around it names it again.
    await expect(page.getByRole("group", { name: "KoPers-Nummer" })).toHaveCount(0);
    await textbox(page, "KoPers-Nr.").fill(kopers("01"));
    await expectNoAxeViolations(page, "Benutzer anlegen (ausgefüllt)");
    await press(page, "Benutzer anlegen");

    await expect(heading(page, `Theo ${familienname} wurde erfolgreich hinzugefügt.`)).toBeVisible();
    await expect(saved(page, "KoPers-Nr.")).toHaveText(kopers("01"));
    await expect(saved(page, "Rolle(n)")).toHaveText("Lehrkraft");
    await expect(saved(page, "Organisationsebene")).toHaveText(SCHULE_C.label);
    await expect(saved(page, "Befristung")).toHaveText("Unbefristet");
    const username = (await saved(page, "Benutzername").textContent())!.trim();
    expect(username).toMatch(/^t[a-z]+\d*$/);
    await expectNoAxeViolations(page, "Benutzer angelegt");
    const startpasswort = await readStartPassword(page);
    // Never in the address: the password exists only in this answer.
    expect(page.url()).not.toContain(startpasswort);
    await expect(page.getByRole("link", { name: "Zur Gesamtübersicht" })).toHaveAttribute("href", /^\/admin\/personen\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("link", { name: "Weiteren Benutzer anlegen" })).toHaveAttribute("href", /organisation=.*rolle=/);

    await page.getByRole("link", { name: "Abmelden" }).first().click();
    await expect(page).toHaveURL(/^[^?#]*\/\/[^/]+\/$/);
    await page.goto("/start");
    await submitPasswordForm(page, username, startpasswort);
    await expect(heading(page, "Neues Passwort festlegen")).toBeVisible();
    const neu = `Theo-${projekt()}-Passwort-2026`;
    await page.getByLabel("Neues Passwort", { exact: true }).fill(neu);
    await page.getByLabel("Neues Passwort wiederholen").fill(neu);
    await press(page, "Passwort speichern");
    await expect(page).toHaveURL(/\/start$/);
    await expect(heading(page, "Startseite")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Benutzerkonto" })).toContainText(`Angemeldet als Theo ${familienname}`);
    // The teacher's offers, not an administrator's.
    await expect(page.getByRole("link", { name: /WebUntis/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /Schulportal-Administration/ })).toHaveCount(0);
  });

  test("eine LiV ist bis zum Schuljahresende befristet und kann nicht unbefristet angelegt werden", async ({ page, loggedInAs }) => {
    await loggedInAs("landesadmin", { target: "/admin/personen/new" });
    await chooseOrganisation(page, SCHULE_C.label);
    await chooseRolle(page, "LiV");
    const jahresende = formatGermanDay(endOfSchoolYear(germanToday()));
    await expect(befristung(page).getByRole("radio", { name: `Bis zum Schuljahresende (${jahresende})` })).toBeChecked();
    await expect(befristung(page).getByRole("radio", { name: "Unbefristet" })).toBeDisabled();

    const familienname = nachname("Liv");
    await fillNames(page, "Lina", familienname);
    // Without a KoPers number the account is locked after eight weeks: the page says so.
    await page.getByRole("checkbox", { name: "Keine KoPers-Nr. vorhanden" }).check();
    await expect(page.getByText("acht Wochen nach dem Anlegen gesperrt")).toBeVisible();
    await expectNoAxeViolations(page, "LiV anlegen");
    await press(page, "Benutzer anlegen");

    await expect(heading(page, `Lina ${familienname} wurde erfolgreich hinzugefügt.`)).toBeVisible();
    await expect(saved(page, "Befristung")).toHaveText(jahresende);
    await expect(saved(page, "Rolle(n)")).toHaveText("LiV");
    await expect(saved(page, "KoPers-Nr.")).toHaveText("fehlt");
  });

  test("eine Schülerin braucht eine Klasse und gültige Namen; angelegt steht sie in der Liste ihrer Klasse", async ({
    page,
    loggedInAs,
  }) => {
    const klasse = projekt() === "ohne" ? "10a" : "9b";
    const familienname = nachname("Schul");
    await loggedInAs("landesadmin", { target: "/admin/personen" });
    await waitForHydration(page);
    // The list's own button, next to its heading.
    await page.getByRole("main").getByRole("link", { name: "Benutzer anlegen" }).click();
    await expect(heading(page, "Neuen Benutzer anlegen")).toBeVisible();
    await chooseOrganisation(page, SCHULE_C.label);
    await chooseRolle(page, "itslearning-Schüler");
    await expect(page.getByRole("combobox", { name: /^Klasse/ })).toBeVisible();

    // No class: refused with a German message.
    await fillNames(page, "Paula", familienname);
    await press(page, "Benutzer anlegen");
    await expect(page.getByText("Bitte wählen Sie eine Klasse aus: Schülerinnen und Schüler brauchen eine Klasse.")).toBeVisible();
    await expectNoAxeViolations(page, "Schülerin ohne Klasse");
    await page.getByRole("combobox", { name: /^Klasse/ }).selectOption({ label: klasse });

    const bad: Array<[string, string]> = [
      [" Paula", "Der Vorname darf nicht mit einem Leerzeichen beginnen oder enden."],
      ["P", "Der Vorname muss mindestens 2 Zeichen lang sein."],
      ["Paula2", "Der Vorname enthält unzulässige Zeichen."],
    ];
    for (const [vorname, message] of bad) {
      await textbox(page, "Vorname").fill(vorname);
      await press(page, "Benutzer anlegen");
      await expect(page.getByText(message)).toBeVisible();
      await expect(heading(page, "Neuen Benutzer anlegen")).toBeVisible();
    }
    await expectNoAxeViolations(page, "Schülerin mit ungültigem Vornamen");

    await textbox(page, "Vorname").fill("Paula");
    await press(page, "Benutzer anlegen");
    await expect(heading(page, `Paula ${familienname} wurde erfolgreich hinzugefügt.`)).toBeVisible();
    await expect(saved(page, "Klasse")).toHaveText(klasse);
    await expect(saved(page, "Rolle(n)")).toHaveText("itslearning-Schüler");

    // Only one Paula was created, in her class.
    await page.goto(`/admin/personen?${new URLSearchParams({ organisation: SCHULE_C.id })}`);
    await chooseKlasseFilter(page, klasse);
    const rows = page.getByRole("table", { name: "Benutzer" }).locator("tbody tr").filter({ hasText: familienname });
    await expect(rows).toHaveCount(1);
    await expect(rows.getByRole("cell")).toContainText([familienname, "Paula", "itslearning-Schüler", klasse]);
  });

  test(
    "mit JavaScript wird ein Name beim Verlassen des Feldes geprüft, bevor etwas gesendet wird",
    nurMitJavaScript("Die Prüfung im Browser ist eine Erweiterung, die JavaScript braucht."),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: "/admin/personen/new" });
      await chooseOrganisation(page, SCHULE_C.label);
      await chooseRolle(page, "itslearning-Schüler");
      // The narrowed choice keeps the focus once the answer is there.
      await expect(rollen(page).getByRole("checkbox", { name: "itslearning-Schüler", exact: true })).toBeFocused();
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      await textbox(page, "Vorname").fill("P");
      await textbox(page, "Vorname").press("Tab");
      await expect(page.getByText("Der Vorname muss mindestens 2 Zeichen lang sein.")).toBeVisible();
      await expect(textbox(page, "Nachname")).toBeFocused();
      // Only the field that was left is judged.
      await expect(textbox(page, "Nachname")).not.toHaveAttribute("aria-invalid", "true");
      expect(posts).toEqual([]);
    },
  );

  test("der Schuladmin legt über „Andere Person (neu anlegen)“ einen Schüler seiner Schule an", async ({ page, loggedInAs }) => {
    await loggedInAs("schuladmin", { target: "/admin/personen" });
    await waitForHydration(page);
    await sideNav(page).getByRole("link", { name: "Andere Person (neu anlegen)" }).click();
    await expect(heading(page, "Andere Person (neu anlegen)")).toBeVisible();
    // His only school is chosen; he may create pupils and external persons, no teachers.
    await expect(page.getByRole("combobox", { name: /^Organisationsebene/ })).toHaveValue(/[0-9a-f-]{36}/);
    await expect(rollen(page).getByRole("checkbox", { name: "itslearning-Schüler", exact: true })).toBeVisible();
    await expect(rollen(page).getByRole("checkbox", { name: "Lehrkraft", exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page, "Andere Person (neu anlegen)");

    await chooseRolle(page, "itslearning-Schüler");
    await page.getByRole("combobox", { name: /^Klasse/ }).selectOption({ label: projekt() === "ohne" ? "5a" : "5b" });
    const familienname = nachname("Schad");
    await fillNames(page, "Sven", familienname);
    // Enter in the last field sends the form as "Person anlegen" (not the organisation search, the first button).
    await textbox(page, "Nachname").press("Enter");
    await expect(heading(page, `Sven ${familienname} wurde erfolgreich angelegt.`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Weitere Person anlegen" })).toBeVisible();
    await expectNoAxeViolations(page, "Andere Person angelegt");

    // "Weitere Person anlegen" keeps the school and the role.
    await page.getByRole("link", { name: "Weitere Person anlegen" }).click();
    await expect(heading(page, "Andere Person (neu anlegen)")).toBeVisible();
    await expect(rollen(page).getByRole("checkbox", { name: "itslearning-Schüler", exact: true })).toBeChecked();
    await expect(textbox(page, "Vorname")).toHaveValue("");
  });

  test("eine vergebene KoPers-Nummer und eine Befristung in der Vergangenheit werden abgelehnt, niemand wird angelegt", async ({
    page,
    loggedInAs,
  }) => {
    const familienname = nachname("Doppel");
    await loggedInAs("landesadmin", { target: "/admin/personen/new" });
    await chooseOrganisation(page, SCHULE_C.label);
    await chooseRolle(page, "Lehrkraft");
    await fillNames(page, "Dora", familienname);
    // Lara Lehmann's number.
    await textbox(page, "KoPers-Nr.").fill("4711002");
    await press(page, "Benutzer anlegen");
    await expect(page.getByText("Die eingegebene KoPers-Nummer gehört bereits zu einer anderen Person.")).toBeVisible();
    await expect(textbox(page, "Vorname")).toHaveValue("Dora");
    await expectNoAxeViolations(page, "KoPers-Nummer vergeben");

    await textbox(page, "KoPers-Nr.").fill(kopers("02"));
    await befristung(page).getByRole("radio", { name: "Bis zu einem bestimmten Datum" }).check();
    await page.getByRole("textbox", { name: "Letzter Tag der Zuordnung" }).fill("01.01.2020");
    await press(page, "Benutzer anlegen");
    await expect(page.getByText("Das Datum muss in der Zukunft liegen.")).toBeVisible();
    await expectNoAxeViolations(page, "Befristung in der Vergangenheit");

    await expectNotInList(page, familienname);
  });

  test(
    "dasselbe Formular zweimal gesendet (Neuladen) legt die Person nur einmal an",
    nurOhneJavaScript(
      "Das zweimalige Senden sind zwei Anfragen ohne Bedienung im Browser; das Eingrenzen mit JavaScript prüfen die anderen Reisen dieser Seite.",
    ),
    async ({ page, loggedInAs }) => {
      const familienname = nachname("Zweimal");
      await loggedInAs("landesadmin", { target: "/admin/personen/new" });
      await chooseOrganisation(page, SCHULE_C.label);
      await chooseRolle(page, "Ev./Kat. Religionslehrkraft");
      const rolle = await rollen(page).getByRole("checkbox", { name: "Ev./Kat. Religionslehrkraft" }).getAttribute("value");
      const einmal = await page.locator('input[name="einmal"]').getAttribute("value");
      const form = {
        intent: "anlegen",
        einmal: einmal ?? "",
        organisation: SCHULE_C.id,
        vorherigeOrganisation: SCHULE_C.id,
        rollen: rolle ?? "",
        "befristung.art": "unbefristet",
        vorname: "Zora",
        familienname,
      };
      const first = await page.request.post("/admin/personen/new", { form });
      expect(first.status()).toBe(200);
      expect(first.headers()["cache-control"]).toContain("no-store");
      expect(await first.text()).toContain(`Zora ${familienname} wurde erfolgreich hinzugefügt.`);
      const again = await page.request.post("/admin/personen/new", { form });
      expect(again.status()).toBe(409);
      expect(await again.text()).toContain("Es wurde keine weitere Person angelegt.");

      await page.goto(`/admin/personen?${new URLSearchParams({ suche: familienname })}`);
      await expect(page.getByRole("table", { name: "Benutzer" }).locator("tbody tr")).toHaveCount(1);
    },
  );

  // Without the right to create, the page and its post are „Seite nicht gefunden“: tests/routes/zugriff-ohne-recht*.test.ts.
});

test.describe("Personen anlegen, wenn der zweite Faktor abläuft (älterer Upstream)", () => {
  test.use({ baseURL: PINNED_BASE_URL });
  test.beforeEach(() => test.slow());

  test(
    "ein nach einer Pause abgeschicktes Formular kommt nach dem Einmalcode mit den Eingaben zurück und legt die Person dann einmal an",
    nurOhneJavaScript(
      "Das unterbrochene Absenden mit JavaScript prüft erneute-anmeldung.spec.ts („Sitzung abgelaufen beim Absenden“); die Eingaben stellt der Server wieder her.",
    ),
    async ({ page }) => {
      const familienname = nachname("Pause");
      await loginAs(page, "landesadmin", { target: "/admin/personen/new" });
      await chooseOrganisation(page, SCHULE_C.label);
      await chooseRolle(page, "Lehrkraft");
      await fillNames(page, "Paul", familienname);
      await textbox(page, "KoPers-Nr.").fill(kopers("03"));
      await page.waitForTimeout((PINNED_STEP_UP_TIMEOUT_SECONDS + 1) * 1000);

      await press(page, "Benutzer anlegen");
      await expect(page).toHaveURL(/\/api\/auth\/idp\/otp/);
      await submitOtpForm(page, "landesadmin");
      await expect(page).toHaveURL(/\/admin\/personen\/new$/);
      await expect(page.getByRole("alert").filter({ hasText: "nicht gespeichert" })).toBeVisible();
      await expect(rollen(page).getByRole("checkbox", { name: "Lehrkraft", exact: true })).toBeChecked();
      await expect(textbox(page, "Nachname")).toHaveValue(familienname);
      await expect(textbox(page, "KoPers-Nr.")).toHaveValue(kopers("03"));
      // No axe scan here: it outlasts this upstream's short step-up timeout (the notice is scanned in erneute-anmeldung).
      await press(page, "Benutzer anlegen");
      await expect(heading(page, `Paul ${familienname} wurde erfolgreich hinzugefügt.`)).toBeVisible();
    },
  );
});

/** The person list's class filter: checkboxes without JavaScript, a combobox with it. */
async function chooseKlasseFilter(page: Page, klasse: string) {
  const form = page.getByRole("search", { name: "Benutzer filtern" });
  await waitForHydration(page);
  if (isJavaScriptProject()) {
    await form.getByRole("textbox", { name: "Klasse", exact: true }).click();
    const combobox = form.getByRole("combobox", { name: "Klasse", exact: true });
    await combobox.fill(klasse);
    await page.getByRole("option", { name: klasse, exact: true }).click();
    await combobox.press("Escape");
  } else {
    const group = form.getByRole("group", { name: "Klasse", exact: true });
    await group.getByRole("searchbox", { name: "Klasse durchsuchen" }).fill(klasse);
    await group.getByRole("button", { name: "Suchen: Klasse" }).click();
    await form.getByRole("group", { name: "Klasse", exact: true }).getByRole("checkbox", { name: klasse, exact: true }).check();
  }
  await form.getByRole("button", { name: "Anwenden" }).click();
  await expect(page).toHaveURL(/klasse=[0-9a-f-]{36}/);
}
