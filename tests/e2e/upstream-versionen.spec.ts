import { expect, test } from "@playwright/test";
import { isJavaScriptProject, SCHULE_A, uniqueToken, waitForHydration } from "./support/klassen";
import { loginAs, submitOtpForm } from "./support/login";
import { GRUND, nurOhneJavaScript } from "./support/modus";
import { createSchuleDirectly, createTraegerDirectly } from "./support/schulen";
import { PINNED_BASE_URL } from "./support/servers";

/**
 * The portal works against the upstream as the behaviour documents pinned it, too: no CSRF token endpoint, the
 * older error bodies and the old class-delete route. Every other journey runs against the current upstream. The
 * browser never talks to the upstream itself, so these run without JavaScript only: the screens with JavaScript are
 * the current upstream's journeys.
 */
test.describe("Gegen die ältere Upstream-Version", () => {
  test.use({ baseURL: PINNED_BASE_URL });

  test(
    "die Landesadministratorin legt eine Klasse an, benennt sie um, bekommt bei einem doppelten Namen die deutsche Meldung und löscht sie",
    nurOhneJavaScript(GRUND.aeltererUpstream),
    async ({ page }) => {
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
    },
  );

  test(
    "die Landesadministratorin legt eine Schule an, bekommt bei einer vergebenen Dienststellennummer die deutsche Meldung und aktiviert die Schule für itslearning",
    nurOhneJavaScript(GRUND.aeltererUpstream),
    async ({ page }) => {
      const token = `${isJavaScriptProject() ? "7" : "6"}${uniqueToken()}`;
      const name = `Alt-Version-Schule ${token}`;
      const label = `${token} (${name})`;
      await loginAs(page, "landesadmin", { target: "/admin/schulen/new" });
      await expect(page.getByRole("heading", { level: 1, name: "Schule anlegen" })).toBeVisible();
      await page.getByRole("textbox", { name: "Dienststellennummer" }).fill(token);
      await page.getByRole("textbox", { name: "Schulname" }).fill(name);
      await page.getByRole("button", { name: "Schule anlegen" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Schule angelegt" })).toBeVisible();

      // The same Dienststellennummer again: the older upstream's error body becomes the message at the field.
      await page.getByRole("link", { name: "Weitere Schule anlegen" }).click();
      const kennung = page.getByRole("textbox", { name: "Dienststellennummer" });
      await kennung.fill(token);
      await page.getByRole("textbox", { name: "Schulname" }).fill(`${name} zwei`);
      await page.getByRole("button", { name: "Schule anlegen" }).click();
      await expect(kennung).toHaveAccessibleDescription(/Diese Dienststellennummer ist bereits vergeben/);

      await page.goto(`/admin/schulen?${new URLSearchParams({ suche: token })}`);
      await waitForHydration(page);
      await page.getByRole("link", { name: `Schule ${label} für itslearning aktivieren` }).click();
      const confirmation = isJavaScriptProject()
        ? page.getByRole("dialog", { name: "Schule für itslearning aktivieren" })
        : page.getByRole("main");
      await confirmation.getByRole("button", { name: "Aktivieren" }).click();
      await expect(page.getByRole("status").filter({ hasText: /itslearning/ })).toHaveText(
        `Die Schule ${label} wurde für itslearning aktiviert und wird dort angelegt.`,
      );
      await expect(page.getByRole("link", { name: `Erneut übertragen: Daten der Schule ${label} an itslearning` })).toBeVisible();
    },
  );

  test(
    "die Landesadministratorin benennt einen Schulträger um und ordnet ihm eine Schule zu",
    nurOhneJavaScript(GRUND.aeltererUpstream),
    async ({ page }) => {
      const token = `${isJavaScriptProject() ? "5" : "4"}${uniqueToken()}`;
      const name = `Alt-Version-Träger ${token}`;
      const renamed = `${name} Nord`;
      await loginAs(page, "landesadmin", { target: "/admin/schultraeger" });
      const traegerId = await createTraegerDirectly(page, name);
      await createSchuleDirectly(page, { kennung: token, name: `Alt-Version-Trägerschule ${token}` });

      await page.goto(`/admin/schultraeger/${traegerId}`);
      await waitForHydration(page);
      await page.getByRole("textbox", { name: "Name des Schulträgers" }).fill(renamed);
      await page.getByRole("button", { name: "Speichern" }).click();
      await expect(page.getByRole("status").filter({ hasText: `Der Schulträger wurde in „${renamed}“ umbenannt.` })).toBeVisible();

      await waitForHydration(page);
      await page.getByRole("link", { name: "Schulen zuordnen" }).click();
      await page.getByRole("searchbox", { name: "Schule ohne Schulträger suchen" }).fill(token);
      await page.getByRole("button", { name: "Suchen" }).click();
      await page.getByRole("checkbox", { name: `${token} (Alt-Version-Trägerschule ${token})` }).check();
      await page.getByRole("button", { name: "Änderungen speichern" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Die Schulzuordnungen wurden gespeichert" })).toHaveText(
        "Die Schulzuordnungen wurden gespeichert (zugeordnet: 1, entfernt: 0).",
      );
      await expect(page.getByText("Diesem Schulträger ist 1 Schule zugeordnet.")).toBeVisible();
    },
  );
});
