import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { DEMO_IDS, SCHULE_C, isJavaScriptProject, uniqueToken, waitForHydration } from "./support/klassen";
import { PORT } from "./support/servers";

/**
 * What the original client gained (issue 34): offers created, edited and deleted (§1, §2), by the full and by the
 * restricted right, and a school's VIDIS offers synchronised (§5), with and without JavaScript. Both projects run at
 * once on one database: each journey names its offers with a token of its own and deletes them again.
 */

const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });
const menu = (page: Page) => page.getByRole("navigation", { name: "Navigation" });
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });
// "Zz" sorts the journey's offers after the seeded ones, so the other journeys' pages of the list keep their rows.
const angebotName = (prefix: string) => `Zz ${prefix} ${isJavaScriptProject() ? "J" : "H"}${uniqueToken()}`;
const KRANICHWIESE = "0710085 (Gymnasium Kranichwiese)";

/** Switches this session's fake VIDIS on or off, at the reference upstream, with the page's session. */
async function setVidis(page: Page, state: "ok" | "failing") {
  const upstream = `http://127.0.0.1:${PORT + 1}`;
  const token = await page.request.get(`${upstream}/api/auth/csrf-token`);
  const headers = { "X-CSRF-Token": ((await token.json()) as { csrfToken: string }).csrfToken };
  expect((await page.request.put(`${upstream}/api/reference/vidis`, { headers, data: { state } })).status()).toBe(204);
}

/** Deletes the offer whose page is open, through its dialog (or page, without JavaScript). */
async function deleteOpenAngebot(page: Page, name: string) {
  await page.getByRole("link", { name: "Angebot löschen" }).click();
  const frage = isJavaScriptProject() ? page.getByRole("dialog", { name: "Angebot löschen" }) : page.getByRole("main");
  await frage.getByRole("button", { name: "Angebot löschen" }).click();
  await expect(toast(page, `Das Angebot „${name}“ wurde gelöscht.`)).toBeVisible();
}

