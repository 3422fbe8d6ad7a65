import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { createKlasseDirectly, SCHULE_C, uniqueToken, waitForHydration } from "./support/klassen";
import { loginAs, pathOf, submitOtpForm, submitPasswordForm } from "./support/login";
import { nurOhneJavaScript } from "./support/modus";
import { PINNED_BASE_URL, PINNED_STEP_UP_TIMEOUT_SECONDS } from "./support/servers";

/**
 * Logins that happen in the middle of work: the admin tile after a password-only login, the second factor asked
 * again after inactivity, an expired session. With JavaScript these start as client navigations or fetches, and
 * must still end on the upstream's login form, never on a blank page.
 */

const sideNav = (page: Page) => page.getByRole("navigation", { name: "Navigation" }).first();
const interruptedNotice = (page: Page) => page.getByRole("alert").filter({ hasText: "nicht gespeichert" });

/**
 * Why a journey after a pause runs without JavaScript only (support/modus.ts): with JavaScript the lapsed second factor
 * takes the same way as the expired session below, and only the upstream's form differs.
 */
const WIE_ABGELAUFEN =
  "Mit JavaScript derselbe Weg wie bei abgelaufener Sitzung (die Reisen dazu laufen in beiden Modi); nach der Pause fragt der Upstream nur den Einmalcode statt des Passworts.";

/** Lets the upstream's step-up level lapse: it asks for the second factor again after this much idle time. */
async function idleUntilStepUpLapses(page: Page) {
  await page.waitForTimeout((PINNED_STEP_UP_TIMEOUT_SECONDS + 1) * 1000);
}

test.describe("Anmeldung mitten in der Arbeit", () => {
  test(
    "nach der Anmeldung nur mit Passwort führt die Kachel „Schulportal-Administration“ zum Einmalcode und dann zu „Alle Benutzer“",
    nurOhneJavaScript(
      "Denselben Weg mit JavaScript (Kachel, Einmalcode, „Alle Benutzer“) geht die Reise zum Import von 30 Schülerinnen und Schülern in personen-import.spec.ts.",
    ),
    async ({ page }) => {
      await loginAs(page, "landesadmin", { target: "/start", otp: false });
      await waitForHydration(page);
      await page.getByRole("link", { name: "Schulportal-Administration" }).click();

      await expect(page).toHaveURL(/\/api\/auth\/idp\/otp/);
      await submitOtpForm(page, "landesadmin");
      // the person list is the first admin area (spec: persons, roles, schools, classes)
      await expect(page).toHaveURL(/\/admin\/personen$/);
      await expect(page.getByRole("heading", { level: 1, name: "Alle Benutzer" })).toBeVisible();
    },
  );

  test("nach abgelaufener Sitzung führt ein Klick in der Navigation zur Anmeldung und danach zur gewählten Seite", async ({
    page,
    context,
  }) => {
    await loginAs(page, "landesadmin", { target: "/admin/klassen" });
    await waitForHydration(page);
    // The upstream forgets the session; the browser still shows the page it had.
    await context.clearCookies({ name: "connect.sid" });

    await sideNav(page).getByRole("link", { name: "Klasse anlegen" }).click();
    await expect(page).toHaveURL(/\/api\/auth\/idp\/login/);
    await submitPasswordForm(page, "landesadmin");
    await submitOtpForm(page, "landesadmin");
    await expect(page).toHaveURL(/\/admin\/klassen\/new$/);
    await expect(page.getByRole("heading", { level: 1, name: "Klasse anlegen" })).toBeVisible();
  });
});

test.describe("Einmalcode erneut nach Inaktivität", () => {
  // The server pair whose upstream lets the second factor lapse after a few idle seconds.
  test.use({ baseURL: PINNED_BASE_URL });

  test(
    "ein Klick in der Navigation nach einer Pause fragt den Einmalcode ab und öffnet dann die gewählte Seite",
    nurOhneJavaScript(WIE_ABGELAUFEN),
    async ({ page }) => {
      await loginAs(page, "landesadmin", { target: "/admin/klassen" });
      await waitForHydration(page);
      await idleUntilStepUpLapses(page);

      await sideNav(page).getByRole("link", { name: "Klasse anlegen" }).click();
      await expect(page).toHaveURL(/\/api\/auth\/idp\/otp/);
      await submitOtpForm(page, "landesadmin");
      await expect(page).toHaveURL(/\/admin\/klassen\/new$/);
      await expect(page.getByRole("heading", { level: 1, name: "Klasse anlegen" })).toBeVisible();
    },
  );

  test(
    "ein Formular, das nach einer Pause abgeschickt wird, kommt nach dem Einmalcode mit den Eingaben und dem Hinweis zurück, dass nichts gespeichert wurde",
    nurOhneJavaScript(WIE_ABGELAUFEN),
    async ({ page }) => {
      const name = `Pause ${uniqueToken()}`;
      await loginAs(page, "landesadmin", { target: "/admin/klassen/new" });
      await waitForHydration(page);
      await fillKlasse(page, name);
      await idleUntilStepUpLapses(page);

      await page.getByRole("button", { name: "Klasse anlegen" }).click();
      await expect(page).toHaveURL(/\/api\/auth\/idp\/otp/);
      await submitOtpForm(page, "landesadmin");
      await expectInterruptedForm(page, name);
    },
  );

  test(
    "eine Löschbestätigung nach einer Pause löscht nichts, sondern kommt nach dem Einmalcode mit dem Hinweis zurück",
    nurOhneJavaScript(WIE_ABGELAUFEN),
    async ({ page }) => {
      await loginAs(page, "landesadmin", { target: "/admin/klassen" });
      const name = `Bestaetigen ${uniqueToken()}`;
      const id = await createKlasseDirectly(page, SCHULE_C.id, name);
      await openDeleteConfirmation(page, name);
      await idleUntilStepUpLapses(page);
      await page.getByRole("button", { name: "Klasse löschen" }).click();

      await expect(page).toHaveURL(/\/api\/auth\/idp\/otp/);
      await submitOtpForm(page, "landesadmin");
      await expectInterruptedConfirmation(page, id, name);
    },
  );
});

