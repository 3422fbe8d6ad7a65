import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Runs axe-core with the WCAG 2.1 A/AA rules on the current page and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page, label = new URL(page.url()).pathname) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const report = results.violations
    .map(
      (violation) =>
        `- ${violation.id} (${violation.impact ?? "?"}): ${violation.help}\n` +
        violation.nodes.map((node) => `    ${node.target.join(" ")}${node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, " ")}` : ""}`).join("\n"),
    )
    .join("\n");
  expect(results.violations, `Barrierefreiheit (axe) auf ${label}:\n${report}`).toEqual([]);
}
