/**
 * Journeys that run in one JavaScript mode only. Every journey runs in both projects (playwright.config.ts) unless it
 * carries one of these, with the reason next to it in the test file: the project of the other mode leaves it out
 * (its `grepInvert`), so it is neither started there nor listed as skipped, and the reason shows in the report.
 *
 *   test("…", nurOhneJavaScript("…warum der Lauf mit JavaScript nichts hinzufügt…"), async ({ page }) => { … });
 *   test.describe("…", nurMitJavaScript("…"), () => { … });
 *
 * The project standard: JavaScript off first, so every screen and action keeps a journey in `ohne-js`; `nurMitJavaScript`
 * is for what only JavaScript does (dialogs, comboboxes, live checks, fetchers, focus, script loading).
 */

/** The tags the projects filter on; a journey names a mode only through the two helpers below. */
export const NUR_OHNE_JS = "@nur-ohne-js";
export const NUR_MIT_JS = "@nur-mit-js";

interface ModusDetails {
  tag: string;
  annotation: { type: string; description: string };
}

/** Runs only in the project without JavaScript; `grund`: why the run with JavaScript would prove nothing more. */
export const nurOhneJavaScript = (grund: string): ModusDetails => ({
  tag: NUR_OHNE_JS,
  annotation: { type: "nur ohne JavaScript", description: grund },
});

/** Runs only in the project with JavaScript; `grund`: why there is nothing to prove without it. */
export const nurMitJavaScript = (grund: string): ModusDetails => ({
  tag: NUR_MIT_JS,
  annotation: { type: "nur mit JavaScript", description: grund },
});
