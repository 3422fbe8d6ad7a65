import { expect, test } from "./support/fixtures";
import { nurOhneJavaScript } from "./support/modus";

/**
 * Requests a person can send that no page of the portal offers. The plain-HTTP ones (bodies that are no form, a
 * foreign Referer, huge page numbers, long addresses, a planted session cookie, concurrent renames) run without a
 * browser in tests/routes/ungewoehnliche-anfragen.test.ts; here what a person sees in the browser.
 */
test.describe("Ungewöhnliche Anfragen", nurOhneJavaScript("Eine Adresse von Hand: ohne Browser-Skripte genügt einmal."), () => {
  test("/admin ist für eine Lehrkraft ohne Adminrechte die deutsche Seite „Seite nicht gefunden“", async ({ page, loggedInAs }) => {
    await loggedInAs("lehrkraft", { target: "/start" });
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Seite nicht gefunden" })).toBeVisible();
  });
});
