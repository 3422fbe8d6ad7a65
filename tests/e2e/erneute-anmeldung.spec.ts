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

  // Three sessions, one pause: each way back needs a session whose second factor has lapsed, and waiting for the
  // upstream's timeout once for all three costs its seconds once instead of three times.
  test(
    "nach einer Pause fragt der Upstream den Einmalcode ab: ein Klick in der Navigation öffnet danach die gewählte Seite, ein abgeschicktes Formular kommt mit den Eingaben zurück, eine Löschbestätigung löscht nichts",
    nurOhneJavaScript(WIE_ABGELAUFEN),
    async ({ page, browser, baseURL }) => {
      const fresh = async () => (await browser.newContext({ baseURL, locale: "de-DE", javaScriptEnabled: false })).newPage();
      const [formular, loeschen] = await Promise.all([fresh(), fresh()]);
      try {
        // Navigation: the class list, left open.
        await loginAs(page, "landesadmin", { target: "/admin/klassen" });
        // A form: typed, not yet sent.
        const klasse = `Pause ${uniqueToken()}`;
        await loginAs(formular, "landesadmin", { target: "/admin/klassen/new" });
        await fillKlasse(formular, klasse);
        // A confirmation: asked, not yet answered.
        await loginAs(loeschen, "landesadmin", { target: "/admin/klassen" });
        const name = `Bestaetigen ${uniqueToken()}`;
        const id = await createKlasseDirectly(loeschen, SCHULE_C.id, name);
        await openDeleteConfirmation(loeschen, name);

        await idleUntilStepUpLapses(page);

        await test.step("ein Klick in der Navigation", async () => {
          await sideNav(page).getByRole("link", { name: "Klasse anlegen" }).click();
          await expect(page).toHaveURL(/\/api\/auth\/idp\/otp/);
          await submitOtpForm(page, "landesadmin");
          await expect(page).toHaveURL(/\/admin\/klassen\/new$/);
          await expect(page.getByRole("heading", { level: 1, name: "Klasse anlegen" })).toBeVisible();
        });
        await test.step("ein abgeschicktes Formular", async () => {
          await formular.getByRole("button", { name: "Klasse anlegen" }).click();
          await expect(formular).toHaveURL(/\/api\/auth\/idp\/otp/);
          await submitOtpForm(formular, "landesadmin");
          await expectInterruptedForm(formular, klasse);
        });
        await test.step("eine Löschbestätigung", async () => {
          await loeschen.getByRole("button", { name: "Klasse löschen" }).click();
          await expect(loeschen).toHaveURL(/\/api\/auth\/idp\/otp/);
          await submitOtpForm(loeschen, "landesadmin");
          await expectInterruptedConfirmation(loeschen, id, name);
        });
      } finally {
        await Promise.all([formular.context().close(), loeschen.context().close()]);
      }
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
