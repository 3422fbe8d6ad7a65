import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe-core schedules its checks with timers, and timers never fire while a page runs without JavaScript: a scan of
 * the no-JavaScript page itself would hang. In that project the scan therefore runs on an exact copy of what that
 * page shows: its current DOM is served (same URL, same stylesheets) to a helper page in a context of its own, where a
 * Content-Security-Policy of `script-src 'none'` keeps every page script switched off, so nothing hydrates and the
 * scanned DOM is the server-rendered one the user without JavaScript sees.
 */
async function analyzeWithoutPageScripts(page: Page) {
  const url = page.url();
  const html = await page.content();
  const browser = page.context().browser();
  if (!browser) throw new Error("Kein Browser für die Barrierefreiheitsprüfung verfügbar.");
  const context = await browser.newContext({
    javaScriptEnabled: true,
    locale: "de-DE",
    viewport: page.viewportSize() ?? undefined,
  });
  try {
    const copy = await context.newPage();
    await copy.route(url, (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html; charset=utf-8",
        headers: { "Content-Security-Policy": "script-src 'none'" },
        body: html,
      }),
    );
    await copy.goto(url);
    return await new AxeBuilder({ page: copy }).withTags(WCAG_TAGS).analyze();
  } finally {
    await context.close();
  }
}

/** Runs axe-core with the WCAG 2.1 A/AA rules on the current page and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page, label = new URL(page.url()).pathname) {
  // The portal streams its documents: a visible heading does not mean the rest of the page has arrived yet.
  await page.waitForLoadState("load");
  const results =
    test.info().project.use.javaScriptEnabled === false
      ? await analyzeWithoutPageScripts(page)
      : await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
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
