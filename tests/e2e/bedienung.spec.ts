import type { Locator, Page } from "@playwright/test";
import { PNG } from "pngjs";
import { expect, test } from "./support/fixtures";
import { expectNoAxeViolations } from "./support/axe";
import {
  createKlasseDirectly,
  deleteKlasseDirectly,
  afterNextFrames,
  isJavaScriptProject,
  SCHULE_A,
  SCHULE_B,
  SCHULE_C,
  uniqueToken,
  waitForHydration,
  afterRouterIdle,
} from "./support/klassen";
import { loginAs, pathOf } from "./support/login";
import { GRUND, nurOhneJavaScript } from "./support/modus";

/**
 * Defects a person meets when using the portal (issue 5, §7): each journey here once showed one of them.
 * They run with and without JavaScript; where the two differ, the test says what each one does.
 */

const MOBILE = { width: 390, height: 844 };

/** How far the document itself scrolls sideways (0: not at all). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * The darkest grey (0–255) in the outermost 4 px on each side of a box, in the top quarter of its height: where the
 * eye first meets a long table, the hint must be as clear as anywhere.
 */
async function edgeShades(box: Locator): Promise<{ left: number; right: number }> {
  const png = PNG.sync.read(await box.screenshot());
  const darkest = (from: number, to: number) => {
    let min = 255;
    for (let y = Math.floor(png.height / 20); y < Math.floor(png.height / 4); y++) {
      for (let x = from; x < to; x++) {
        const i = (y * png.width + x) * 4;
        min = Math.min(min, (png.data[i] + png.data[i + 1] + png.data[i + 2]) / 3);
      }
    }
    return min;
  };
  return { left: darkest(0, 4), right: darkest(png.width - 4, png.width) };
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test.describe("Bildschirme mit 1280 px und Seitennavigation", () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  const fits = (page: Page, name: string) =>
    page.getByRole("table", { name }).evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);

  for (const [konto, pfad, tabelle] of [
    ["schuladmin", "/admin/personen", "Benutzer"],
    ["landesadmin", "/admin/rollen", "Rollen, nach Namen sortiert"],
  ] as const) {
    test(
      `${pfad} der ${konto === "schuladmin" ? "Schuladministration" : "Landesadministration"} zeigt jede Spalte ohne seitliches Scrollen`,
      nurOhneJavaScript("Nur Layout bei 1280 px: dasselbe HTML und CSS mit und ohne JavaScript."),
      async ({ page, loggedInAs }) => {
        await loggedInAs(konto, { target: pfad });
        expect(await fits(page, tabelle), `${tabelle}: Pixel, die seitlich herausragen`).toBeLessThanOrEqual(0);
      },
    );
  }

  test(
    "das Menü der Verwaltung führt zur FAQ der Administration, die sich in einem neuen Tab öffnet",
    nurOhneJavaScript(GRUND.serverHtml),
    async ({ page, loggedInAs }) => {
      await loggedInAs("schuladmin", { target: "/admin/klassen" });
      const faq = page
        .getByRole("navigation", { name: "Navigation" })
        .getByRole("link", { name: "FAQ zur Administration (öffnet in neuem Tab)" });
      await expect(faq).toHaveAttribute("href", "https://medienberatung.iqsh.de/faq-administration-schulportal-sh.html");
      await expect(faq).toHaveAttribute("target", "_blank");
      await expect(faq).toHaveAttribute("rel", "noreferrer");
    },
  );
});

