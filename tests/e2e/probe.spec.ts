import { expect, test } from "@playwright/test";
import { loginAs } from "./support/login";
import { expectNoAxeViolations } from "./support/axe";

test("probe", async ({ page }, testInfo) => {
  await page.goto("/");
  console.log(testInfo.project.name, "evaluate", await page.evaluate(() => 1 + 1).catch((e) => "ERR " + e.message.slice(0, 80)));
  await loginAs(page, "landesadmin", { target: "/admin/klassen" });
  await expectNoAxeViolations(page);
  console.log(testInfo.project.name, "hydrated?", await page.evaluate(() => typeof (window as any).__remixContext + " " + typeof (window as any).__remixRouter).catch((e) => "ERR " + e.message.slice(0, 80)));
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Zum Inhalt springen" });
  await expect(skip).toBeFocused();
  console.log(await skip.evaluate((el) => getComputedStyle(el).outlineStyle));
});
