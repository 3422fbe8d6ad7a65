import { expect, test, type Page } from "@playwright/test";
import { createKlasseDirectly, deleteKlasseDirectly, SCHULE_C, uniqueToken, waitForHydration } from "./support/klassen";
import { loginAs } from "./support/login";
import { nurMitJavaScript } from "./support/modus";

/**
 * The browser's texts (docs/decisions/013): every page comes with the common texts; an area's texts and the error
 * texts load when a page needs them, and no page ever shows a key instead of German, neither after hydration nor
 * after a client-side navigation. Only the browser with JavaScript loads texts; without it the server's HTML is
 * the whole page, which the other journeys cover.
 */
// Every journey here runs with JavaScript only (support/modus.ts):
const NUR_MIT_JS = "Texte lädt nur der Browser mit JavaScript.";

/** The namespace chunks the browser fetched, and every console error and uncaught error of the page. */
function watch(page: Page) {
  const chunks: string[] = [];
  const problems: string[] = [];
  page.on("request", (request) => {
    const match = /\/build\/_shared\/(errors|klassen|personen|person)-[A-Z0-9]+\.js$/.exec(new URL(request.url()).pathname);
    if (match) chunks.push(match[1]);
  });
  page.on("console", (message) => {
    // A refused form post or a not-found page answers 4xx on purpose; the browser logs every such answer.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { chunks, problems };
}

// What a key looks like on screen: `klassen:list.title`, `errors:NOT_FOUND.title`, `form.save`.
const KEY_ON_SCREEN = /\b(klassen|personen|person|errors|common):[A-Za-z_.]+|\b(form|list|nav|layout|klassen|errorPage)\.[a-z][A-Za-z.]+/;

test(
  "die Startseite lädt weder Verwaltungs- noch Fehlertexte; die Benutzerliste bringt ihre Texte beim Hinwechseln mit",
  nurMitJavaScript(NUR_MIT_JS),
  async ({ page }) => {
    await loginAs(page, "landesadmin", { target: "/admin/klassen" });
    // The class list the login ended on has loaded its texts before the watching starts.
    await waitForHydration(page);
    const seen = watch(page);

    await page.goto("/start");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Startseite" })).toBeVisible();
    expect(seen.chunks).toEqual([]);

    // The administration tile is a client-side navigation: the page changes only once the person list's texts are there.
    await page.getByRole("link", { name: "Schulportal-Administration" }).click();
    await expect(page).toHaveURL(/\/admin\/personen$/);
    await expect(page.getByRole("heading", { level: 1, name: "Alle Benutzer" })).toBeVisible();
    await expect(page).toHaveTitle("Alle Benutzer – Schulportal");
    await expect(page.getByRole("search", { name: "Benutzer filtern" })).toBeVisible();
    expect(seen.chunks).toEqual(["personen"]);
    await expect(page.locator("body")).not.toContainText(KEY_ON_SCREEN);
    expect(seen.problems).toEqual([]);
  },
);

test("eine Fehlerseite aus dem Server behält nach dem Hydrieren ihren deutschen Text", nurMitJavaScript(NUR_MIT_JS), async ({ page }) => {
  await loginAs(page, "landesadmin", { target: "/admin/klassen" });
  await waitForHydration(page);
  const seen = watch(page);

  await page.goto("/admin/klassen/7d1f3c5e-0000-4000-8000-000000000000");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Seite nicht gefunden" })).toBeVisible();
  await expect(page).toHaveTitle("Seite nicht gefunden – Schulportal");
  expect(seen.chunks).toContain("errors");
  await expect(page.locator("body")).not.toContainText(KEY_ON_SCREEN);
  expect(seen.problems).toEqual([]);
});

test(
  "die Fehlertexte kommen erst mit der ersten Ablehnung, und die Meldung steht dann auf Deutsch da",
  nurMitJavaScript(NUR_MIT_JS),
  async ({ page }) => {
    const name = `Texte ${uniqueToken()}`;
    await loginAs(page, "landesadmin", { target: "/admin/klassen" });
    const existing = await createKlasseDirectly(page, SCHULE_C.id, name);
    await waitForHydration(page);
    const seen = watch(page);

    await page.goto("/admin/klassen/new");
    await waitForHydration(page);
    // Hydration rendered what the server rendered: the class texts were there in time.
    expect(seen.problems).toEqual([]);
    expect(seen.chunks).toEqual(["klassen"]);
    await page.getByRole("combobox", { name: "Schule" }).selectOption({ label: SCHULE_C.label });
    await page.getByRole("textbox", { name: "Klassenname" }).fill(name);
    await page.getByRole("button", { name: "Klasse anlegen" }).click();

    await expect(page.getByRole("alert").getByText("Klassenname bereits vergeben")).toBeVisible();
    expect(seen.chunks).toEqual(["klassen", "errors"]);
    await expect(page.locator("body")).not.toContainText(KEY_ON_SCREEN);
    expect(seen.problems).toEqual([]);

    await deleteKlasseDirectly(page, existing);
  },
);