test.describe("Schmale Bildschirme (390 px)", () => {
  test.use({ viewport: MOBILE });

  test(
    "am Rand der Klassenliste zeigt ein Schatten, auf welcher Seite die Tabelle weitergeht",
    nurOhneJavaScript("Nur CSS: derselbe Kasten mit und ohne JavaScript."),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: "/admin/klassen" });
      const region = page.getByRole("region", { name: "Klassen" });
      // Nothing of a row may cover the shadow: no cell, row or the table itself paints a background of its own.
      const covering = await region.evaluate((box) =>
        [...box.querySelectorAll("table, thead, tbody, tr, th, td")]
          .filter((el) => getComputedStyle(el).backgroundColor !== "rgba(0, 0, 0, 0)")
          .map((el) => `${el.tagName} ${el.className} ${getComputedStyle(el).backgroundColor}`),
      );
      expect(covering, "Zellen mit eigenem Hintergrund").toEqual([]);
      // Only the box's own background is looked at: the table is hidden but keeps its size.
      await region.evaluate((box) => box.querySelector("table")?.style.setProperty("visibility", "hidden"));
      const atStart = await edgeShades(region);
      expect(atStart.right, "Schatten rechts am Anfang").toBeLessThan(230);
      expect(atStart.left, "kein Schatten links am Anfang").toBeGreaterThan(250);
      await region.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
      const atEnd = await edgeShades(region);
      expect(atEnd.left, "Schatten links am Ende").toBeLessThan(230);
      expect(atEnd.right, "kein Schatten rechts am Ende").toBeGreaterThan(250);
    },
  );

  test("die Klassenliste scrollt in ihrem eigenen, mit der Tastatur bedienbaren Bereich, die Seite selbst nicht", async ({
    page,
    loggedInAs,
  }) => {
    await loggedInAs("landesadmin", { target: "/admin/klassen" });
    await waitForHydration(page);
    expect(await sidewaysOverflow(page), "Die Seite scrollt seitlich").toBe(0);

    // The table is wider than the screen: its box is a named region that takes the focus and scrolls with the arrows.
    const region = page.getByRole("region", { name: "Klassen" });
    await expect(region.getByRole("table", { name: "Klassen" })).toBeVisible();
    await region.focus();
    await expect(region).toBeFocused();
    const scrolled = () => region.evaluate((box) => box.scrollLeft);
    expect(await scrolled()).toBe(0);
    await page.keyboard.press("ArrowRight");
    await expect.poll(scrolled).toBeGreaterThan(0);
    // To its end, however wide other journeys' data made the table (a school with a long name widens its column).
    const width = await region.evaluate((box) => box.scrollWidth - box.clientWidth);
    for (let step = 0; step < Math.ceil(width / 40) + 2; step++) await page.keyboard.press("ArrowRight");
    await expect.poll(scrolled).toBeGreaterThanOrEqual(width - 1);
    // Scrolled to its end, the delete column is fully visible (but for the fraction of a pixel that a table of
    // fractional width leaves when the browser rounds the scroll position).
    await expect(page.getByRole("columnheader", { name: "Aktionen" })).toBeInViewport({ ratio: 0.99 });
    await expectNoAxeViolations(page, "/admin/klassen bei 390 px");

    // The other pages of the journey do not scroll sideways either.
    for (const path of ["/admin/klassen/new", "/start", "/profile"]) {
      await page.goto(path);
      await page.waitForLoadState("load");
      expect(await sidewaysOverflow(page), `${path} scrollt seitlich`).toBe(0);
    }
  });

  test(
    "in der Schulliste verdeckt die Spalte „Aktionen“ die Schulnamen nicht",
    nurOhneJavaScript(GRUND.layout390),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: "/admin/schulen" });
      await waitForHydration(page);
      expect(await sidewaysOverflow(page), "Die Seite scrollt seitlich").toBe(0);
      const name = page.getByRole("table", { name: "Schulen" }).getByRole("link", { name: "Gemeinschaftsschule am Deich", exact: true });
      await expect(name).toBeVisible();
      // What is drawn at the middle of the name's first line is the name itself, not a cell lying on top of it.
      const uncovered = await name.evaluate((link) => {
        const line = link.getClientRects()[0];
        const hit = document.elementFromPoint(line.left + line.width / 2, line.top + line.height / 2);
        return hit !== null && link.contains(hit);
      });
      expect(uncovered, "Der Schulname ist verdeckt").toBe(true);
    },
  );

  test("das Menü sagt, ob es offen ist, und „Navigation“ wird nur einmal vorgelesen", async ({ page, loggedInAs }) => {
    await loggedInAs("landesadmin", { target: "/admin/klassen" });
    await waitForHydration(page);

    if (isJavaScriptProject()) {
      const trigger = page.getByRole("button", { name: "Menü öffnen" });
      await expect(trigger).toHaveAttribute("aria-expanded", "false");
      await trigger.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Navigation" });
      await expect(dialog.getByRole("link", { name: "Alle Klassen" })).toBeVisible();
      // The first focus is the first control, not the invisible panel.
      await expect(dialog.getByRole("button", { name: "Menü schließen" })).toBeFocused();
      // The dialog's title names it; the navigation inside carries no second "Navigation".
      await expect(dialog.getByRole("navigation")).toHaveCount(1);
      await expect(dialog.getByRole("navigation", { name: "Navigation" })).toHaveCount(0);
      await expect(dialog.getByText("Navigation", { exact: true })).toHaveCount(1);
      await expectNoAxeViolations(page, "geöffnetes Menü (mit JavaScript)");

      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(trigger).toBeFocused();
      await expect(trigger).toHaveAttribute("aria-expanded", "false");
    } else {
      // Without JavaScript the menu is a <details>: its <summary> reports expanded or collapsed itself, and its
      // label says what activating it does next.
      const summary = page.getByText("Menü öffnen", { exact: true });
      await expect(summary).toBeVisible();
      expect(await disclosureState(page, "Menü öffnen")).toEqual({ expanded: false });
      await summary.click();
      await expect(page.getByText("Menü schließen", { exact: true })).toBeVisible();
      await expect(page.getByText("Menü öffnen", { exact: true })).toBeHidden();
      expect(await disclosureState(page, "Menü schließen")).toEqual({ expanded: true });
      await expect(page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Alle Klassen" })).toBeVisible();
      await expectNoAxeViolations(page, "geöffnetes Menü (ohne JavaScript)");
      await page.getByText("Menü schließen", { exact: true }).click();
      expect(await disclosureState(page, "Menü öffnen")).toEqual({ expanded: false });
    }
  });
});

