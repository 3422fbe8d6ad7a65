import type { Page } from "@playwright/test";
import { stableId } from "../../upstream/reference/lib/ids.ts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { DEMO_IDS, SCHULE_A, isJavaScriptProject, uniqueToken, waitForHydration } from "./support/klassen";
import { loginAs } from "./support/login";
import { watchProblems } from "./support/problems";
import { PINNED_BASE_URL, PINNED_PORT, PORT } from "./support/servers";
import { GRUND, nurOhneJavaScript } from "./support/modus";

/**
 * The offer screens (inventory §4.14) and the school-specific role extension (decision 024), with and without
 * JavaScript. Both projects run at once on one database: each extension journey extends a role it made itself.
 */

const sp = (key: string) => stableId(`sp:${key}`);
const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });
const menu = (page: Page) => page.getByRole("navigation", { name: "Navigation" });
const row = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
const rolleFeld = (page: Page) => page.getByRole("combobox", { name: "Rolle" });

/** A role of its own for this journey and project, straight at the upstream with the logged-in page's session. */
async function createRolle(page: Page, upstream: string, body: Record<string, unknown>) {
  const tokenAnswer = await page.request.get(`${upstream}/api/auth/csrf-token`);
  const headers = tokenAnswer.ok() ? { "X-CSRF-Token": ((await tokenAnswer.json()) as { csrfToken: string }).csrfToken } : undefined;
  const response = await page.request.post(`${upstream}/api/rolle`, { headers, data: body });
  expect(response.status(), `Anlegen der Testrolle „${String(body.name)}“`).toBe(201);
}

const rollenName = (prefix: string) => `${prefix} ${isJavaScriptProject() ? "J" : "H"}${uniqueToken()}`;