test.describe("Sitzung abgelaufen beim Absenden", () => {
  test("ein Formular kommt nach der Anmeldung mit den Eingaben und dem Hinweis zurück und lässt sich dann speichern", async ({
    page,
    context,
  }) => {
    const name = `Abgelaufen ${uniqueToken()}`;
    await loginAs(page, "landesadmin", { target: "/admin/klassen/new" });
    await waitForHydration(page);
    await fillKlasse(page, name);
    await context.clearCookies({ name: "connect.sid" });

    await page.getByRole("button", { name: "Klasse anlegen" }).click();
    await submitPasswordForm(page, "landesadmin");
    await submitOtpForm(page, "landesadmin");
    await expectInterruptedForm(page, name);
    await expectNoAxeViolations(page, "Klasse anlegen nach unterbrochenem Absenden");

    await waitForHydration(page);
    await page.getByRole("button", { name: "Klasse anlegen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Klasse angelegt" })).toBeVisible();
    await expect(page.getByRole("definition")).toHaveText([SCHULE_C.label, name]);
    // The notice belonged to the interrupted post only.
    await page.goto("/admin/klassen/new");
    await expect(interruptedNotice(page)).toHaveCount(0);
  });

  test("eine Löschbestätigung löscht erst nach der Anmeldung und erneutem Bestätigen", async ({ page, context }) => {
    await loginAs(page, "landesadmin", { target: "/admin/klassen" });
    const name = `Abgelaufen loeschen ${uniqueToken()}`;
    const id = await createKlasseDirectly(page, SCHULE_C.id, name);
    await openDeleteConfirmation(page, name);
    await context.clearCookies({ name: "connect.sid" });
    await page.getByRole("button", { name: "Klasse löschen" }).click();

    await submitPasswordForm(page, "landesadmin");
    await submitOtpForm(page, "landesadmin");
    await expectInterruptedConfirmation(page, id, name);
    await expectNoAxeViolations(page, "Löschbestätigung nach unterbrochenem Absenden");

    await waitForHydration(page);
    await page.getByRole("button", { name: "Klasse löschen" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Die Klasse „${name}“` })).toBeVisible();
    expect(pathOf(page)).toMatch(/^\/admin\/klassen\?/);
    await expect(page.getByRole("table").getByRole("link", { name })).toHaveCount(0);
  });
});

async function fillKlasse(page: Page, name: string) {
  await page.getByRole("combobox", { name: "Schule" }).selectOption({ label: SCHULE_C.label });
  await page.getByRole("textbox", { name: "Klassenname" }).fill(name);
}

async function expectInterruptedForm(page: Page, name: string) {
  await expect(page).toHaveURL(/\/admin\/klassen\/new$/);
  await expect(interruptedNotice(page)).toBeFocused();
  await expect(page.getByRole("combobox", { name: "Schule" })).toHaveValue(SCHULE_C.id);
  await expect(page.getByRole("textbox", { name: "Klassenname" })).toHaveValue(name);
}

/** The delete trigger: a link to the confirmation, a page of its own without JavaScript and a dialog with it. */
async function openDeleteConfirmation(page: Page, name: string) {
  await page.goto(`/admin/klassen?${new URLSearchParams({ suche: name })}`);
  await waitForHydration(page);
  const trigger = new RegExp(`^Klasse ${name} löschen`);
  await page
    .getByRole("link", { name: trigger })
    .or(page.getByRole("button", { name: trigger }))
    .click();
  await expect(page.getByRole("heading", { name: "Klasse löschen" })).toBeVisible();
}

/** Back on the confirmation page, with nothing deleted yet. */
async function expectInterruptedConfirmation(page: Page, id: string, name: string) {
  await expect(page).toHaveURL(new RegExp(`/admin/klassen\\?.*loeschen=${id}`));
  await expect(interruptedNotice(page)).toBeVisible();
  await expect(page.getByText(`„${name}“`)).toBeVisible();
}