/**
 * What the browser tells a screen reader about the disclosure button with this name: Chromium's accessibility tree
 * (the <summary> of a <details> has no ARIA role that Playwright's own role queries could see).
 */
async function disclosureState(page: Page, name: string): Promise<{ expanded: boolean } | null> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send("Accessibility.getFullAXTree");
    const node = nodes.find(
      (candidate) => !candidate.ignored && candidate.role?.value === "DisclosureTriangle" && candidate.name?.value === name,
    );
    if (!node) return null;
    const expanded = node.properties?.find((property) => property.name === "expanded")?.value.value;
    return { expanded: expanded === true };
  } finally {
    await cdp.detach();
  }
}

test.describe("Tastatur und Fokus in Formularen", () => {
  test("wer ein leeres Pflichtfeld mit Tab oder Umschalt+Tab verlässt, sieht die Meldung, und der Fokus geht trotzdem weiter", async ({
    page,
    loggedInAs,
  }) => {
    await loggedInAs("landesadmin", { target: "/admin/klassen/new" });
    await waitForHydration(page);
    const schule = page.getByRole("combobox", { name: "Schule" });
    const name = page.getByRole("textbox", { name: "Klassenname" });

    await schule.focus();
    await page.keyboard.press("Tab");
    if (isJavaScriptProject()) await expect(page.getByText("Bitte wählen Sie eine Schule aus.")).toBeVisible();
    // The check shows its message but leaves the focus where the key took it (it once snapped back).
    await afterNextFrames(page);
    await expect(name).toBeFocused();

    await page.keyboard.press("Shift+Tab");
    if (isJavaScriptProject()) await expect(page.getByText("Bitte geben Sie einen Klassennamen ein.")).toBeVisible();
    await afterNextFrames(page);
    await expect(schule).toBeFocused();

    // A real submit still takes the focus to the first field to correct.
    await page.getByRole("button", { name: "Klasse anlegen" }).focus();
    await page.keyboard.press("Enter");
    await expect(schule).toBeFocused();
    await expect(page.getByText("Bitte wählen Sie eine Schule aus.")).toBeVisible();
  });

  test("beim Umbenennen bleibt der Fokus auf dem nächsten Element, wenn man das geleerte Namensfeld verlässt", async ({
    page,
    loggedInAs,
  }) => {
    const token = uniqueToken();
    await loggedInAs("landesadmin", { target: "/admin/klassen" });
    const id = await createKlasseDirectly(page, SCHULE_B.id, `Tab ${token}`);
    await page.goto(`/admin/klassen/${id}?bearbeiten`);
    await waitForHydration(page);

    const name = page.getByRole("textbox", { name: "Klassenname" });
    await name.fill("");
    await page.keyboard.press("Tab");
    if (isJavaScriptProject()) await expect(page.getByText("Bitte geben Sie einen Klassennamen ein.")).toBeVisible();
    await afterNextFrames(page);
    await expect(page.getByRole("link", { name: "Abbrechen" })).toBeFocused();

    await deleteKlasseDirectly(page, id);
  });

  test("die alte Meldung „Klassenname bereits vergeben“ verschwindet, wenn danach ein anderer Fehler im Feld erscheint", async ({
    page,
    loggedInAs,
  }) => {
    const token = uniqueToken();
    const name = `Vergeben ${token}`;
    await loggedInAs("landesadmin", { target: "/admin/klassen" });
    const existing = await createKlasseDirectly(page, SCHULE_C.id, name);

    await page.goto("/admin/klassen/new");
    await waitForHydration(page);
    await page.getByRole("combobox", { name: "Schule" }).selectOption({ label: SCHULE_C.label });
    const nameField = page.getByRole("textbox", { name: "Klassenname" });
    await nameField.fill(name);
    await page.getByRole("button", { name: "Klasse anlegen" }).click();
    const taken = page.getByText("Klassenname bereits vergeben");
    await expect(taken).toBeVisible();
    // The answer is shown before the router has finished with it: its last update would put the posted name back.
    await afterRouterIdle(page);

    // The user empties the name: the field's own message replaces the one about the old name.
    await nameField.fill("");
    await page.keyboard.press("Tab");
    if (isJavaScriptProject()) {
      await expect(page.getByText("Bitte geben Sie einen Klassennamen ein.")).toBeVisible();
      await expect(taken).toHaveCount(0);
    }
    await page.getByRole("button", { name: "Klasse anlegen" }).click();
    await expect(page.getByText("Bitte geben Sie einen Klassennamen ein.")).toBeVisible();
    await expect(nameField).toBeFocused();
    await expect(taken).toHaveCount(0);
    await expectNoAxeViolations(page, "/admin/klassen/new: Feldfehler nach abgelehntem Namen");

    // Typing a valid name does not bring the outdated message back.
    await nameField.fill(`Anders ${token}`);
    await expect(taken).toHaveCount(0);

    await deleteKlasseDirectly(page, existing);
  });
});