test.describe("Angebote ansehen", () => {
  test("wer ein Angebot löschen will, das Rollen weitergeben, erfährt in der Frage auf Deutsch, warum es bleibt", async ({
    page,
    loggedInAs,
  }) => {
    await loggedInAs("landesadmin", { target: `/admin/angebote/${DEMO_IDS.providerEmail}` });
    await expect(heading(page, "Angebot E-Mail")).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("link", { name: "Angebot löschen" }).click();
    const frage = isJavaScriptProject() ? page.getByRole("dialog", { name: "Angebot löschen" }) : page.getByRole("main");
    if (!isJavaScriptProject()) await expect(page).toHaveTitle("Angebot E-Mail löschen – Schulportal");
    await expect(frage).toContainText("Möchten Sie das Angebot „E-Mail“ endgültig löschen?");
    await expectNoAxeViolations(page, "Frage zum Löschen eines Angebots");
    await frage.getByRole("button", { name: "Angebot löschen" }).click();
    await expect(frage.getByRole("alert")).toContainText("Angebot wird verwendet");
    await expectNoAxeViolations(page, "Löschen eines Angebots abgelehnt");
    await frage.getByRole("link", { name: "Abbrechen" }).click();
    await expect(heading(page, "Angebot E-Mail")).toBeVisible();
  });

  test("die Landesadministratorin filtert die Angebote nach Kategorie; die Wahl steht in der Adresse und lässt sich zurücksetzen", async ({
    page,
    loggedInAs,
  }) => {
    await loggedInAs("landesadmin", { target: "/admin/angebote" });
    await waitForHydration(page);
    const filter = page.getByRole("search", { name: "Anzeige der Angebote" });
    const kategorien = filter.getByRole("group", { name: "Kategorie" });
    await expect(kategorien.getByRole("checkbox")).toHaveCount(5);
    await kategorien.getByRole("checkbox", { name: "Dienstliche E-Mail" }).check();
    await filter.getByRole("button", { name: "Anwenden" }).click();
    await expect(page).toHaveURL(/kategorie=EMAIL/);
    await expect(page.getByRole("status").filter({ hasText: "3 Angebote" })).toBeVisible();
    await expect(page.getByRole("table").getByRole("row").locator("td:first-child")).toHaveText(Array(3).fill("Dienstliche E-Mail"));
    await expect(kategorien.getByRole("checkbox", { name: "Dienstliche E-Mail" })).toBeChecked();
    await expectNoAxeViolations(page, "Angebotsliste nach Kategorie gefiltert");

    await filter.getByRole("link", { name: "Filter zurücksetzen" }).click();
    await expect(page).toHaveURL(/\/admin\/angebote$/);
    // The seeded offers, and any another journey has just made (each project runs its own at the same time).
    await expect(page.getByRole("status").filter({ hasText: /^(1[89]|2\d) Angebote$/ })).toBeVisible();
    await expect(kategorien.getByRole("checkbox", { name: "Dienstliche E-Mail" })).not.toBeChecked();
  });

  test(
    "die Landesadministratorin findet die Angebote im Menü, blättert und öffnet ein Angebot mit allen Angaben",
    nurOhneJavaScript(GRUND.listePerLink),
    async ({ page, loggedInAs }) => {
      const problems = watchProblems(page);
      await loggedInAs("landesadmin", { target: "/admin/klassen" });
      await waitForHydration(page);
      await expect(menu(page).getByText("Angebotsverwaltung")).toBeVisible();
      await menu(page).getByRole("link", { name: "Alle Angebote" }).click();
      await expect(heading(page, "Angebote")).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/angebote$/);
      // The seeded offers, and any another journey has just made or synchronised from VIDIS (they sort last).
      await expect(page.getByRole("status").filter({ hasText: /^(1[89]|2\d) Angebote$/ })).toBeVisible();
      await expectNoAxeViolations(page, "Angebotsliste");

      // Sorted by category, then name; each row with its category, owner, roles and the extension flag.
      const adressbuch = row(page, "Adressbuch");
      await expect(adressbuch.getByRole("cell")).toHaveText(["Dienstliche E-Mail", "Land Schleswig-Holstein", /Lehrkraft/, "nein"]);
      // A long list of roles folds into a disclosure that names their number.
      const anleitungen = row(page, "Anleitungen").getByRole("cell").nth(2);
      const summary = anleitungen.getByText(/^\d+ Rollen$/);
      await expect(summary).toBeVisible();
      await expect(anleitungen.getByRole("listitem").filter({ hasText: "Landesadministrator" })).toBeHidden();
      // The count stays on one line in the narrow column, its triangle beside it.
      expect((await summary.boundingBox())?.height).toBeLessThan(32);
      await summary.click();
      await expect(anleitungen.getByRole("listitem").filter({ hasText: "Landesadministrator" })).toBeVisible();
      await expectNoAxeViolations(page, "Angebotsliste, Rollen aufgeklappt");

      // Five per page (in the upstream's order: by category, then by name in German order, "itslearning" among the I):
      // the school offers are on the last pages, in the address.
      await page.getByRole("combobox", { name: "Einträge pro Seite" }).selectOption("5");
      await page.getByRole("button", { name: "Anwenden" }).click();
      await expect(page).toHaveURL(/anzahl=5/);
      await expect(page.getByRole("rowheader")).toHaveText(["Adressbuch", "E-Mail", "Kalender", "itslearning", "OP.SH"]);
      const paging = page.getByRole("navigation", { name: "Seitennavigation" });
      await paging.getByRole("link", { name: /Nächste Seite/ }).click();
      await expect(page).toHaveURL(/seite=2/);
      await page.goto("/admin/angebote?anzahl=5&seite=3");
      await expect(row(page, "Mediathek Nord").getByRole("cell")).toHaveText([
        "Schulische Angebote",
        "Land Schleswig-Holstein",
        /Lehrkraft|keine/,
        "ja",
      ]);
      // A page beyond the last leads to the last (the fourth, or a fifth with offers other journeys are making).
      await page.goto("/admin/angebote?anzahl=5&seite=99");
      await expect(page).toHaveURL(/seite=[45]$/);
      await expect(page.getByRole("navigation", { name: "Seitennavigation" }).getByRole("link", { name: /Nächste Seite/ })).toHaveCount(0);
      await page.goto("/admin/angebote?anzahl=5&seite=4");
      await expect(row(page, "Schulbibliothek am Deich").getByRole("cell").nth(1)).toHaveText(SCHULE_A.label);
      await expectNoAxeViolations(page, "Angebotsliste, letzte Seite");

      // The name leads to the details, read-only, and back to the same page of the list.
      await page.goto("/admin/angebote?anzahl=5&seite=3");
      await page.getByRole("link", { name: "Mediathek Nord", exact: true }).click();
      await expect(heading(page, "Angebot Mediathek Nord")).toBeVisible();
      await expect(page.getByRole("term")).toHaveText([
        "Name",
        "Administrationsebene",
        "Zwei-Faktor-Authentifizierung erforderlich",
        "Kann Rollen nachträglich zugewiesen werden",
        "Logo",
        "Kategorie",
        "Link",
        "Schulspezifische Rollenerweiterung möglich",
        "Schulspezifisch erweitert",
      ]);
      await expect(page.getByRole("definition")).toHaveText([
        "Mediathek Nord",
        "Land Schleswig-Holstein",
        "nein",
        "ja",
        "",
        "Schulische Angebote",
        /https:\/\/mediathek\.schulportal\.example\//,
        "ja",
        "ja",
      ]);
      const logo = page.getByRole("img", { name: "Logo von Mediathek Nord" });
      await expect(logo).toBeVisible();
      // Loaded through the portal's /api pass-through: a real picture, not a broken one.
      await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      const link = page.getByRole("link", { name: /mediathek\.schulportal\.example/ });
      await expect(link).toHaveAttribute("target", "_blank");
      // Said in the portal's words for every link that opens a new tab.
      await expect(link).toHaveAccessibleName(/\(öffnet in neuem Tab\)$/);
      await expect(page.getByRole("button", { name: /bearbeiten|löschen|speichern/i })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Rolle schulspezifisch erweitern" })).toBeVisible();
      await expectNoAxeViolations(page, "Angebot mit Logo und Link");
      await page.getByRole("link", { name: "Zurück zur Übersicht" }).click();
      await expect(page).toHaveURL(/\/admin\/angebote\?anzahl=5&seite=3$/);

      // Without a logo a neutral mark, without a link a plain text; an offer that cannot be extended offers no extension.
      await page.goto(`/admin/angebote/${sp("leonie")}`);
      await expect(heading(page, "Angebot LeOniE.SH")).toBeVisible();
      await expect(page.getByText("Kein Logo hinterlegt")).toBeVisible();
      await expect(page.getByRole("definition").nth(4).getByRole("img")).toHaveCount(0);
      await page.goto(`/admin/angebote/${sp("schulportal-administration")}`);
      await expect(page.getByRole("definition").nth(6)).toHaveText("Kein Link hinterlegt");
      await expect(page.getByRole("definition").nth(2)).toHaveText("ja");
      await expect(page.getByRole("link", { name: "Rolle schulspezifisch erweitern" })).toHaveCount(0);
      await expect(
        page.getByRole("region", { name: "Rollen" }).getByRole("listitem").filter({ hasText: "Landesadministrator" }),
      ).toBeVisible();
      await expectNoAxeViolations(page, "Angebot ohne Link");
      expect(problems, "Fehler in der Browser-Konsole").toEqual([]);
    },
  );

  test(
    "auf einem schmalen Bildschirm rollt die Tabelle in ihrem eigenen Bereich, nicht die ganze Seite",
    nurOhneJavaScript(GRUND.tabelle390),
    async ({ page, loggedInAs }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await loggedInAs("landesadmin", { target: "/admin/angebote" });
      await waitForHydration(page);
      const region = page.getByRole("region", { name: "Angebote, die Sie verwalten" });
      await expect(region).toBeVisible();
      expect(await region.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page, "Angebotsliste, 390 px");
    },
  );
});

