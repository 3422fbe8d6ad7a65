import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe-core waits for its own zero-delay timers, and a page without JavaScript never fires a timer (nor a queued
 * microtask); only promise callbacks still run in the code Playwright evaluates there. So before a scan of such a page
 * its `setTimeout`, `clearTimeout` and `queueMicrotask` become promise callbacks, for axe alone: the page's own scripts
 * never run, so nothing else sees them. Longer timers are axe's give-up timeouts and are left unfired. The scan then
 * reads the very page the user without JavaScript sees, its focus and its `<noscript>` content included.
 */
function timersAsPromiseCallbacks() {
  const soon = (callback: () => void) => void Promise.resolve().then(callback);
  const timers = window as unknown as Record<"setTimeout" | "clearTimeout" | "queueMicrotask", unknown>;
  timers.setTimeout = (callback: () => void, delay?: number) => {
    if (!delay || delay <= 1) soon(callback);
    return 0;
  };
  timers.clearTimeout = () => undefined;
  timers.queueMicrotask = soon;
}

/**
 * Runs axe-core with the WCAG 2.1 A/AA rules on the current page and fails with a readable list of violations.
 *
 * Axe's legacy mode (`axe.run` in the page) instead of its default, which runs in each frame and assembles the result
 * in a second, blank page: the portal has no frames, and the default took more than twice as long a scan.
 */
export async function expectNoAxeViolations(page: Page, label = new URL(page.url()).pathname) {
  // The portal streams its documents: a visible heading does not mean the rest of the page has arrived yet.
  await page.waitForLoadState("load");
  if (test.info().project.use.javaScriptEnabled === false) await page.evaluate(timersAsPromiseCallbacks);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
  const report = results.violations
    .map(
      (violation) =>
        `- ${violation.id} (${violation.impact ?? "?"}): ${violation.help}\n` +
        violation.nodes
          .map((node) => `    ${node.target.join(" ")}${node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, " ")}` : ""}`)
          .join("\n"),
    )
    .join("\n");
  expect(results.violations, `Barrierefreiheit (axe) auf ${label}:\n${report}`).toEqual([]);
}