test.describe("Fokus nach dem Seitenwechsel", () => {
  test("nach „Nächste Seite“ steht der Fokus oben auf der neuen Seite, und der nächste Tab führt nicht ans Seitenende", async ({
    page,
    loggedInAs,
  }) => {
    await loggedInAs("landesadmin", { target: "/admin/klassen?anzahl=5" });
    await waitForHydration(page);
    const heading = page.getByRole("heading", { level: 1, name: "Klassenverwaltung" });
    // The first load leaves the focus alone (the first Tab reaches the skip link).
    await expect(heading).not.toBeFocused();

    const pagination = page.getByRole("navigation", { name: "Seitennavigation" });
    await pagination.getByRole("link", { name: "Nächste Seite" }).focus();
    await page.keyboard.press("Enter");
    await expect(pagination).toContainText("Seite 2 von");

    if (isJavaScriptProject()) {
      // The new page's heading has the focus, so a screen reader announces it.
      await expect(heading).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(page.getByRole("main").getByRole("link", { name: "Klasse anlegen" })).toBeFocused();
    } else {
      // A page load starts at the top: the skip link comes first.
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "Zum Inhalt springen" })).toBeFocused();
    }
    const focusedTop = await page.evaluate(() => document.activeElement?.getBoundingClientRect().top ?? 0);
    const paginationTop = await pagination.evaluate((element) => element.getBoundingClientRect().top);
    expect(focusedTop).toBeLessThan(paginationTop);
    await expectNoAxeViolations(page, "/admin/klassen Seite 2");
  });

  test("ein Link zu einer anderen Seite bringt den Fokus auf deren Überschrift, eine vom Server abgelehnte Eingabe nicht", async ({
    page,
    loggedInAs,
  }) => {
    const name = `Fokus ${uniqueToken()}`;
    await loggedInAs("landesadmin", { target: "/admin/klassen" });
    const existing = await createKlasseDirectly(page, SCHULE_B.id, name);
    await page.goto("/admin/klassen");
    await waitForHydration(page);

    await page.getByRole("main").getByRole("link", { name: "Klasse anlegen" }).focus();
    await page.keyboard.press("Enter");
    const heading = page.getByRole("heading", { level: 1, name: "Klasse anlegen" });
    await expect(heading).toBeVisible();
    if (isJavaScriptProject()) await expect(heading).toBeFocused();

    // The server refuses the taken name: its message takes the focus and keeps it, the heading does not.
    await waitForHydration(page);
    await page.getByRole("combobox", { name: "Schule" }).selectOption({ label: SCHULE_B.label });
    await page.getByRole("textbox", { name: "Klassenname" }).fill(name);
    await page.getByRole("button", { name: "Klasse anlegen" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Klassenname bereits vergeben" });
    await expect(alert).toBeFocused();
    await afterNextFrames(page);
    await expect(alert).toBeFocused();

    await deleteKlasseDirectly(page, existing);
  });
});