test.describe("Eine Rolle schulspezifisch um ein Angebot erweitern", () => {
  test("die Schulleitung erweitert an ihrer Schule eine Rolle in einem Schritt und nimmt die Erweiterung wieder zurück", async ({
    page,
    loggedInAs,
  }) => {
    const problems = watchProblems(page);
    const rolle = rollenName("Medienrolle");
    await loggedInAs("landesadmin", { target: "/admin/angebote" });
    await createRolle(page, `http://127.0.0.1:${PORT + 1}`, {
      name: rolle,
      administeredBySchulstrukturknoten: DEMO_IDS.schuleA,
      rollenart: "LEHR",
      merkmale: [],
      systemrechte: [],
      serviceProviderIds: [],
    });

    // The school's administrator comes from the start page's tile; she holds both rights at her school.
    await loggedInAs("angebotsadmin", { target: "/start", otp: true });
    await page.getByRole("link", { name: "Schulportal-Administration" }).click();
    await expect(heading(page, "Angebote")).toBeVisible();
    await waitForHydration(page);
    await menu(page).getByRole("link", { name: "Rollen schulspezifisch erweitern" }).click();
    await expect(heading(page, "Rollen schulspezifisch erweitern")).toBeVisible();
    // Her one school is chosen; the offers it may extend its roles with, owned there or above.
    await expect(page.getByRole("status").filter({ hasText: `3 Angebote können an ${SCHULE_A.label}` })).toBeVisible();
    await expect(page.getByRole("rowheader")).toHaveText(["Schulrecht A-Z", "Mediathek Nord", "Sprachlabor digital"]);
    await expectNoAxeViolations(page, "Angebote für eine Rollenerweiterung");

    await page.getByRole("link", { name: "Sprachlabor digital" }).click();
    await expect(heading(page, "Rolle um Sprachlabor digital erweitern")).toBeVisible();
    // One step for the school (issue 34 §4): every role that can be extended there, ticked where it is.
    const rollen = page.getByRole("group", { name: `Rollen an ${SCHULE_A.label}, die das Angebot erhalten` });
    // Roles that hold the offer themselves are not offered; the journey's own role does not hold it.
    await expect(rollen.getByRole("checkbox", { name: rolle })).not.toBeChecked();
    await expect(rollen.getByRole("checkbox", { name: "Landesadministrator" })).toHaveCount(0);
    await expectNoAxeViolations(page, "Rollen erweitern");

    await rollen.getByRole("checkbox", { name: rolle }).check();
    await page.getByRole("button", { name: "Änderungen übernehmen" }).click();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "Die Erweiterungen an Gemeinschaftsschule am Deich wurden übernommen: 1 hinzugefügt, 0 entfernt." }),
    ).toBeVisible();
    const bestehende = page.getByRole("region", { name: "Bestehende Erweiterungen an Ihren Schulen" });
    await expect(bestehende.getByRole("row").filter({ hasText: rolle }).getByRole("cell")).toHaveText([SCHULE_A.label, rolle]);
    await expect(rollen.getByRole("checkbox", { name: rolle })).toBeChecked();
    await expectNoAxeViolations(page, "Rolle erweitert");

    // And taken away again, which the one-at-a-time form never could.
    await rollen.getByRole("checkbox", { name: rolle }).uncheck();
    await page.getByRole("button", { name: "Änderungen übernehmen" }).click();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "Die Erweiterungen an Gemeinschaftsschule am Deich wurden übernommen: 0 hinzugefügt, 1 entfernt." }),
    ).toBeVisible();
    await expect(bestehende.getByRole("row").filter({ hasText: rolle })).toHaveCount(0);
    await expect(rollen.getByRole("checkbox", { name: rolle })).not.toBeChecked();

    // Sent by hand: a role that holds the offer itself is not sent on; another school is refused in German.
    const redundant = await page.request.post(`/admin/angebote/${sp("schulrecht")}/erweiterungen`, {
      form: { schule: DEMO_IDS.schuleA, rollen: DEMO_IDS.rolleLehrkraft },
    });
    expect(redundant.status()).toBe(200);
    expect(await redundant.text()).toContain("Nichts geändert");
    const fremd = await page.request.post(`/admin/angebote/${sp("sprachlabor")}/erweiterungen`, {
      form: { schule: DEMO_IDS.schuleB, rollen: DEMO_IDS.rolleLehrkraft },
    });
    expect(fremd.status()).toBe(400);
    expect(await fremd.text()).toContain("An dieser Schule dürfen Sie keine Rollen erweitern.");

    // The offer's own page is one link away, and leads back here.
    await page.getByRole("link", { name: "Alle Angaben zu Sprachlabor digital" }).click();
    await expect(heading(page, "Angebot Sprachlabor digital")).toBeVisible();
    await page.getByRole("link", { name: "Zurück zur Rollenerweiterung" }).click();
    await expect(heading(page, "Rolle um Sprachlabor digital erweitern")).toBeVisible();
    expect(problems, "Fehler in der Browser-Konsole").toEqual([]);
  });

  test(
    "ein Angebot ohne Rollenerweiterung hat keine Erweiterungsseite; die Schulleitung liest es trotzdem",
    nurOhneJavaScript(GRUND.serverHtml),
    async ({ page, loggedInAs }) => {
      await loggedInAs("angebotsadmin", { target: `/admin/angebote/${sp("e-mail")}` });
      await expect(heading(page, "Angebot E-Mail")).toBeVisible();
      await expect(page.getByRole("link", { name: "Rolle schulspezifisch erweitern" })).toHaveCount(0);
      await expectNoAxeViolations(page, "Angebot als Schulleitung");
      await page.goto(`/admin/angebote/${sp("e-mail")}/erweiterungen`);
      await expect(heading(page, "Seite nicht gefunden")).toBeVisible();
      const post = await page.request.post(`/admin/angebote/${sp("e-mail")}/erweiterungen`, {
        form: { schule: DEMO_IDS.schuleA, rolle: DEMO_IDS.rolleLehrkraft },
      });
      expect(post.status()).toBe(404);
    },
  );
});

