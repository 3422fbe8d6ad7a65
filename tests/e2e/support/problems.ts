import type { Page } from "@playwright/test";

/**
 * Console errors and uncaught errors of the page (a hydration mismatch, a text missing). A refused post or a
 * not-found page answers 4xx on purpose, and the browser logs every such answer: those lines are left out.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}
