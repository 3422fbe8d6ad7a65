import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support/klassen";
import { loginAs } from "./support/login";

test("debug", async ({ page }) => {
  await loginAs(page, "landesadmin", { target: "/admin/klassen/new" });
  await page.getByRole("combobox", { name: "Schule" }).selectOption({ index: 2 });
  await page.getByRole("textbox", { name: "Klassenname" }).fill("--");
  await page.getByRole("button", { name: "Klasse anlegen" }).click();
  await page.waitForTimeout(500);
  await page.goto("/admin/klassen/new");
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Klassenname" }).fill("");
  await page.getByRole("button", { name: "Klasse anlegen" }).click();
  await page.waitForTimeout(1000);
  console.log((await page.getByRole("main").innerHTML()).replace(/<option value="[0-9a-f-]{36}">[^<]*<\/option>/g, ""));
});
