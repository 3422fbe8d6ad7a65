import { expect, test } from "@playwright/test";
import { loginAs } from "./support/login";
import { expectNoAxeViolations } from "./support/axe";

test("probe", async ({ page }, testInfo) => {
  await loginAs(page, "landesadmin", { target: "/admin/klassen" });
  console.log(testInfo.project.name, page.url());
  console.log(await page.getByRole("link", { name: "Mein Profil" }).evaluate((el) => getComputedStyle(el).outlineStyle));
  await expectNoAxeViolations(page);
});