test.describe("Angebote anlegen und bearbeiten", () => {
  test("die Landesadministratorin legt ein Angebot an, lässt eine Schule es nutzen, ändert es nach Rückfrage und löscht es", async ({
    page,
    loggedInAs,
  }) => {
    const name = angebotName("Lernwerkstatt");
    await loggedInAs("landesadmin", { target: "/admin/angebote" });
    await waitForHydration(page);
    await menu(page).getByRole("link", { name: "Neues Angebot anlegen" }).click();
    await expect(heading(page, "Neues Angebot anlegen")).toBeVisible();
    await expectNoAxeViolations(page, "Neues Angebot anlegen");

    // Nothing filled in: each field says what it needs, in German.
    await page.getByRole("button", { name: "Angebot anlegen" }).click();
    await expect(page.getByRole("textbox", { name: "Name auf der Startseite" })).toHaveAccessibleDescription(
      /Bitte geben Sie einen Namen ein\./,
    );
    await expect(page.getByRole("textbox", { name: "Link (URL)" })).toHaveAccessibleDescription(
      /Bitte geben Sie den Link des Angebots ein\./,
    );
    await expectNoAxeViolations(page, "Neues Angebot mit Fehlern");

    // School C: the journeys that count school A's offers run at the same time.
    await page.getByRole("combobox", { name: "Administrationsebene" }).selectOption({ label: SCHULE_C.label });
    await page.getByRole("textbox", { name: "Name auf der Startseite" }).fill(name);
    await page.getByRole("textbox", { name: "Link (URL)" }).fill("lernwerkstatt.example");
    await page.getByRole("button", { name: "Angebot anlegen" }).click();
    await expect(page.getByRole("textbox", { name: "Link (URL)" })).toHaveAccessibleDescription(/mit http:\/\/ oder https:\/\/ beginnt/);
    await page.getByRole("textbox", { name: "Link (URL)" }).fill("https://lernwerkstatt.example/start");
    // A school offer: it sorts after the seeded ones in the list that other journeys page through at the same time.
    await page.getByRole("group", { name: "Kategorie auf der Startseite" }).getByRole("radio", { name: "Schulische Angebote" }).check();
    await page.getByRole("button", { name: "Angebot anlegen" }).click();

    await expect(heading(page, `Angebot ${name}`)).toBeVisible();
    await expect(toast(page, `Das Angebot „${name}“ wurde angelegt.`)).toBeVisible();
    await expect(page.getByRole("definition").nth(1)).toHaveText(SCHULE_C.label);
    await expectNoAxeViolations(page, "Angebot angelegt");

    // A school extends a role by it (the one-step form), so the edit below has something to remove.
    await page.getByRole("link", { name: "Rolle schulspezifisch erweitern" }).click();
    await page.getByRole("combobox", { name: "Schule" }).selectOption({ label: SCHULE_C.label });
    await page.getByRole("button", { name: "Rollen der Schule anzeigen" }).click();
    await page
      .getByRole("group", { name: `Rollen an ${SCHULE_C.label}, die das Angebot erhalten` })
      .getByRole("checkbox", { name: "Lehrkraft", exact: true })
      .check();
    await page.getByRole("button", { name: "Änderungen übernehmen" }).click();
    await expect(toast(page, /1 hinzugefügt, 0 entfernt/)).toBeVisible();
    await page.getByRole("link", { name: `Alle Angaben zu ${name}` }).click();

    await page.getByRole("link", { name: "Angebot bearbeiten" }).click();
    await expect(heading(page, `Angebot ${name} bearbeiten`)).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Name auf der Startseite" })).toHaveValue(name);
    await expectNoAxeViolations(page, "Angebot bearbeiten");
    const neu = `${name}x`;
    await page.getByRole("textbox", { name: "Name auf der Startseite" }).fill(neu);
    await page.getByRole("group", { name: "Nur für diese Rollenarten" }).getByRole("checkbox", { name: "Lehrende", exact: true }).check();
    await page
      .getByRole("group", { name: "Zuweisung" })
      .getByRole("checkbox", { name: "Schulspezifische Rollenerweiterung möglich" })
      .uncheck();
    await page.getByRole("button", { name: "Änderungen speichern" }).click();
    // The school's extension would go: asked first, nothing saved yet.
    await expect(page.getByRole("alert")).toContainText("Rollenerweiterungen werden entfernt");
    await expectNoAxeViolations(page, "Angebot bearbeiten, Rückfrage");
    await page.getByRole("button", { name: "Speichern und Erweiterungen entfernen" }).click();
    await expect(toast(page, `Die Änderungen am Angebot „${neu}“ wurden gespeichert.`)).toBeVisible();
    await expect(heading(page, `Angebot ${neu}`)).toBeVisible();

    await page.getByRole("link", { name: "Angebot bearbeiten" }).click();
    await expect(
      page.getByRole("group", { name: "Nur für diese Rollenarten" }).getByRole("checkbox", { name: "Lehrende", exact: true }),
    ).toBeChecked();
    await page.getByRole("link", { name: "Zurück zum Angebot" }).click();
    await deleteOpenAngebot(page, neu);
  });

  test("die Suche über der Organisationswahl grenzt die Auswahl ein; mit JavaScript bleibt der getippte Name stehen", async ({
    page,
    loggedInAs,
  }) => {
    // With more than 50 schools the search is shown at once; the demo has fewer, so the address asks for it.
    await loggedInAs("landesadmin", { target: "/admin/angebote/new?ebeneSuche=Gymnasium" });
    await waitForHydration(page);
    const wahl = page.getByRole("combobox", { name: "Administrationsebene" });
    await page.getByRole("textbox", { name: "Name auf der Startseite" }).fill("Zz Suche");
    const suche = page.getByRole("searchbox", { name: "Organisation suchen" });
    await suche.fill("Hafenkante");
    await suche.press("Enter");
    await expect(page).toHaveURL(/ebeneSuche=Hafenkante/);
    await expect(wahl.getByRole("option", { name: SCHULE_C.label })).toHaveCount(1);
    await expect(wahl.getByRole("option")).toHaveCount(2);
    // A search is no attempt to create: no field is marked.
    await expect(page.getByText("Bitte geben Sie den Link des Angebots ein.")).toHaveCount(0);
    if (isJavaScriptProject()) await expect(page.getByRole("textbox", { name: "Name auf der Startseite" })).toHaveValue("Zz Suche");
    await expectNoAxeViolations(page, "Neues Angebot, Organisation gesucht");
  });

  test("die schulische Angebotsverwalterin legt ein Angebot ihrer Schule an; Kategorie und Zuweisung setzt der Server", async ({
    page,
    loggedInAs,
  }) => {
    const name = angebotName("Schulgarten");
    await loggedInAs("vidisadmin", { target: "/admin/angebote/erweiterbar", otp: true });
    await waitForHydration(page);
    await expect(menu(page).getByRole("link", { name: "Alle Angebote" })).toHaveCount(0);
    await menu(page).getByRole("link", { name: "Neues Angebot anlegen" }).click();
    await expect(heading(page, "Neues Angebot anlegen")).toBeVisible();
    // Her one school is chosen; the fields of the full right are not asked.
    await expect(page.getByRole("combobox", { name: "Administrationsebene" })).toHaveValue(DEMO_IDS.schuleVidis);
    await expect(page.getByRole("group", { name: "Kategorie auf der Startseite" })).toHaveCount(0);
    await expect(page.getByText("Sie legen ein schulisches Angebot an.")).toBeVisible();
    await expectNoAxeViolations(page, "Neues schulisches Angebot");

    await page.getByRole("textbox", { name: "Name auf der Startseite" }).fill(name);
    await page.getByRole("textbox", { name: "Link (URL)" }).fill("https://schulgarten.example/");
    await page.getByRole("button", { name: "Angebot anlegen" }).click();
    await expect(heading(page, `Angebot ${name}`)).toBeVisible();
    await expect(page.getByRole("definition").nth(1)).toHaveText(KRANICHWIESE);
    await expect(page.getByRole("definition").nth(5)).toHaveText("Schulische Angebote");
    await expectNoAxeViolations(page, "Schulisches Angebot angelegt");
    await deleteOpenAngebot(page, name);
  });
});

