import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { DEMO_IDS, isJavaScriptProject, uniqueToken, waitForHydration } from "./support/klassen";
import { createSchuleDirectly, createTraegerDirectly } from "./support/schulen";
import { PORT } from "./support/servers";
import { GRUND, nurMitJavaScript, nurOhneJavaScript } from "./support/modus";

const UPSTREAM = `http://127.0.0.1:${PORT + 1}`;

/** A token no other test (nor the run in the other project) uses; digits only, so it is a valid Dienststellennummer. */
const token = () => `${isJavaScriptProject() ? "7" : "6"}${uniqueToken()}`;

/** A write straight to the reference upstream with the logged-in page's session: "someone else" changes a school. */
async function upstreamPost(page: Page, path: string, data: unknown) {
  const { csrfToken } = (await (await page.request.get(`${UPSTREAM}/api/auth/csrf-token`)).json()) as { csrfToken: string };
  return page.request.post(`${UPSTREAM}${path}`, { headers: { "X-CSRF-Token": csrfToken }, data });
}

/** A new public school without Schulträger, made by the portal's own create page, with its label on this page. */
async function createSchule(page: Page, kennung: string, name: string): Promise<{ id: string; label: string }> {
  return { id: await createSchuleDirectly(page, { kennung, name }), label: `${kennung} (${name})` };
}

/** `count` new schools without Träger, numbered after the token, in the order the page lists them. */
async function createSchulen(page: Page, t: string, prefix: string, count: number) {
  const schulen = [];
  for (let n = 0; n < count; n += 1) schulen.push(await createSchule(page, `${t}${n}`, `${prefix} ${n} ${t}`));
  return schulen;
}

const zugeordnet = (page: Page) => page.getByRole("group", { name: "Zum Entfernen ankreuzen" });
const gefunden = (page: Page) => page.getByRole("group", { name: /^Gefundene Schulen ohne Schulträger/ });
const vorgemerkt = (page: Page) => page.getByRole("group", { name: /^Zum Hinzufügen vorgemerkt/ });
const vorschau = (page: Page) => page.getByRole("region", { name: "Vorschau der Änderungen" });
const toast = (page: Page) => page.getByRole("status").filter({ hasText: "Die Schulzuordnungen wurden gespeichert" });

