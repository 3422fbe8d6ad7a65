import { expect, test, type Page } from "@playwright/test";
import { DEMO_IDS } from "../../../upstream/reference/seed/ids.ts";

export { DEMO_IDS };

/** Schools as the portal labels them: "Dienststellennummer (Name)". */
export const SCHULE_A = { id: DEMO_IDS.schuleA, label: "0710001 (Gemeinschaftsschule am Deich)" };
export const SCHULE_B = { id: DEMO_IDS.schuleB, label: "0710008 (Grundschule Lindenweg)" };
export const SCHULE_C = { id: DEMO_IDS.schuleC, label: "0710015 (Gymnasium Hafenkante)" };

/** A token no other test (or run in the other project) uses: only digits, so it is a valid part of a class name. */
export function uniqueToken(): string {
  return `${Date.now()}${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}`;
}

export const isJavaScriptProject = () => test.info().project.use.javaScriptEnabled !== false;

/**
 * With JavaScript, waits until React has hydrated the element (so clicks reach the enhanced behaviour, not the
 * server-rendered fallback); without JavaScript there is nothing to wait for.
 */
export async function waitForHydration(page: Page) {
  if (!isJavaScriptProject()) return;
  await expect
    .poll(() => page.getByRole("main").evaluate((main) => Object.keys(main).some((key) => key.startsWith("__reactFiber"))))
    .toBe(true);
}

/**
 * With JavaScript, waits until the browser has drawn two more frames: whatever React does in answer to the last input
 * (render, effects, a focus move, Headless UI measuring a dialog) has happened by then. Without JavaScript nothing runs
 * after an input, so there is nothing to wait for.
 */
export async function afterNextFrames(page: Page) {
  if (!isJavaScriptProject()) return;
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * With JavaScript, waits until Remix's router has handled every answer (no navigation, submission or fetcher under
 * way, revalidation included), then for two frames drawn after it.
 */
export async function afterRouterIdle(page: Page) {
  if (!isJavaScriptProject()) return;
  await expect
    .poll(() =>
      page.evaluate(() => {
        const router = (
          window as unknown as { __remixRouter?: { state: { navigation: { state: string }; fetchers: Map<string, { state: string }> } } }
        ).__remixRouter;
        if (!router) return false;
        return router.state.navigation.state === "idle" && [...router.state.fetchers.values()].every((fetcher) => fetcher.state === "idle");
      }),
    )
    .toBe(true);
  await afterNextFrames(page);
}

/**
 * Test data set-up without the UI (the UI of creating is covered by its own journey): the same form post the create
 * page sends, with the logged-in page's cookies. Returns the new class's id.
 */
export async function createKlasseDirectly(page: Page, schuleId: string, name: string): Promise<string> {
  const response = await page.request.post("/admin/klassen/new", { form: { schule: schuleId, name } });
  expect(response.status(), `Anlegen der Testklasse „${name}“`).toBe(200);
  const id = new URL(response.url()).searchParams.get("erstellt");
  expect(id, `Anlegen der Testklasse „${name}“ lieferte keine Id (${response.url()})`).toBeTruthy();
  return id!;
}

/** Clean-up: deletes a class through the portal's delete action; a class that is already gone is fine. */
export async function deleteKlasseDirectly(page: Page, id: string) {
  await page.request.post(`/admin/klassen/${id}?loeschen`, { form: {} });
}

/** Opens the class list filtered by a search text and checks how many classes match. */
export async function expectKlassenCount(page: Page, suche: string, count: number) {
  await page.goto(`/admin/klassen?${new URLSearchParams({ suche })}`);
  const text = count === 0 ? "Keine Klassen gefunden." : count === 1 ? "1 Klasse gefunden" : `${count} Klassen gefunden`;
  await expect(page.getByRole("status").filter({ hasText: /Klassen? gefunden/ })).toHaveText(text);
}