test.describe("Angebote einer Schule mit VIDIS abgleichen", () => {
  test("die schulische Angebotsverwalterin gleicht mit VIDIS ab; fällt VIDIS aus, sagt das Portal es auf Deutsch", async ({
    page,
    loggedInAs,
  }) => {
    await loggedInAs("vidisadmin", { target: "/admin/angebote/erweiterbar", otp: true });
    await waitForHydration(page);
    await expect(page.getByRole("status").filter({ hasText: KRANICHWIESE })).toBeVisible();
    // An offer VIDIS brought in says so on its page, and offers neither edit nor delete.
    await page.getByRole("link", { name: "Vokabeltrainer Möwe" }).click();
    await page.getByRole("link", { name: "Alle Angaben zu Vokabeltrainer Möwe" }).click();
    await expect(page.getByText("Dieses Angebot wurde über VIDIS freigeschaltet.")).toBeVisible();
    await expect(page.getByRole("link", { name: /Angebot (bearbeiten|löschen)/ })).toHaveCount(0);
    await page.goto("/admin/angebote/erweiterbar");

    await setVidis(page, "failing");
    await page.getByRole("link", { name: "Mit VIDIS synchronisieren" }).click();
    const frage = isJavaScriptProject() ? page.getByRole("dialog", { name: "Angebote mit VIDIS synchronisieren" }) : page.getByRole("main");
    await expect(frage).toContainText(`Möchten Sie die Angebote von ${KRANICHWIESE} jetzt mit VIDIS abgleichen?`);
    await expectNoAxeViolations(page, "Frage zum VIDIS-Abgleich");
    await frage.getByRole("button", { name: "Synchronisieren" }).click();
    await expect(frage.getByRole("alert")).toContainText("VIDIS nicht erreichbar");
    await expectNoAxeViolations(page, "VIDIS-Abgleich fehlgeschlagen");

    await setVidis(page, "ok");
    await frage.getByRole("button", { name: "Synchronisieren" }).click();
    await expect(toast(page, `Die Angebote von ${KRANICHWIESE} sind mit VIDIS abgeglichen.`)).toBeVisible();
    // The offer activated in VIDIS is now one the school may extend its roles with.
    await expect(page.getByRole("rowheader", { name: "Wattenmeer-Atlas" })).toBeVisible();
    await expectNoAxeViolations(page, "VIDIS-Abgleich erfolgreich");
  });

  test("die Frage zum VIDIS-Abgleich geht ganz mit der Tastatur: Escape schließt sie, der Fokus kehrt zum Auslöser zurück", async ({
    page,
    loggedInAs,
  }) => {
    test.skip(!isJavaScriptProject(), "Ohne JavaScript ist die Frage eine eigene Seite; ihre Bedienung prüft der Test davor.");
    await loggedInAs("vidisadmin", { target: "/admin/angebote/erweiterbar", otp: true });
    await waitForHydration(page);
    const trigger = page.getByRole("link", { name: "Mit VIDIS synchronisieren" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Angebote mit VIDIS synchronisieren" });
    await expect(dialog).toContainText(`Möchten Sie die Angebote von ${KRANICHWIESE} jetzt mit VIDIS abgleichen?`);
    await expect(dialog.locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();
    await expect(page).not.toHaveURL(/vidis=/);
  });
});
