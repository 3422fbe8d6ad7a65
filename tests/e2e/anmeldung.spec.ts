import { expect, test } from "@playwright/test";
import { currentOtp, loginAs, pathOf, submitPasswordForm } from "./support/login";
import { GRUND, nurOhneJavaScript } from "./support/modus";

test.describe("Anmeldung und Zugang zur Klassenverwaltung", () => {
  test("die Landesadministratorin meldet sich mit Passwort und Einmalcode an und erreicht die Klassenverwaltung", async ({
    page,
  }, testInfo) => {
    // Each project really runs in its mode: without JavaScript no page script executes.
    const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
    expect(javaScriptEnabled).toBe(testInfo.project.name === "mit-js");

    const visited: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) visited.push(pathOf(page));
    });

    await page.goto("/admin/klassen");
    // The portal hands the login to the upstream, remembering where the user wanted to go.
    await expect(page).toHaveURL(/\/api\/auth\/idp\/login\?acr=silver$/);
    await expect(page.getByRole("heading", { level: 1, name: "Anmeldung" })).toBeVisible();
    await submitPasswordForm(page, "landesadmin");

    // Administration needs the second factor: the one-time password is asked next.
    await expect(page).toHaveURL(/\/api\/auth\/idp\/otp$/);
    await page.getByLabel("Einmalcode").fill("000000");
    await page.getByRole("button", { name: "Bestätigen" }).click();
    await expect(page.getByRole("alert")).toContainText("Der Einmalcode ist ungültig oder abgelaufen.");
    await page.getByLabel("Einmalcode").fill(await currentOtp("landesadmin"));
    await page.getByRole("button", { name: "Bestätigen" }).click();

    await expect(page).toHaveURL(/\/admin\/klassen$/);
    await expect(page.getByRole("heading", { level: 1, name: "Klassenverwaltung" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Benutzerkonto" })).toContainText("Angemeldet als Lena Landmann");
    await expect(page.getByRole("link", { name: "Mein Profil" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Abmelden" })).toBeVisible();
    expect(visited.some((path) => path.startsWith("/api/auth/idp/otp"))).toBe(true);

    // Hydration happened only with JavaScript. The document streams, so wait until it has fully arrived.
    await page.waitForLoadState("load");
    const remixContext = await page.evaluate(() => typeof (window as unknown as { __remixContext?: unknown }).__remixContext);
    expect(remixContext).toBe(javaScriptEnabled ? "object" : "undefined");
  });

  test(
    "eine Lehrkraft ohne Adminrechte bekommt für /admin/klassen die Seite „Seite nicht gefunden“ und wird nicht nach dem Einmalcode gefragt",
    nurOhneJavaScript(GRUND.upstreamAnmeldung),
    async ({ page }) => {
      const otpRequests: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.startsWith("/api/auth/idp/otp")) otpRequests.push(request.url());
      });

      await loginAs(page, "lehrkraft", { target: "/admin/klassen", otp: false });
      await expect(page.getByRole("heading", { level: 1, name: "Seite nicht gefunden" })).toBeVisible();
      await expect(page).toHaveTitle("Seite nicht gefunden – Schulportal");
      await expect(page.getByRole("link", { name: "Zur Startseite" })).toBeVisible();
      expect(otpRequests, "Die Lehrkraft wurde nach einem Einmalcode gefragt").toEqual([]);

      const response = await page.goto("/admin/klassen");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Seite nicht gefunden" })).toBeVisible();
      await expect(page.getByRole("table")).toHaveCount(0);
      expect(otpRequests).toEqual([]);
    },
  );

  test(
    "ein Admin ohne eingerichteten zweiten Faktor landet beim Öffnen der Klassenverwaltung auf dem Hinweis zur Zwei-Faktor-Authentifizierung",
    nurOhneJavaScript(GRUND.upstreamAnmeldung),
    async ({ page }) => {
      await loginAs(page, "ohnetoken", {
        target: "/admin/klassen",
        otp: false,
        expectUrl: /\/no-second-factor\?zurueck=%2Fadmin%2Fklassen$/,
      });
      await expect(page.getByRole("heading", { level: 1, name: "Zwei-Faktor-Authentifizierung erforderlich" })).toBeVisible();
      await expect(page.getByText("Für Ihr Konto ist noch keiner eingerichtet.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Zur Einrichtung im Profil" })).toBeVisible();
      await page.getByRole("link", { name: "Zur Startseite" }).click();
      await expect(page).toHaveURL(/\/start$/);
    },
  );

  test("nach dem Abmelden landet man auf der Startseite mit „Anmelden“ und ist wirklich abgemeldet", async ({ page }) => {
    await loginAs(page, "lehrkraft", { target: "/start" });
    await expect(page.getByRole("heading", { level: 1, name: "Startseite" })).toBeVisible();

    await page.getByRole("navigation", { name: "Benutzerkonto" }).getByRole("link", { name: "Abmelden" }).click();
    await expect(page).toHaveURL(/^[^?#]*\/\/[^/]+\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Willkommen im Schulportal" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Benutzerkonto" }).getByRole("link", { name: "Anmelden" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Abmelden" })).toHaveCount(0);

    // The session is gone: a protected page asks for the login again.
    await page.goto("/start");
    await expect(page).toHaveURL(/\/api\/auth\/idp\/login/);
  });

  test(
    "ein Benutzerkonto ohne Person im Schulportal endet auf der Seite „Benutzerkonto unbekannt“",
    nurOhneJavaScript(GRUND.upstreamAnmeldung),
    async ({ page }) => {
      await loginAs(page, "unbekannt", { target: "/start", expectUrl: /\/login-error$/ });
      await expect(page.getByRole("heading", { level: 1, name: "Benutzerkonto unbekannt" })).toBeVisible();
      await expect(page.getByText("Ihr Benutzerkonto ist im Schulportal nicht bekannt.")).toBeVisible();
      await page.getByRole("main").getByRole("link", { name: "Abmelden" }).click();
      await expect(page).toHaveURL(/^[^?#]*\/\/[^/]+\/$/);
    },
  );

  test(
    "eine neue Lehrkraft muss ihr Startpasswort ändern, bevor sie die Startseite erreicht",
    nurOhneJavaScript(
      "Das Startpasswort lässt sich je Testlauf nur einmal ändern, und die Passwortseiten des Upstreams sind HTML ohne Skripte.",
    ),
    async ({ page }) => {
      // The start password can be replaced only once per (fresh) database, and the upstream's password pages are plain
      // HTML without scripts, so this journey runs in the project without JavaScript only.

      await page.goto("/start");
      await submitPasswordForm(page, "neulehrkraft");
      await expect(page).toHaveURL(/\/api\/auth\/idp\/passwort-neu/);
      await expect(page.getByRole("heading", { level: 1, name: "Neues Passwort festlegen" })).toBeVisible();

      // Skipping the form is not possible: the start page sends the user straight back to it.
      await page.goto("/start");
      await expect(page).toHaveURL(/\/api\/auth\/idp\/passwort-neu/);

      await page.getByLabel("Neues Passwort", { exact: true }).fill("kurz");
      await page.getByLabel("Neues Passwort wiederholen").fill("kurz");
      await page.getByRole("button", { name: "Passwort speichern" }).click();
      await expect(page.getByRole("alert")).toContainText("Das neue Passwort muss mindestens 8 Zeichen lang sein.");

      const newPassword = "Neu-Lehrkraft-2026-Passwort";
      await page.getByLabel("Neues Passwort", { exact: true }).fill(newPassword);
      await page.getByLabel("Neues Passwort wiederholen").fill(newPassword);
      await page.getByRole("button", { name: "Passwort speichern" }).click();

      await expect(page).toHaveURL(/\/start$/);
      await expect(page.getByRole("heading", { level: 1, name: "Startseite" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Benutzerkonto" })).toContainText("Angemeldet als Nina Neumann");
    },
  );
});
