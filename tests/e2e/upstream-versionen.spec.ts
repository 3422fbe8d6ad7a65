import { expect, test } from "@playwright/test";
import { isJavaScriptProject, SCHULE_A, uniqueToken, waitForHydration } from "./support/klassen";
import { loginAs, submitOtpForm } from "./support/login";
import { PINNED_BASE_URL } from "./support/servers";

/**
 * The portal works against the upstream as the behaviour documents pinned it, too: no CSRF token endpoint, the
 * older error bodies and the old class-delete route. Every other journey runs against the current upstream.
 */
test.describe("Gegen die ältere Upstream-Version", () => {
  test.use({ baseURL: PINNED_BASE_URL });

  test("die Landesadministratorin legt eine Klasse an, benennt sie um, bekommt bei einem doppelten Namen die deutsche Meldung und löscht sie", async ({
    page,
  }) => {
    const token = uniqueToken();
    const name = `Alt-Version ${token}`;
    const renamed = `Alt-Version neu ${token}`;
    await loginAs(page, "landesadmin", { target: "/start", otp: false });
    await expect(page.getByRole("heading", { level: 2, name: "Alle Angebote" })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("link", { name: "Schulportal-Administration" }).click();
    await submitOtpForm(page, "landesadmin");
    // The tile leads to the person list, which reads the older version's answers as well.
    await expect(page.getByRole("heading", { level: 1, name: "Alle Benutzer" })).toBeVisible();
    await expect(page.getByRole("table").getByRole("link", { name: "Albers" })).toBeVisible();
    await page.getByRole("navigation").getByRole("link", { name: "Alle Klassen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Klassenverwaltung" })).toBeVisible();

    await page.getByRole("main").getByRole("link", { name: "Klasse anlegen" }).click();
    await expect(page).toHaveURL(/\/admin\/klassen\/new$/);
    await expect(page.getByRole("heading", { level: 1, name: "Klasse anlegen" })).toBeVisible();
    await page.getByRole("combobox", { name: "Schule" }).selectOption({ label: SCHULE_A.label });
    await page.getByRole("textbox", { name: "Klassenname" }).fill(name);
    await page.getByRole("button", { name: "Klasse anlegen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Klasse angelegt" })).toBeVisible();

    // The same name again: the older upstream's error body still becomes the German message.
    await page.getByRole("link", { name: "Weitere Klasse anlegen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Klasse anlegen" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Schule" })).toHaveValue(SCHULE_A.id);
    await page.getByRole("textbox", { name: "Klassenname" }).fill(name);
    await page.getByRole("button", { name: "Klasse anlegen" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "bereits" })).toBeVisible();

    await page.goto(`/admin/klassen?${new URLSearchParams({ suche: name })}`);
    await page.getByRole("table").getByRole("link", { name, exact: true }).click();
    await page.getByRole("link", { name: "Bearbeiten", exact: true }).click();
    await page.getByRole("textbox", { name: "Klassenname" }).fill(renamed);
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Klasse ${renamed}` })).toBeVisible();

    await waitForHydration(page);
    if (isJavaScriptProject()) {
      await page.getByRole("link", { name: "Klasse löschen" }).click();
      await page.getByRole("dialog", { name: "Klasse löschen" }).getByRole("button", { name: "Klasse löschen" }).click();
    } else {
      await page.getByRole("link", { name: "Klasse löschen" }).click();
      await page.getByRole("button", { name: "Klasse löschen" }).click();
    }
    await expect(page.getByRole("status").filter({ hasText: `Die Klasse „${renamed}“` })).toBeVisible();
  });
});