test.describe("Ehrliche Meldungen", () => {
  test(
    "ein Klassenname nur aus „Ü“ wird abgelehnt, und die Meldung sagt, dass Umlaute allein nicht reichen",
    nurOhneJavaScript(
      "Die Regel ist dasselbe Schema im Browser und auf dem Server; dieselbe Meldung aus der Prüfung im Browser zeigt klassen-fehler.spec.ts („--“), der Hinweis am Feld steht im Server-HTML.",
    ),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: "/admin/klassen/new" });
      await waitForHydration(page);
      const name = page.getByRole("textbox", { name: "Klassenname" });
      // The hint promises nothing the rule does not keep.
      await expect(name).toHaveAccessibleDescription(/auch Umlaute und ß.*Buchstabe von A bis Z oder eine Ziffer/);

      await page.getByRole("combobox", { name: "Schule" }).selectOption({ label: SCHULE_B.label });
      await name.fill("Ü");
      await page.getByRole("button", { name: "Klasse anlegen" }).click();
      const message =
        "Der Klassenname muss mindestens einen Buchstaben von A bis Z (groß oder klein) oder eine Ziffer enthalten. Umlaute und ß allein reichen dafür nicht.";
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(name).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
      await expect(page.getByText("(A–Z)")).toHaveCount(0);

      // The server's own rule is the same (the browser's check can be bypassed).
      const response = await page.request.post("/admin/klassen/new", { form: { schule: SCHULE_B.id, name: "ß" } });
      expect(response.status()).toBe(400);
      expect(await response.text()).toContain("Umlaute und ß allein reichen dafür nicht.");
    },
  );

  test(
    "eine leere Ergebnisliste sagt in einem Satz, dass nichts gefunden wurde",
    nurOhneJavaScript(GRUND.serverHtml),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: `/admin/klassen?suche=${uniqueToken()}` });
      await expect(page.getByRole("status").filter({ hasText: "gefunden" })).toHaveText("Keine Klassen gefunden.");
      await expect(page.getByRole("table")).toHaveCount(0);
      await expect(page.getByRole("navigation", { name: "Seitennavigation" })).toHaveCount(0);
      await expect(page.getByRole("main")).not.toContainText("Einträge 0");
      await expect(page.getByRole("main")).not.toContainText("Keine Einträge");
      await expectNoAxeViolations(page, "leere Klassenliste");
    },
  );

  test(
    "ein Schuladmin mit der Id einer fremden Schule im Link sieht seine eigene Liste und erfährt warum",
    nurOhneJavaScript(GRUND.serverHtml),
    async ({ page, loggedInAs }) => {
      await loggedInAs("schuladmin", { target: "/admin/klassen" });
      await page.goto(`/admin/klassen?schule=${SCHULE_C.id}&anzahl=5`);

      expect(pathOf(page)).toBe("/admin/klassen?anzahl=5");
      await expect(page.getByRole("status").filter({ hasText: "Schule aus dem Link" })).toHaveText(
        "Die Schule aus dem Link gehört nicht zu den Schulen, die Sie verwalten. Angezeigt werden Ihre Klassen.",
      );
      await expect(page.getByRole("search", { name: "Klassen filtern" })).toContainText(`Schule: ${SCHULE_A.label}`);
      await expect(page.getByRole("status").filter({ hasText: "gefunden" })).toHaveText(/^\d+ Klassen? gefunden$/);
      await expect(page.getByRole("table", { name: "Klassen" }).getByRole("row")).not.toHaveCount(0);
      await expectNoAxeViolations(page, "/admin/klassen nach fremder Schul-Id");

      // The message is said once.
      await page.reload();
      await expect(page.getByText("Schule aus dem Link")).toHaveCount(0);
    },
  );
});

