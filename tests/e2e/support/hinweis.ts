import { mkdirSync, rmSync, statSync } from "node:fs";
import { expect, type Browser, type Page } from "@playwright/test";
import { loginAs } from "./login";

/**
 * The portal notice is ONE object of the upstream, shared by both projects (which run at the same time on two
 * workers) and by every journey that opens /start. A journey that changes it holds this lock (a directory, which
 * only one process can create) for its whole run, and puts the notice back as it found it.
 */
export async function lockHinweis(server: string, waitMs: number): Promise<() => void> {
  mkdirSync(".tmp", { recursive: true });
  const dir = `.tmp/e2e-hinweis-sperre-${server}`;
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      mkdirSync(dir);
      return () => rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    // Left behind by a run that was killed: no journey holds it for five minutes.
    try {
      if (Date.now() - statSync(dir).mtimeMs > 5 * 60_000) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Released meanwhile.
    }
    if (Date.now() > deadline) throw new Error(`Der Hinweis ist seit ${waitMs / 1000} s von einer anderen Reise gesperrt (${dir}).`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export const HINWEIS_PATH = "/admin/hinweise/new";

export const hinweisFeld = (page: Page) => page.getByRole("textbox", { name: "Hinweistext" });

export interface HinweisStand {
  inhalt: string;
  veroeffentlicht: boolean;
}

/** The notice as the editor shows it (the page must be open). */
export async function readHinweis(page: Page): Promise<HinweisStand> {
  await expect(page.getByRole("heading", { level: 1, name: "Hinweis für die Startseite" })).toBeVisible();
  const inhalt = await hinweisFeld(page).inputValue();
  const veroeffentlicht = (await page.getByRole("main").textContent())?.includes("Zurzeit: veröffentlicht") ?? false;
  return { inhalt, veroeffentlicht };
}

/** Logs in as the state administrator in a context of its own, without JavaScript, and runs `work` on the editor. */
export async function onEditor<T>(browser: Browser, baseURL: string, work: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: "de-DE" });
  try {
    const page = await context.newPage();
    await loginAs(page, "landesadmin", { target: HINWEIS_PATH });
    return await work(page);
  } finally {
    await context.close();
  }
}

/** Puts the notice back: the text, and the publication state, as `stand` had them. */
export async function restoreHinweis(page: Page, stand: HinweisStand) {
  const now = await readHinweis(page);
  if (now.inhalt === stand.inhalt && now.veroeffentlicht === stand.veroeffentlicht) return;
  if (stand.inhalt) await hinweisFeld(page).fill(stand.inhalt);
  const button =
    now.veroeffentlicht === stand.veroeffentlicht ? "Speichern" : stand.veroeffentlicht ? "Veröffentlichen" : "Veröffentlichung beenden";
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: /Hinweis|Veröffentlichung/ })).toBeVisible();
}