// Who may not open the offers gets „Seite nicht gefunden“: tests/routes/zugriff-ohne-recht*.test.ts.
test.describe("Angebote gegen die ältere Upstream-Version", () => {
  test.use({ baseURL: PINNED_BASE_URL });

  test(
    "die Landesadministratorin sieht die Merker der älteren Version und erweitert eine eigene Rolle an einer Schule",
    nurOhneJavaScript(GRUND.aeltererUpstream),
    async ({ page }) => {
      const rolle = rollenName("Altrolle");
      await loginAs(page, "landesadmin", { target: "/admin/angebote?anzahl=30" });
      await expect(heading(page, "Angebote")).toBeVisible();
      // The older version names the flag `hasRollenerweiterung`: the seeded extension shows all the same.
      await expect(row(page, "Mediathek Nord").getByRole("cell").last()).toHaveText("ja");
      await expect(row(page, "Adressbuch").getByRole("cell").last()).toHaveText("nein");
      await expectNoAxeViolations(page, "Angebotsliste, ältere Version");

      await createRolle(page, `http://127.0.0.1:${PINNED_PORT + 1}`, {
        name: rolle,
        administeredBySchulstrukturknoten: DEMO_IDS.schuleA,
        rollenart: "LEHR",
        merkmale: [],
        systemrechte: [],
      });
      await page.getByRole("link", { name: "Mediathek Nord", exact: true }).click();
      await expect(heading(page, "Angebot Mediathek Nord")).toBeVisible();
      await expect(page.getByRole("definition").nth(7)).toHaveText("ja");
      await page.getByRole("link", { name: "Rolle schulspezifisch erweitern" }).click();
      await expect(heading(page, "Rolle um Mediathek Nord erweitern")).toBeVisible();
      // The older version sends ids only: school and role names come from the portal's own reads.
      const bestehende = page.getByRole("region", { name: "Bestehende Erweiterungen an Ihren Schulen" });
      await expect(bestehende.getByRole("row").filter({ hasText: "Lehrkraft" }).first().getByRole("cell")).toHaveText([
        SCHULE_A.label,
        "Lehrkraft",
      ]);
      // She may extend at every school: she chooses one, and the page shows its roles.
      await page.getByRole("combobox", { name: "Schule" }).selectOption({ label: SCHULE_A.label });
      await page.getByRole("button", { name: "Rollen der Schule anzeigen" }).click();
      await expect(page).toHaveURL(new RegExp(`schule=${DEMO_IDS.schuleA}`));
      await expect(page.getByText(`Schule: ${SCHULE_A.label}`)).toBeVisible();
      // Narrowed by the portal: roles owned at the school or above that fit a school; not the administrator's own.
      await expect(rolleFeld(page).getByRole("option", { name: "Landesadministrator" })).toHaveCount(0);
      await expectNoAxeViolations(page, "Rolle erweitern, ältere Version");

      await rolleFeld(page).selectOption({ label: rolle });
      await page.getByRole("button", { name: "Rolle erweitern" }).click();
      await expect(page.getByRole("status").filter({ hasText: `Die Rolle ${rolle} ist an Gemeinschaftsschule am Deich` })).toBeVisible();
      await expect(bestehende.getByRole("row").filter({ hasText: rolle }).getByRole("cell")).toHaveText([SCHULE_A.label, rolle]);

      // A duplicate: the older upstream answers it with a database error; the portal says what it is.
      await rolleFeld(page).selectOption({ label: rolle });
      await page.getByRole("button", { name: "Rolle erweitern" }).click();
      await expect(rolleFeld(page)).toHaveAccessibleDescription(/bereits um das Angebot erweitert/);
      await expectNoAxeViolations(page, "doppelte Erweiterung, ältere Version");

      // The way in lists the offers her school may extend with: the older version has no such list, the offers she
      // administers that allow it stand in.
      // (also the VIDIS school's offer, which she administers too: the older version cannot tell by school).
      await page.goto(`/admin/angebote/erweiterbar?schule=${DEMO_IDS.schuleA}`);
      await expect(heading(page, "Rollen schulspezifisch erweitern")).toBeVisible();
      await expect(page.getByRole("rowheader")).toHaveText([
        "Schulrecht A-Z",
        "Mediathek Nord",
        "Sprachlabor digital",
        "Vokabeltrainer Möwe",
      ]);
    },
  );
});