test.describe("Bestätigungsdialog zum Löschen", () => {
  test("der Fokus beginnt auf „Abbrechen“ und die Frage ist die Beschreibung des Dialogs", async ({ page, loggedInAs }) => {
    const token = uniqueToken();
    const name = `Dialog ${token}`;
    const question = `Möchten Sie die Klasse „${name}“ an der Schule ${SCHULE_B.label} wirklich löschen?`;
    await loggedInAs("landesadmin", { target: "/admin/klassen" });
    const id = await createKlasseDirectly(page, SCHULE_B.id, name);
    await page.goto(`/admin/klassen/${id}`);
    await waitForHydration(page);

    if (isJavaScriptProject()) {
      await page.getByRole("link", { name: "Klasse löschen" }).focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Klasse löschen" });
      await expect(dialog).toHaveAccessibleDescription(question);
      // A destructive question starts on the harmless answer.
      await expect(dialog.getByRole("link", { name: "Abbrechen" })).toBeFocused();
      await expectNoAxeViolations(page, "Lösch-Dialog mit Fokus auf Abbrechen");
      await page.keyboard.press("Enter");
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1, name: `Klasse ${name}` })).toBeVisible();
      // Closing returns the focus to what opened the dialog, also over the list and also with Escape.
      await expect(page.getByRole("link", { name: "Klasse löschen" })).toBeFocused();
      await page.goto(`/admin/klassen?suche=${token}`);
      await waitForHydration(page);
      const rowTrigger = page.getByRole("link", { name: `Klasse ${name} löschen` });
      await rowTrigger.focus();
      await page.keyboard.press("Enter");
      await expect(dialog.getByRole("link", { name: "Abbrechen" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(rowTrigger).toBeFocused();
      // The dialog's address opened directly is a page; "Abbrechen" leads to the class, whose heading is focused.
      await page.goto(`/admin/klassen/${id}?loeschen`);
      await waitForHydration(page);
      await page.getByRole("link", { name: "Abbrechen" }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Klasse ${name}` })).toBeFocused();
    } else {
      // Without JavaScript the question is a page of its own, with its way back first.
      await page.getByRole("link", { name: "Klasse löschen" }).click();
      await expect(page.getByRole("main")).toContainText(question);
      await expect(page.getByRole("main").getByRole("link", { name: "Abbrechen" })).toBeVisible();
    }

    await deleteKlasseDirectly(page, id);
  });
});

test.describe("Abmelden und Anmeldefehler", () => {
  test(
    "nach dem Abmelden sagt die Startseite einmal „Sie wurden abgemeldet.“",
    nurOhneJavaScript("Das Abmelden mit JavaScript prüft anmeldung.spec.ts; die Meldung danach zeichnet der Server."),
    async ({ page }) => {
      await loginAs(page, "lehrkraft", { target: "/start" });
      await page.getByRole("navigation", { name: "Benutzerkonto" }).getByRole("link", { name: "Abmelden" }).click();

      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { level: 1, name: "Willkommen im Schulportal" })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "abgemeldet" })).toHaveText("Sie wurden abgemeldet.");
      await expectNoAxeViolations(page, "Startseite nach dem Abmelden");

      // Really logged out, and the message is not repeated.
      await page.reload();
      await expect(page.getByText("Sie wurden abgemeldet.")).toHaveCount(0);
      await page.goto("/start");
      await expect(page).toHaveURL(/\/api\/auth\/idp\/login/);
    },
  );

  test(
    "auf /login-error gibt es nur einen Weg hinaus: „Abmelden“, kein „Anmelden“ daneben",
    nurOhneJavaScript(GRUND.serverHtml),
    async ({ page }) => {
      await loginAs(page, "unbekannt", { target: "/start", expectUrl: /\/login-error$/ });
      await expect(page.getByRole("heading", { level: 1, name: "Benutzerkonto unbekannt" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Anmelden" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Abmelden" })).toHaveCount(1);
      await expectNoAxeViolations(page, "/login-error");

      await page.getByRole("link", { name: "Abmelden" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("status").filter({ hasText: "abgemeldet" })).toHaveText("Sie wurden abgemeldet.");
    },
  );
});

test.describe("Passwort ändern im Profil", () => {
  test(
    "der Hinweis beschreibt die Änderungsseite, und nach dem Abbrechen ist die Adresse wieder sauber",
    nurOhneJavaScript(GRUND.serverHtml),
    async ({ page, loggedInAs }) => {
      await loggedInAs("lehrkraft", { target: "/profile" });
      const card = page.getByRole("region", { name: "Passwort", exact: true });
      await expect(card).toContainText("Dort geben Sie Ihr aktuelles Passwort ein und zweimal das neue.");
      await expect(card).not.toContainText("melden Sie sich noch einmal an");

      await card.getByRole("link", { name: "Passwort ändern" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Passwort ändern" })).toBeVisible();
      await page.getByRole("button", { name: "Abbrechen" }).click();

      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByRole("status").filter({ hasText: "abgebrochen" })).toHaveText(
        "Sie haben die Passwortänderung abgebrochen. Ihr bisheriges Passwort gilt weiter.",
      );
      await expectNoAxeViolations(page, "/profile nach abgebrochener Passwortänderung");

      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "Mein Profil" })).toBeVisible();
      await expect(page.getByText("Passwortänderung abgebrochen")).toHaveCount(0);
    },
  );
});

test.describe("Speichern ohne Änderung", () => {
  test("Speichern wirkt erst nach einer Änderung; ein unveränderter Stand wird nicht an den Upstream geschickt", async ({
    page,
    loggedInAs,
  }) => {
    const token = uniqueToken();
    const name = `Gleich ${token}`;
    await loggedInAs("landesadmin", { target: "/admin/klassen" });
    const id = await createKlasseDirectly(page, SCHULE_A.id, name);
    await page.goto(`/admin/klassen/${id}?bearbeiten`);
    await waitForHydration(page);
    const save = page.getByRole("button", { name: "Speichern" });
    const nameField = page.getByRole("textbox", { name: "Klassenname" });

    if (isJavaScriptProject()) {
      // Disabled, but still reachable, and it says why.
      await expect(save).toBeDisabled();
      await expect(save).toHaveAccessibleDescription("Speichern ist möglich, sobald Sie etwas geändert haben.");
      await save.focus();
      await page.keyboard.press("Enter");
      await nameField.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/admin/klassen/${id}\\?bearbeiten$`));
      await nameField.fill(`${name} neu`);
      await expect(save).toBeEnabled();
      await nameField.fill(name);
      await expect(save).toBeDisabled();
      await expectNoAxeViolations(page, "Umbenennen ohne Änderung");
    } else {
      await save.click();
      await expect(page).toHaveURL(new RegExp(`/admin/klassen/${id}$`));
      await expect(page.getByRole("status").filter({ hasText: "Nichts geändert" })).toHaveText(
        "Nichts geändert: Ihre Eingaben entsprachen dem gespeicherten Stand.",
      );
      await expect(page.getByText("umbenannt")).toHaveCount(0);
      await expectNoAxeViolations(page, "Klassendetails nach „Nichts geändert“");
    }

    // The same post as the form without JavaScript, from a form opened at version 1.
    const unchanged = await page.request.post(`/admin/klassen/${id}`, { form: { name, version: "1" } });
    expect(new URL(unchanged.url()).pathname).toBe(`/admin/klassen/${id}`);
    expect(await unchanged.text()).toContain("Nichts geändert");
    // Had that reached the upstream, the class would be at version 2 and this rename, still from version 1, refused.
    const renamed = await page.request.post(`/admin/klassen/${id}`, { form: { name: `${name} neu`, version: "1" } });
    expect(await renamed.text()).toContain(`Die Klasse wurde in „${name} neu“ umbenannt.`);

    await deleteKlasseDirectly(page, id);
  });
});
