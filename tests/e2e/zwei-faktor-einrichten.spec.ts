import type { Page } from "@playwright/test";
import { generate } from "otplib";
import { E2E_OHNE_TOKEN } from "../../upstream/reference/seed/demo-persons.ts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/klassen";
import { loginAs, wrongCode } from "./support/login";
import { PORT } from "./support/servers";
import { nurMitJavaScript, nurOhneJavaScript } from "./support/modus";

/**
 * Setting up one's own second factor (issue 10): an administrator without a token opens an admin page, is sent to
 * `/no-second-factor`, sets up a software token on `/profile/zwei-faktor` and reaches the page at level gold. Each
 * project has its own administrator: once set up, the token stays.
 */
type Project = "ohne-js" | "mit-js";
const username = () => E2E_OHNE_TOKEN[test.info().project.name as Project];
const otpField = (page: Page) => page.getByRole("textbox", { name: "Einmalpasswort" });
/** Console errors and uncaught errors of the page (a hydration mismatch, a text missing); refused posts log 4xx on purpose. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}
const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });

test.describe("Zwei-Faktor-Authentifizierung selbst einrichten", () => {
  test("ein Administrator ohne Token kommt von der Klassenverwaltung zur Einrichtung, scannt den QR-Code, ein falscher Code wird abgelehnt, mit dem richtigen erreicht er die Klassenverwaltung", async ({
    page,
  }) => {
    const user = username();
    const problems = problemsOf(page);
    await loginAs(page, user, { target: "/admin/klassen", otp: false, expectUrl: /\/no-second-factor\?zurueck=%2Fadmin%2Fklassen$/ });
    await expect(heading(page, "Zwei-Faktor-Authentifizierung erforderlich")).toBeVisible();
    await expectNoAxeViolations(page, "Kein zweiter Faktor");

    await waitForHydration(page);
    await page.getByRole("link", { name: "Zur Einrichtung im Profil" }).click();
    await expect(page).toHaveURL(/\/profile\/zwei-faktor\?zurueck=%2Fadmin%2Fklassen$/);
    await expect(heading(page, "Zwei-Faktor-Authentifizierung einrichten")).toBeVisible();
    await expect(page.getByText("Installieren Sie zuerst eine Authenticator-App")).toBeVisible();
    await expect(page.getByText("bitten Sie die Administration Ihrer Schule, Ihr Token zurückzusetzen")).toBeVisible();
    await expectNoAxeViolations(page, "Einrichtung: Einführung");

    await waitForHydration(page);
    await page.getByRole("button", { name: "QR-Code erzeugen" }).click();
    const qrCode = page.getByRole("img", { name: "QR-Code zur Einrichtung Ihres Software-Tokens" });
    await expect(qrCode).toBeVisible();
    // Drawn by the portal as inline SVG, with the key to type in by hand; neither lands in the address.
    await expect(qrCode.locator("svg path")).toHaveCount(2);
    await expect(page.getByText(`Konto: ${user}`)).toBeVisible();
    const key = page.getByRole("definition");
    await expect(key).toHaveText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    const secret = ((await key.textContent()) ?? "").replace(/\s/g, "");
    expect(page.url()).not.toContain(secret);
    await expectNoAxeViolations(page, "Einrichtung: QR-Code");

    // Nothing entered, then letters: the form says what is missing and asks the token service nothing.
    await waitForHydration(page);
    await page.getByRole("button", { name: "Einrichtung abschließen" }).click();
    await expect(page.getByText("Bitte geben Sie das Einmalpasswort ein.")).toBeVisible();
    await otpField(page).fill("12ab56");
    await page.getByRole("button", { name: "Einrichtung abschließen" }).click();
    await expect(page.getByText("Das Einmalpasswort besteht aus 6 Ziffern.")).toBeVisible();

    // A wrong code is refused in German; the field is empty again and the code can be entered once more.
    await otpField(page).fill(await wrongCode(secret));
    await page.getByRole("button", { name: "Einrichtung abschließen" }).click();
    const refusal = page.getByRole("alert").filter({ hasText: "Einmalpasswort ungültig" });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText("Das eingegebene Einmalpasswort ist ungültig.");
    await expect(otpField(page)).toHaveValue("");
    await expect(page).toHaveURL(/\/profile\/zwei-faktor\?zurueck=%2Fadmin%2Fklassen$/);
    await expectNoAxeViolations(page, "Einrichtung: falscher Code");

    // The right code: back to the class list, which now asks for the one-time password (step-up), then opens.
    await waitForHydration(page);
    await otpField(page).fill(await generate({ secret }));
    await page.getByRole("button", { name: "Einrichtung abschließen" }).click();
    await expect(heading(page, "Zweiter Faktor")).toBeVisible();
    await page.getByLabel("Einmalcode").fill(await generate({ secret }));
    await page.getByRole("button", { name: "Bestätigen" }).click();
    await expect(page).toHaveURL(/\/admin\/klassen$/);
    await expect(heading(page, "Klassenverwaltung")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Die Zwei-Faktor-Authentifizierung ist eingerichtet." })).toBeVisible();
    // Asked of the upstream itself: the portal's origin offers only what a browser needs of it.
    const level = await page.request.get(`http://127.0.0.1:${PORT + 1}/api/auth/logininfo`);
    expect(((await level.json()) as { acr: string }).acr).toBe("gold");
    await expectNoAxeViolations(page, "Klassenverwaltung nach der Einrichtung");

    // The profile shows the token and what to do when it is lost; the set-up is not offered again.
    await page.goto("/profile");
    const card = page.getByRole("region", { name: "Zwei-Faktor-Authentifizierung" });
    await expect(card).toContainText("mit einem Software-Token (App auf Ihrem Gerät) eingerichtet");
    await expect(card).toContainText("Token verloren oder neues Smartphone?");
    await expect(card.getByRole("link", { name: "Zwei-Faktor-Authentifizierung einrichten" })).toHaveCount(0);
    await expectNoAxeViolations(page, "Profil mit eingerichtetem Token");
    expect(problems).toEqual([]);
  });

  test(
    "mit JavaScript richtet eine Administratorin ihr Token im Dialog über dem Profil ein; nach einem falschen Code bleibt der QR-Code stehen",
    nurMitJavaScript("Der Dialog gehört zur Seite mit JavaScript; ohne ist die Einrichtung eine eigene Seite."),
    async ({ page }) => {
      const problems = problemsOf(page);
      await loginAs(page, E2E_OHNE_TOKEN.dialog, { target: "/profile", otp: false });
      await waitForHydration(page);
      const card = page.getByRole("region", { name: "Zwei-Faktor-Authentifizierung" });
      await card.getByRole("link", { name: "Zwei-Faktor-Authentifizierung einrichten" }).click();
      const dialog = page.getByRole("dialog", { name: "Zwei-Faktor-Authentifizierung einrichten" });
      // A long read: it starts at its title, so a phone shows it from the top, not scrolled to its buttons.
      await expect(dialog.getByRole("heading", { name: "Zwei-Faktor-Authentifizierung einrichten" })).toBeFocused();
      await expect(page).toHaveURL(/\/profile\?zwei-faktor-einrichten$/);
      await expectNoAxeViolations(page, "Dialog: Einführung");

      // In a window of 900 px the step that ends the set-up is in view beside the QR code, without scrolling.
      await page.setViewportSize({ width: 1280, height: 900 });
      await dialog.getByRole("button", { name: "QR-Code erzeugen" }).click();
      const qrCode = dialog.getByRole("img", { name: "QR-Code zur Einrichtung Ihres Software-Tokens" });
      await expect(qrCode).toBeVisible();
      await expect(otpField(page)).toBeInViewport({ ratio: 1 });
      await expect(dialog.getByRole("button", { name: "Einrichtung abschließen" })).toBeInViewport({ ratio: 1 });
      // … and nothing of the dialog is out of view: it does not scroll at all.
      expect(await dialog.locator(".scroll-cue-y").evaluate((panel) => panel.scrollHeight - panel.clientHeight)).toBeLessThanOrEqual(0);
      const secret = ((await dialog.getByRole("definition").textContent()) ?? "").replace(/\s/g, "");
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      await expectNoAxeViolations(page, "Dialog: QR-Code");

      await otpField(page).fill(await wrongCode(secret));
      await dialog.getByRole("button", { name: "Einrichtung abschließen" }).click();
      await expect(dialog.getByRole("alert").filter({ hasText: "Einmalpasswort ungültig" })).toBeVisible();
      await expect(qrCode).toBeVisible();
      await expect(otpField(page)).toHaveValue("");
      await expectNoAxeViolations(page, "Dialog: falscher Code");

      await otpField(page).fill(await generate({ secret }));
      await dialog.getByRole("button", { name: "Einrichtung abschließen" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByRole("status").filter({ hasText: "Die Zwei-Faktor-Authentifizierung ist eingerichtet." })).toBeVisible();
      await expect(card).toContainText("mit einem Software-Token (App auf Ihrem Gerät) eingerichtet");
      expect(problems).toEqual([]);
    },
  );

  test(
    "ohne Token bietet die Karte im Profil die Einrichtung an, die mit der Einführung beginnt",
    nurOhneJavaScript(
      "Die Adresse des Links zeichnet der Server, und „Abbrechen“ ist ein Link; den Dialog, den der Link mit JavaScript öffnet, prüft die Reise der Administratorin mit Dialog.",
    ),
    async ({ loggedInAs, page }) => {
      await loggedInAs("ohnetoken", { target: "/profile" });
      const card = page.getByRole("region", { name: "Zwei-Faktor-Authentifizierung" });
      await expect(card).toContainText("Für Ihr Konto ist noch kein zweiter Faktor eingerichtet.");
      // The link's own address is the set-up's page (without JavaScript, or opened in a new tab).
      await expect(card.getByRole("link", { name: "Zwei-Faktor-Authentifizierung einrichten" })).toHaveAttribute(
        "href",
        "/profile/zwei-faktor",
      );
      await page.goto("/profile/zwei-faktor");
      await expect(heading(page, "Zwei-Faktor-Authentifizierung einrichten")).toBeVisible();
      await waitForHydration(page);
      await page.getByRole("link", { name: "Abbrechen" }).click();
      await expect(page).toHaveURL(/\/profile$/);
    },
  );

  test(
    "ist der Token-Dienst gestört, sagt die Einrichtung es auf Deutsch, verweist an den Helpdesk und richtet nichts ein",
    nurOhneJavaScript(
      "Die Störung meldet der Server als Antwort auf „QR-Code erzeugen“ oder auf der Seite selbst; eine Ablehnung nach dem Absenden zeigt mit JavaScript die erste Reise (falscher Code).",
    ),
    async ({ page }) => {
      // An own session: the reference upstream switches the failure on for this session alone; the QR code is never made.
      await loginAs(page, "ohnetoken", { target: "/profile/zwei-faktor", otp: false });
      const upstream = `http://127.0.0.1:${PORT + 1}`;
      const { csrfToken } = (await (await page.request.get(`${upstream}/api/auth/csrf-token`)).json()) as { csrfToken: string };
      const tokenService = async (state: "ok" | "unreachable" | "failing-writes") => {
        const response = await page.request.put(`${upstream}/api/reference/token-service`, {
          headers: { "X-CSRF-Token": csrfToken },
          data: { state },
        });
        expect(response.status()).toBe(204);
      };

      await tokenService("failing-writes");
      await waitForHydration(page);
      await page.getByRole("button", { name: "QR-Code erzeugen" }).click();
      const refusal = page.getByRole("alert").filter({ hasText: "QR-Code nicht erzeugt" });
      await expect(refusal).toContainText("konnte nicht erzeugt werden");
      await expect(refusal.getByRole("link", { name: "Zum Helpdesk des Schulportals" })).toBeVisible();
      await expect(page.getByRole("img", { name: "QR-Code zur Einrichtung Ihres Software-Tokens" })).toHaveCount(0);
      await expectNoAxeViolations(page, "Einrichtung: QR-Code nicht erzeugt");

      await tokenService("unreachable");
      await page.goto("/profile/zwei-faktor");
      await expect(page.getByRole("alert").filter({ hasText: "Technisches Problem" })).toContainText("zurzeit nicht erreichbar");
      await expect(page.getByRole("button", { name: "QR-Code erzeugen" })).toHaveCount(0);
      await tokenService("ok");
    },
  );

  // Who needs no second factor finds no set-up, not even by its address: tests/routes/zugriff-ohne-recht.test.ts.
});