async function suche(page: Page, text: string) {
  await waitForHydration(page);
  await page.getByRole("searchbox", { name: "Schule ohne Schulträger suchen" }).fill(text);
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]suche=${encodeURIComponent(text).replace(/%20/g, "\\+")}(&|$)`));
  await waitForHydration(page);
}

/** Without JavaScript the preview shows new ticks after its button; with it at once. */
async function vorschauZeigen(page: Page) {
  if (!isJavaScriptProject()) await page.getByRole("button", { name: "Vorschau aktualisieren" }).click();
}

test.describe("Schulen eines Schulträgers zuordnen und lösen", () => {
  test("die Landesadministratorin legt einen Schulträger an, ordnet ihm zwei Schulen zu und löst eine wieder", async ({
    page,
    loggedInAs,
  }) => {
    const t = token();
    await loggedInAs("landesadmin", { target: "/admin/schulen" });
    const traegerName = `Schulträger Test ${t}`;
    const traegerId = await createTraegerDirectly(page, traegerName);
    const eins = await createSchule(page, `${t}1`, `Zuordnungsschule Eins ${t}`);
    const zwei = await createSchule(page, `${t}2`, `Zuordnungsschule Zwei ${t}`);

    // From the Träger's details page, where the page starts.
    await page.goto(`/admin/schultraeger/${traegerId}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Schulen zuordnen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Schulen von ${traegerName}` })).toBeVisible();
    await expect(page.getByText("Schulträgerform: Öffentliche Schulen")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Schulen dieses Schulträgers (0)" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Zurück zum Schulträger" })).toHaveAttribute("href", `/admin/schultraeger/${traegerId}`);
    await expect(vorschau(page)).toContainText("Noch keine Änderungen vorgemerkt.");
    await expectNoAxeViolations(page, "Schulen des Schulträgers: leer");

    await suche(page, t);
    await expect(gefunden(page).getByRole("checkbox")).toHaveCount(2);
    await expectNoAxeViolations(page, "Schulen des Schulträgers: Suchergebnis");
    await gefunden(page).getByRole("checkbox", { name: eins.label }).check();
    await gefunden(page).getByRole("checkbox", { name: zwei.label }).check();
    await vorschauZeigen(page);
    await expect(vorschau(page).getByRole("heading", { name: "Wird zugeordnet (2)" })).toBeVisible();
    await expect(vorschau(page).getByRole("listitem")).toHaveText([eins.label, zwei.label]);
    await expectNoAxeViolations(page, "Schulen des Schulträgers: Vorschau");

    await page.getByRole("button", { name: "Änderungen speichern" }).click();
    // Back on the Träger's details page, which lists its schools.
    await expect(toast(page)).toHaveText("Die Schulzuordnungen wurden gespeichert (zugeordnet: 2, entfernt: 0).");
    await expect(page).toHaveURL(new RegExp(`/admin/schultraeger/${traegerId}$`));
    await expect(page.getByText("Diesem Schulträger sind 2 Schulen zugeordnet.")).toBeVisible();
    await expectNoAxeViolations(page, "Schulträger nach dem Zuordnen");

    await waitForHydration(page);
    await page.getByRole("link", { name: "Schulen zuordnen" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Schulen dieses Schulträgers (2)" })).toBeVisible();
    await expect(zugeordnet(page).getByRole("checkbox")).toHaveCount(2);
    await expect(page.getByRole("searchbox", { name: "Schule ohne Schulträger suchen" })).toHaveValue("");
    await waitForHydration(page);
    await zugeordnet(page).getByRole("checkbox", { name: eins.label }).check();
    await vorschauZeigen(page);
    await expect(vorschau(page).getByRole("heading", { name: "Wird entfernt (1)" })).toBeVisible();
    await expect(vorschau(page).getByRole("listitem")).toHaveText([eins.label]);
    await page.getByRole("button", { name: "Änderungen speichern" }).click();
    await expect(toast(page)).toHaveText("Die Schulzuordnungen wurden gespeichert (zugeordnet: 0, entfernt: 1).");
    await expect(page.getByText("Diesem Schulträger ist 1 Schule zugeordnet.")).toBeVisible();

    // The unassigned school has no Träger again: the search offers it once more; the way back stays the details page.
    await waitForHydration(page);
    await page.getByRole("link", { name: "Schulen zuordnen" }).click();
    await expect(zugeordnet(page).getByRole("listitem")).toHaveText([zwei.label]);
    await suche(page, t);
    await expect(page.getByRole("link", { name: "Zurück zum Schulträger" })).toHaveAttribute("href", `/admin/schultraeger/${traegerId}`);
    await expect(gefunden(page).getByRole("checkbox")).toHaveCount(1);
    await expect(gefunden(page).getByRole("checkbox", { name: eins.label })).not.toBeChecked();
  });

  test("zehn Schulen auf einmal: mit JavaScript in Teilen mit Fortschritt gesendet, ohne in einem Formular", async ({
    page,
    loggedInAs,
  }) => {
    const t = token();
    await loggedInAs("landesadmin", { target: "/admin/schulen" });
    const traegerId = await createTraegerDirectly(page, `Schulträger Viele ${t}`);
    const schulen = await createSchulen(page, t, "Vielschule", 10);
    const path = `/admin/schultraeger/${traegerId}/schulen`;
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname.startsWith(path)) posts.push(request.url());
    });

    await page.goto(path);
    await suche(page, t);
    const boxes = gefunden(page).getByRole("checkbox");
    await expect(boxes).toHaveCount(10);
    for (const box of await boxes.all()) await box.check();
    await vorschauZeigen(page);
    await expect(vorschau(page).getByRole("heading", { name: "Wird zugeordnet (10)" })).toBeVisible();
    // The second part waits on its way until the count after the first part has been read.
    let part = 0;
    let releaseSecondPart = () => {};
    const secondPartHeld = new Promise<void>((resolve) => (releaseSecondPart = resolve));
    await page.route(`**${path}.data`, async (route) => {
      if (route.request().method() === "POST" && ++part === 2) await secondPartHeld;
      await route.continue();
    });
    await page.getByRole("button", { name: "Änderungen speichern" }).click();
    if (isJavaScriptProject()) {
      await expect(vorschau(page).getByRole("status")).toHaveText("8 von 10 Änderungen gespeichert …");
    }
    releaseSecondPart();

    await expect(toast(page)).toHaveText("Die Schulzuordnungen wurden gespeichert (zugeordnet: 10, entfernt: 0).");
    await expect(page.getByText("Diesem Schulträger sind 10 Schulen zugeordnet.")).toBeVisible();
    await page.goto(path);
    await expect(zugeordnet(page).getByRole("listitem")).toHaveText(schulen.map((schule) => schule.label));
    // Eight changes per part: with JavaScript two posts, the page counting along; without, the form's one post.
    expect(posts).toHaveLength(isJavaScriptProject() ? 2 : 1);
  });

  test.describe("mit JavaScript: ein Speichern in Teilen", nurMitJavaScript("Nur mit JavaScript wird in Teilen gespeichert."), () => {
    /** A Träger, ten schools staged for it, and the address of the page. */
    async function zehnVorgemerkt(page: Page, t: string, name: string) {
      const traegerId = await createTraegerDirectly(page, `Schulträger ${name} ${t}`);
      const schulen = await createSchulen(page, t, `${name}schule`, 10);
      const path = `/admin/schultraeger/${traegerId}/schulen`;
      await page.goto(path);
      await suche(page, t);
      for (const box of await gefunden(page).getByRole("checkbox").all()) await box.check();
      await expect(vorschau(page).getByRole("heading", { name: "Wird zugeordnet (10)" })).toBeVisible();
      return { traegerId, schulen, path };
    }

    test("während des Speicherns stehen die Häkchen und Knöpfe still, und Verlassen wird erst nachgefragt", async ({
      page,
      loggedInAs,
    }) => {
      const t = token();
      await loggedInAs("landesadmin", { target: "/admin/schulen" });
      const { traegerId, path } = await zehnVorgemerkt(page, t, "Still");
      let weiter = () => {};
      const zweiterTeil = new Promise<void>((resolve) => (weiter = resolve));
      let part = 0;
      await page.route(`**${path}.data`, async (route) => {
        if (route.request().method() === "POST" && ++part === 2) await zweiterTeil;
        await route.continue();
      });
      await page.getByRole("button", { name: "Änderungen speichern" }).click();
      await expect(vorschau(page).getByRole("status")).toHaveText("8 von 10 Änderungen gespeichert …");

      // Nothing of the form can be changed meanwhile; the save button says it is busy and keeps the focus.
      await expect(gefunden(page).getByRole("checkbox").first()).toBeDisabled();
      await expect(page.getByRole("button", { name: "Suchen" })).toBeDisabled();
      await expect(page.getByRole("button", { name: "Änderungen speichern" })).toHaveAttribute("aria-disabled", "true");
      await expect(page.getByRole("link", { name: "Änderungen verwerfen" })).toHaveAttribute("aria-disabled", "true");
      // A press (forced past aria-disabled, as a screen reader's would be) stays on the page.
      await page.getByRole("link", { name: "Änderungen verwerfen" }).click({ force: true });
      await expect(page).toHaveURL(new RegExp(`${path}\\?`));

      // Leaving by another link is asked first, with how much is saved already.
      await page.getByRole("link", { name: "Zurück zum Schulträger" }).click();
      const dialog = page.getByRole("dialog", { name: "Das Speichern läuft noch" });
      await expect(dialog).toContainText("8 von 10 Änderungen sind gespeichert.");
      await expectNoAxeViolations(page, "Schulen des Schulträgers: Verlassen während des Speicherns");
      await dialog.getByRole("button", { name: "Auf der Seite bleiben, bis alles gespeichert ist" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`${path}\\?`));

      // The save ends while the question is open: the result comes first.
      await page.getByRole("link", { name: "Zurück zum Schulträger" }).click();
      await expect(dialog.getByRole("button", { name: "Seite verlassen" })).toBeVisible();
      weiter();
      await expect(toast(page)).toHaveText("Die Schulzuordnungen wurden gespeichert (zugeordnet: 10, entfernt: 0).");
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/admin/schultraeger/${traegerId}$`));
    });

    test("bricht ein Teil ab, sagt die Seite, was gespeichert ist, und der Rest bleibt vorgemerkt", async ({ page, loggedInAs }) => {
      const t = token();
      await loggedInAs("landesadmin", { target: "/admin/schulen" });
      const { traegerId, schulen, path } = await zehnVorgemerkt(page, t, "Abbruch");
      let part = 0;
      await page.route(`**${path}.data`, async (route) => {
        if (route.request().method() === "POST" && ++part === 2) return route.abort("internetdisconnected");
        await route.continue();
      });
      await page.getByRole("button", { name: "Änderungen speichern" }).click();

      const meldung = page.getByRole("alert").filter({ hasText: "Das Speichern wurde unterbrochen" });
      await expect(meldung).toBeFocused();
      await expect(meldung).toContainText("Gespeichert (8)");
      await expect(meldung).toContainText("Nicht gespeichert, weiter vorgemerkt (2)");
      await expect(meldung).toContainText(`${schulen[8].label} zuordnen`);
      await expect(zugeordnet(page).getByRole("listitem")).toHaveText(schulen.slice(0, 8).map((schule) => schule.label));
      await expect(vorgemerkt(page).getByRole("checkbox", { checked: true })).toHaveCount(2);
      await expect(vorschau(page).getByRole("heading", { name: "Wird zugeordnet (2)" })).toBeVisible();
      await expectNoAxeViolations(page, "Schulen des Schulträgers: Speichern unterbrochen");

      // A second save finishes the rest.
      await page.unrouteAll();
      await page.getByRole("button", { name: "Änderungen speichern" }).click();
      await expect(toast(page)).toHaveText("Die Schulzuordnungen wurden gespeichert (zugeordnet: 2, entfernt: 0).");
      await expect(page).toHaveURL(new RegExp(`/admin/schultraeger/${traegerId}$`));
      await expect(page.getByText("Diesem Schulträger sind 10 Schulen zugeordnet.")).toBeVisible();
    });

    test("läuft die Anmeldung während des Speicherns ab, bleibt das Ergebnis auf der Seite, mit dem Weg zur Anmeldung", async ({
      page,
      loggedInAs,
    }) => {
      const t = token();
      await loggedInAs("landesadmin", { target: "/admin/schulen" });
      const { schulen, path } = await zehnVorgemerkt(page, t, "Abgelaufen");
      let part = 0;
      await page.route(`**${path}.data`, async (route) => {
        if (route.request().method() === "POST" && ++part === 2) {
          await page.context().clearCookies();
          // The cookie header of this request was made before: send it without.
          const headers = { ...route.request().headers() };
          delete headers.cookie;
          return route.continue({ headers });
        }
        await route.continue();
      });
      await page.getByRole("button", { name: "Änderungen speichern" }).click();

      const meldung = page.getByRole("alert").filter({ hasText: "Ihre Anmeldung ist abgelaufen" });
      await expect(meldung).toBeFocused();
      await expect(meldung).toContainText("Gespeichert (8)");
      await expect(meldung).toContainText("Nicht gespeichert, weiter vorgemerkt (2)");
      const anmelden = meldung.getByRole("link", { name: "Erneut anmelden und die übrigen Änderungen speichern" });
      const href = new URL((await anmelden.getAttribute("href"))!, "http://portal.invalid");
      expect(href.pathname).toBe("/api/auth/login");
      const zurueck = new URL(href.searchParams.get("redirectUrl")!, "http://portal.invalid");
      expect(zurueck.pathname).toBe(path);
      expect(zurueck.searchParams.getAll("hinzu").sort()).toEqual([schulen[8].id, schulen[9].id].sort());
      await expect(gefunden(page).getByRole("checkbox").first()).toBeDisabled();
      await expectNoAxeViolations(page, "Schulen des Schulträgers: Anmeldung abgelaufen");
    });
  });

  test("zehn Schulen, eine davon inzwischen bei einem anderen Träger: die übrigen neun werden gespeichert, die eine gemeldet", async ({
    page,
    loggedInAs,
  }) => {
    const t = token();
    await loggedInAs("landesadmin", { target: "/admin/schulen" });
    const traegerId = await createTraegerDirectly(page, `Schulträger Teile ${t}`);
    const andererId = await createTraegerDirectly(page, `Schulträger Andere ${t}`);
    const schulen = await createSchulen(page, t, "Teilschule", 10);

    await page.goto(`/admin/schultraeger/${traegerId}/schulen`);
    await suche(page, t);
    await expect(gefunden(page).getByRole("checkbox")).toHaveCount(10);
    for (const box of await gefunden(page).getByRole("checkbox").all()) await box.check();
    if (isJavaScriptProject()) await expect(vorschau(page).getByRole("heading", { name: "Wird zugeordnet (10)" })).toBeVisible();
    // The first school is in the first part of a save in parts.
    expect((await upstreamPost(page, `/api/organisationen/${andererId}/zugehoerig`, { organisationId: schulen[0].id })).status()).toBe(201);
    await page.getByRole("button", { name: "Änderungen speichern" }).click();

    const meldung = page.getByRole("alert").filter({ hasText: "Nicht alle Änderungen wurden gespeichert" });
    await expect(meldung).toBeFocused();
    await expect(meldung).toContainText("Gespeichert (9)");
    await expect(meldung).toContainText(`${schulen[0].label} gehört inzwischen zu einem anderen Schulträger.`);
    await expect(zugeordnet(page).getByRole("listitem")).toHaveText(schulen.slice(1).map((schule) => schule.label));
    await expect(vorschau(page)).toContainText("Noch keine Änderungen vorgemerkt.");
    await expectNoAxeViolations(page, "Schulen des Schulträgers: Ergebnis eines Speicherns in Teilen");
    if (isJavaScriptProject()) {
      // The result answers the save: reloading the page later does not show it again as if it were new.
      await page.reload();
      await expect(page.getByRole("heading", { level: 2, name: "Schulen dieses Schulträgers (9)" })).toBeVisible();
      await expect(meldung).toHaveCount(0);
    }
  });

  test("eine neue Suche behält die angekreuzten Schulen, und die Änderungen lassen sich verwerfen", async ({ page, loggedInAs }) => {
    const t = token();
    await loggedInAs("landesadmin", { target: "/admin/schulen" });
    const traegerId = await createTraegerDirectly(page, `Schulträger Suche ${t}`);
    const eins = await createSchule(page, `${t}1`, `Suchschule Alpha ${t}`);
    const zwei = await createSchule(page, `${t}2`, `Suchschule Beta ${t}`);

    await page.goto(`/admin/schultraeger/${traegerId}/schulen`);
    await suche(page, `Alpha ${t}`);
    await gefunden(page).getByRole("checkbox", { name: eins.label }).check();
    // The staged ids ride in the address (up to about 9 kB at 200): sent again as Referer, a search from the page
    // would pass the server's 16 kB header limit. The page sends its origin only.
    const referers: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "GET" && new URL(request.url()).searchParams.has("hinzu")) referers.push(request.headers().referer ?? "");
    });
    await suche(page, `Beta ${t}`);
    expect(referers.length).toBeGreaterThan(0);
    expect(referers.filter((referer) => referer !== "" && new URL(referer).search !== "")).toEqual([]);

    // The ticked school of the first search stays staged, ticked, and is not offered again.
    await expect(page).toHaveURL(new RegExp(`hinzu=${eins.id}`));
    await expect(vorgemerkt(page).getByRole("checkbox", { name: eins.label })).toBeChecked();
    await expect(gefunden(page).getByRole("checkbox")).toHaveCount(1);
    await expect(gefunden(page).getByRole("checkbox", { name: zwei.label })).not.toBeChecked();
    await expect(vorschau(page).getByRole("listitem")).toHaveText([eins.label]);
    await expectNoAxeViolations(page, "Schulen des Schulträgers: Suche mit Vormerkung");

    await waitForHydration(page);
    await page.getByRole("link", { name: "Änderungen verwerfen" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/schultraeger/${traegerId}/schulen$`));
    await expect(vorschau(page)).toContainText("Noch keine Änderungen vorgemerkt.");
    await expect(vorgemerkt(page)).toHaveCount(0);

    // Staged ids that are not school ids are refused as a whole.
    await page.goto(`/admin/schultraeger/${traegerId}/schulen?hinzu=kaputt&suche=${t}`);
    await expect(page.getByText("Die vorgemerkten Änderungen waren ungültig und wurden verworfen.")).toBeVisible();
    await expect(gefunden(page).getByRole("checkbox")).toHaveCount(2);
    await expectNoAxeViolations(page, "Schulen des Schulträgers: ungültige Vormerkung");
  });

  test("eine vorgemerkte Schule, die inzwischen einem anderen Schulträger gehört, wird gemeldet und nicht verschoben", async ({
    page,
    loggedInAs,
  }) => {
    const t = token();
    await loggedInAs("landesadmin", { target: "/admin/schulen" });
    const traegerId = await createTraegerDirectly(page, `Schulträger Eigen ${t}`);
    const andererId = await createTraegerDirectly(page, `Schulträger Fremd ${t}`);
    const eins = await createSchule(page, `${t}1`, `Wechselschule Eins ${t}`);
    const zwei = await createSchule(page, `${t}2`, `Wechselschule Zwei ${t}`);

    await page.goto(`/admin/schultraeger/${traegerId}/schulen`);
    await suche(page, t);
    await gefunden(page).getByRole("checkbox", { name: eins.label }).check();
    await gefunden(page).getByRole("checkbox", { name: zwei.label }).check();
    await vorschauZeigen(page);
    await expect(vorschau(page).getByRole("listitem")).toHaveText([eins.label, zwei.label]);

    // Meanwhile someone assigns the first school to another Träger.
    const moved = await upstreamPost(page, `/api/organisationen/${andererId}/zugehoerig`, { organisationId: eins.id });
    expect(moved.status()).toBe(201);

    await page.getByRole("button", { name: "Änderungen speichern" }).click();
    const meldung = page.getByRole("alert").filter({ hasText: "Nicht alle Änderungen wurden gespeichert" });
    await expect(meldung).toBeFocused();
    await expect(meldung).toContainText("Gespeichert (1)");
    await expect(meldung).toContainText(`${zwei.label} zugeordnet`);
    await expect(meldung).toContainText(`${eins.label} gehört inzwischen zu einem anderen Schulträger.`);
    await expect(zugeordnet(page).getByRole("listitem")).toHaveText([zwei.label]);
    await expect(vorgemerkt(page)).toHaveCount(0);
    await expectNoAxeViolations(page, "Schulen des Schulträgers: Ergebnis mit übersprungener Schule");

    // The other Träger keeps the school.
    await page.goto(`/admin/schultraeger/${andererId}/schulen`);
    await expect(zugeordnet(page).getByRole("listitem")).toHaveText([eins.label]);
  });

  test("ohne markierte Änderung speichert „Änderungen speichern“ nichts und sagt es", async ({ page, loggedInAs }) => {
    await loggedInAs("landesadmin", { target: `/admin/schultraeger/${DEMO_IDS.traegerVerband}/schulen` });
    await waitForHydration(page);
    const speichern = page.getByRole("button", { name: "Änderungen speichern" });
    if (isJavaScriptProject()) {
      // With JavaScript the button says why beforehand, and a press posts nothing.
      await expect(speichern).toHaveAttribute("aria-disabled", "true");
      await expect(speichern).toHaveAccessibleDescription("Zum Speichern kreuzen Sie zuerst eine Schule an.");
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      await speichern.click({ force: true });
      await expect(speichern).toBeFocused();
      expect(posts).toEqual([]);
      await expectNoAxeViolations(page, "Schulen des Schulträgers: nichts vorgemerkt");
      return;
    }
    await speichern.click();
    const meldung = page.getByRole("alert").filter({ hasText: "Es waren keine Änderungen angekreuzt" });
    await expect(meldung).toBeFocused();
    await expectNoAxeViolations(page, "Schulen des Schulträgers: nichts vorgemerkt");
  });

  test("„Vorschau aktualisieren“ gibt es nur ohne JavaScript, und es führt zur Vorschau zurück", async ({ page, loggedInAs }) => {
    const path = `/admin/schultraeger/${DEMO_IDS.traegerVerband}/schulen`;
    await loggedInAs("landesadmin", { target: path });
    await waitForHydration(page);
    const aktualisieren = page.getByRole("button", { name: "Vorschau aktualisieren" });
    if (isJavaScriptProject()) {
      await expect(aktualisieren).toHaveCount(0);
      // An empty search leaves no `suche=` in the address.
      await page.getByRole("button", { name: "Suchen" }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      return;
    }
    await aktualisieren.click();
    await expect(page).toHaveURL(new RegExp(`${path}\\?.*#vorschau-titel$`));
    await expect(vorschau(page).getByRole("heading", { name: "Vorschau der Änderungen" })).toBeInViewport();
  });

  test(
    "eine vorgemerkte Id, die keine Schule ist, wird als solche genannt, nicht als geändert",
    nurOhneJavaScript(GRUND.serverHtml),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: "/admin/schulen" });
      await page.goto(`/admin/schultraeger/${DEMO_IDS.traegerVerband}/schulen?hinzu=${DEMO_IDS.klasseOhneZuordnung}`);
      await expect(
        page.getByText("Eine vorgemerkte Änderung betrifft keine Schule, die diesem Schulträger zugeordnet werden kann."),
      ).toBeVisible();
      await expect(vorschau(page)).toContainText("Noch keine Änderungen vorgemerkt.");
    },
  );

  // For an id that is no Schulträger, and without the right, the page is „Seite nicht gefunden“ and its post changes
  // nothing: tests/routes/zugriff-ohne-recht*.test.ts and tests/routes/unbekannte-adressen.test.ts.
});
