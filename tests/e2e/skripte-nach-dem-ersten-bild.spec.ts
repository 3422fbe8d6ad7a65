import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/klassen";
import { watchProblems } from "./support/problems";
import { nurMitJavaScript } from "./support/modus";
import { chromiumLaunchOptions } from "../../scripts/chromium";

/**
 * The page's script modules are preloaded and started only after its first paint (docs/decisions/025): the document
 * carries no `modulepreload` link and no module script the browser would fetch and compile before painting; a small
 * script adds them afterwards, and the page still hydrates without a mismatch (a missing element would make React render the whole page again and
 * lose what the user had typed or chosen).
 */
// When the browser fetches, compiles and starts scripts is the desktop browser's own behaviour: these journeys run in
// the full Chromium (/usr/bin/chromium, as the bench), the others in its headless shell (docs/decisions/039).
test.use({ launchOptions: chromiumLaunchOptions });

// Every journey here runs with JavaScript only (support/modus.ts):
const NUR_MIT_JS = "Skripte lädt nur der Browser mit JavaScript.";

/** The entry module waits until the test lets it through: whatever the test does before, it does before hydration. */
async function holdEntryModule(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/entry\.client-[A-Z0-9]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test(
  "die Klassenliste kommt ohne vorab geladene oder gestartete Skriptmodule, wird danach ohne Fehler lebendig und behält eine frühe Auswahl",
  nurMitJavaScript(NUR_MIT_JS),
  async ({ page, loggedInAs }) => {
    await loggedInAs("landesadmin", { target: "/admin/klassen" });
    const problems = watchProblems(page);
    // The entry module arrives late, so the school is chosen before React has hydrated the page.
    const startScripts = await holdEntryModule(page);

    const response = await page.goto("/admin/klassen");
    const html = (await response?.text()) ?? "";
    expect(html).toContain("<h1");
    expect(html).not.toContain(`<link rel="modulepreload"`);
    expect(html).not.toMatch(/<script[^>]*type="module"/);

    const schule = page.getByRole("search", { name: "Klassen filtern" }).getByRole("combobox", { name: "Schule" });
    await schule.selectOption({ index: 2 });
    const chosen = await schule.inputValue();
    startScripts();
    await waitForHydration(page);

    await expect(schule).toHaveValue(chosen);
    await expect.poll(() => page.locator('head link[rel="modulepreload"]').count()).toBeGreaterThan(0);
    await expect(page.locator('body > script[type="module"]')).toHaveCount(1);
    expect(problems).toEqual([]);
  },
);

test(
  "Text, der vor dem Start der Skripte in den Hinweis getippt wurde, bleibt nach dem Start stehen und kann gespeichert werden",
  nurMitJavaScript(NUR_MIT_JS),
  async ({ page, loggedInAs }) => {
    await loggedInAs("landesadmin", { target: "/admin/hinweise/new" });
    const problems = watchProblems(page);
    const startScripts = await holdEntryModule(page);
    await page.goto("/admin/hinweise/new");

    // React sets a multi-line field back to the server's text when it hydrates; the portal puts the typing back.
    const feld = page.getByRole("textbox", { name: "Hinweistext" });
    const getippt = `${await feld.inputValue()} Früh getippt.`;
    await feld.fill(getippt);
    startScripts();
    await waitForHydration(page);

    await expect(feld).toHaveValue(getippt);
    await expect(page.getByRole("button", { name: "Speichern", exact: true })).not.toHaveAttribute("aria-disabled", "true");
    expect(problems).toEqual([]);
  },
);

test(
  "die Knöpfe des Hinweis-Editors bleiben an ihrem Platz, wenn die Skripte starten, sodass ein Klick in diesem Moment nicht verloren geht",
  nurMitJavaScript(NUR_MIT_JS),
  async ({ page, loggedInAs }) => {
    await loggedInAs("landesadmin", { target: "/admin/hinweise/new" });
    const startScripts = await holdEntryModule(page);
    await page.goto("/admin/hinweise/new");

    // A press that starts on a button and ends after it moved lands beside it: the browser then submits nothing.
    const buttons = page.getByRole("main").getByRole("button");
    const places = () => buttons.evaluateAll((all) => all.map((button) => JSON.stringify(button.getBoundingClientRect())));
    const before = await places();
    expect(before.length).toBeGreaterThanOrEqual(2);
    startScripts();
    await waitForHydration(page);
    expect(await places()).toEqual(before);

    // Typing changes what the hint and the counter say, not where the buttons are.
    await page.getByRole("textbox", { name: "Hinweistext" }).press("End");
    await page.keyboard.type(" x");
    await expect(page.getByRole("button", { name: "Speichern", exact: true })).not.toHaveAttribute("aria-disabled", "true");
    expect(await places()).toEqual(before);
  },
);

test(
  "die Benutzerliste steht schon vor dem Start der Skripte so da wie danach: Filter, Tabelle und Mehrfachaktionen rücken nicht",
  nurMitJavaScript(NUR_MIT_JS),
  async ({ page, loggedInAs }) => {
    await loggedInAs("landesadmin", { target: "/admin/personen" });
    const problems = watchProblems(page);
    const startScripts = await holdEntryModule(page);
    await page.goto("/admin/personen");

    // The filters are compact comboboxes from the first frame on: the checkbox lists of the page without JavaScript,
    // four times as tall, are in the document but hidden, so nothing below them jumps up when React takes over.
    const filter = page.getByRole("search", { name: "Benutzer filtern" });
    await expect(filter.getByRole("group", { name: "Organisation" })).toBeHidden();
    await expect(filter.getByRole("button", { name: "Organisation: Auswahlliste öffnen" })).toBeVisible();
    const anchors = [
      page.getByRole("link", { name: /Nachname/ }),
      filter.getByRole("button", { name: "Anwenden" }),
      page.getByRole("button", { name: "Weiter zur Bestätigung" }),
    ];
    const places = () => Promise.all(anchors.map(async (anchor) => JSON.stringify(await anchor.boundingBox())));
    const before = await places();
    startScripts();
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveAttribute("data-scripts", "started");
    expect(await places()).toEqual(before);
    expect(problems).toEqual([]);
  },
);

test(
  "Häkchen, die vor dem Start der Skripte in der Benutzerliste gesetzt wurden, zählen danach mit",
  nurMitJavaScript(NUR_MIT_JS),
  async ({ page, loggedInAs }) => {
    await loggedInAs("landesadmin", { target: "/admin/personen" });
    const startScripts = await holdEntryModule(page);
    await page.goto("/admin/personen");

    const boxes = page.getByRole("table").getByRole("checkbox");
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    startScripts();
    await waitForHydration(page);

    await expect(page.getByText("2 Benutzer ausgewählt")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Die 2 ausgewählten Personen" })).toBeVisible();
  },
);

test(
  "die Suche nach Landesbediensteten zeigt vor dem Start der Skripte nur die Felder der gewählten Suchart, wie danach",
  nurMitJavaScript(NUR_MIT_JS),
  async ({ page, loggedInAs }) => {
    await loggedInAs("landesadmin", { target: "/admin/limited/personen/search" });
    const startScripts = await holdEntryModule(page);
    await page.goto("/admin/limited/personen/search");

    const suchen = page.getByRole("main").getByRole("button", { name: "Landesbedienstete suchen" });
    const before = JSON.stringify(await suchen.boundingBox());
    startScripts();
    await waitForHydration(page);
    expect(JSON.stringify(await suchen.boundingBox())).toEqual(before);
  },
);

test(
  "wer vor dem Start der Skripte eine andere Suchart wählt, bekommt danach deren Felder",
  nurMitJavaScript(NUR_MIT_JS),
  async ({ page, loggedInAs }) => {
    await loggedInAs("landesadmin", { target: "/admin/limited/personen/search" });
    const startScripts = await holdEntryModule(page);
    await page.goto("/admin/limited/personen/search");

    const main = page.getByRole("main");
    await expect(main.getByRole("textbox", { name: "KoPers-Nummer" })).toBeVisible();
    await main.getByRole("radio", { name: "Nach E-Mail-Adresse" }).check();
    startScripts();
    await waitForHydration(page);

    await expect(main.getByRole("textbox", { name: "E-Mail-Adresse" })).toBeVisible();
    await expect(main.getByRole("textbox", { name: "KoPers-Nummer" })).toHaveCount(0);
  },
);

test(
  "kommen die Skripte nie an, zeigt die Seite nach einer Weile die Bedienung ohne JavaScript",
  nurMitJavaScript(NUR_MIT_JS),
  async ({ page, loggedInAs }) => {
    await loggedInAs("landesadmin", { target: "/admin/personen" });
    await page.clock.install();
    await page.route(/\/build\/entry\.client-[A-Z0-9]+\.js$/, (route) => route.abort());
    await page.goto("/admin/personen");

    const filter = page.getByRole("search", { name: "Benutzer filtern" });
    await expect(filter.getByRole("button", { name: "Organisation: Auswahlliste öffnen" })).toBeVisible();
    await page.clock.fastForward(20_000);
    await expect(filter.getByRole("group", { name: "Organisation" })).toBeVisible();
    await expect(filter.getByRole("button", { name: "Organisation: Auswahlliste öffnen" })).toBeHidden();
  },
);
