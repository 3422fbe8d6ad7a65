import type { Page } from "@playwright/test";
import { generate } from "otplib";
import { E2E_ZWEI_FAKTOR_PERSONEN, demoPersonId } from "../../upstream/reference/seed/demo-persons.ts";
import { E2E_HARDWARE_SERIALS, HARDWARE_TOKENS, currentHardwareOtp } from "../../upstream/reference/seed/zwei-faktor.ts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { isJavaScriptProject, waitForHydration } from "./support/klassen";
import { loginAs, submitPasswordForm, wrongCode } from "./support/login";
import { PORT } from "./support/servers";
import { nurOhneJavaScript } from "./support/modus";

/** This project's own persons and device: the journeys change them, the other project's journeys use others. */
type Project = keyof typeof E2E_ZWEI_FAKTOR_PERSONEN;
const project = () => test.info().project.name as Project;
const detailsPath = (username: string) => `/admin/personen/${demoPersonId(username)}`;
const NAMES: Record<string, string> = {
  hsteffens: "Hauke Steffens",
  tingwersen: "Tjark Ingwersen",
  irohwer: "Imke Rohwer",
  ofriedrichsen: "Okka Friedrichsen",
};
/** Handed out to Momme Jessen in the seed, never changed by a journey. */
const IN_USE = HARDWARE_TOKENS.find((token) => token.assignedTo === "mjessen")!.serial;

const section = (page: Page) => page.getByRole("region", { name: "Zwei-Faktor-Authentifizierung" });
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });
/** The dialog: without JavaScript a page of its own (its main), with JavaScript a modal dialog over the page. */
const dialogOf = (page: Page) => (isJavaScriptProject() ? page.getByRole("dialog") : page.getByRole("main"));

async function openDialog(page: Page, link: string, title: string, within = page.getByRole("main")) {
  // From a modal the page behind it is hidden (and hydrated long since).
  if (!isJavaScriptProject() || (await page.getByRole("dialog").count()) === 0) await waitForHydration(page);
  await within.getByRole("link", { name: link }).click();
  if (isJavaScriptProject()) await expect(page.getByRole("dialog", { name: title }).getByRole("heading", { name: title })).toBeVisible();
  else await expect(heading(page, title)).toBeVisible();
}

/** Resets the person's token through the page, as an administrator would. */
async function resetToken(page: Page, name: string, kind: "Software-Token" | "Hardware-Token") {
  await openDialog(page, "Token zurücksetzen", "Token zurücksetzen", section(page));
  await expect(dialogOf(page)).toContainText(`Soll das ${kind} von ${name} zurückgesetzt werden?`);
  await dialogOf(page).getByRole("button", { name: "Zurücksetzen" }).click();
  await expect(section(page)).toContainText("Für diesen Benutzer ist keine Zwei-Faktor-Authentifizierung eingerichtet.");
}

test.describe("Zwei-Faktor-Verwaltung einer Person", () => {
  test("die Landesadministratorin setzt das Software-Token einer Lehrkraft zurück, richtet ein neues ein, und die Lehrkraft meldet sich mit dem Code aus dem QR-Code an", async ({
    page,
    loggedInAs,
    browser,
    baseURL,
  }) => {
    test.slow();
    const username = E2E_ZWEI_FAKTOR_PERSONEN[project()].software;
    const name = NAMES[username];
    await loggedInAs("landesadmin", { target: detailsPath(username) });

    // A retry finds the token of the attempt before (or none): the seeded one is asserted on the first run only.
    if (test.info().retry === 0) {
      await expect(section(page)).toContainText(`Ein Software-Token ist eingerichtet. Seriennummer: TOTP-${username.toUpperCase()}`);
      await expect(section(page)).toContainText("Ein neues Token lässt sich erst einrichten, wenn das bisherige zurückgesetzt ist.");
      await expectNoAxeViolations(page, "Zwei-Faktor: Software-Token eingerichtet");
    }
    if (await section(page).getByRole("link", { name: "Token zurücksetzen" }).isVisible()) {
      await openDialog(page, "Token zurücksetzen", "Token zurücksetzen", section(page));
      await expect(dialogOf(page)).toContainText(`Soll das Software-Token von ${name} zurückgesetzt werden?`);
      await expect(dialogOf(page)).toContainText("bis ein neues Token eingerichtet ist");
      await expectNoAxeViolations(page, "Zwei-Faktor: Zurücksetzen bestätigen");
      await dialogOf(page).getByRole("button", { name: "Zurücksetzen" }).click();
      await expect(toast(page, `Das Software-Token von ${name} wurde zurückgesetzt.`)).toBeVisible();
    }
    await expect(section(page)).toContainText("Für diesen Benutzer ist keine Zwei-Faktor-Authentifizierung eingerichtet.");
    await expectNoAxeViolations(page, "Zwei-Faktor: kein Token");

    await openDialog(page, "Zwei-Faktor-Authentifizierung einrichten", "Zwei-Faktor-Authentifizierung einrichten", section(page));
    await expect(dialogOf(page).getByRole("heading", { name: "Software-Token" })).toBeVisible();
    await expect(dialogOf(page).getByRole("heading", { name: "Hardware-Token" })).toBeVisible();
    await expectNoAxeViolations(page, "Zwei-Faktor: Art des Tokens wählen");
    await dialogOf(page).getByRole("button", { name: "QR-Code erzeugen" }).click();

    const qrCode = dialogOf(page).getByRole("img", { name: `QR-Code zur Einrichtung des Software-Tokens von ${name}` });
    await expect(qrCode).toBeVisible();
    // Drawn by the portal as inline SVG, not an image the browser fetches.
    await expect(qrCode.locator("svg path")).toHaveCount(2);
    await expect(dialogOf(page)).toContainText(`Konto: ${username}`);
    const key = dialogOf(page).getByRole("definition");
    await expect(key).toHaveText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    const secret = ((await key.textContent()) ?? "").replace(/\s/g, "");
    expect(page.url()).not.toContain(secret);
    await expectNoAxeViolations(page, "Zwei-Faktor: QR-Code");

    // Printed, the sheet shows the QR code card and nothing of the admin page around it.
    await page.emulateMedia({ media: "print" });
    await expect(qrCode).toBeVisible();
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(dialogOf(page).getByText("Der QR-Code wird nur jetzt angezeigt.")).toBeHidden();
    await page.emulateMedia({ media: "screen" });

    // The teacher scans it and logs in with the app's code: that first code makes the token active.
    const context = await browser.newContext({ baseURL, locale: "de-DE" });
    try {
      const own = await context.newPage();
      await own.goto(`/api/auth/login?${new URLSearchParams({ redirectUrl: "/profile", requiredStepUpLevel: "gold" })}`);
      await submitPasswordForm(own, username);
      await expect(own.getByRole("heading", { level: 1, name: "Zweiter Faktor" })).toBeVisible();
      await own.getByLabel("Einmalcode").fill(await generate({ secret }));
      await own.getByRole("button", { name: "Bestätigen" }).click();
      await expect(own).toHaveURL(/\/profile$/);
      await expect(
        own.getByText("Die Zwei-Faktor-Authentifizierung ist mit einem Software-Token (App auf Ihrem Gerät) eingerichtet."),
      ).toBeVisible();
    } finally {
      await context.close();
    }

    await page.goto(detailsPath(username));
    await expect(section(page)).toContainText(/Ein Software-Token ist eingerichtet\. Seriennummer: TOTP[0-9A-F]{8}/);
  });

  test("die Landesadministratorin ordnet ein Hardware-Token zu: falsche Seriennummer, vergebenes Token, falscher Code, dann richtig", async ({
    page,
    loggedInAs,
  }) => {
    test.slow();
    const username = E2E_ZWEI_FAKTOR_PERSONEN[project()].hardware;
    const name = NAMES[username];
    const serial = E2E_HARDWARE_SERIALS[project()];
    const secret = HARDWARE_TOKENS.find((token) => token.serial === serial)!.secret;
    await loggedInAs("landesadmin", { target: detailsPath(username) });
    // A retry finds the device of the attempt before: it goes back to the pool first.
    if (test.info().retry > 0 && (await section(page).getByRole("link", { name: "Token zurücksetzen" }).isVisible())) {
      await resetToken(page, name, "Hardware-Token");
    }
    await expect(section(page)).toContainText("Für diesen Benutzer ist keine Zwei-Faktor-Authentifizierung eingerichtet.");

    await openDialog(page, "Zwei-Faktor-Authentifizierung einrichten", "Zwei-Faktor-Authentifizierung einrichten", section(page));
    await openDialog(page, "Hardware-Token zuordnen", "Hardware-Token zuordnen", dialogOf(page));
    await expect(page).toHaveURL(/\?zwei-faktor-einrichten=hardware$/);
    await expectNoAxeViolations(page, "Zwei-Faktor: Hardware-Token zuordnen");

    const form = dialogOf(page);
    const serialField = form.getByLabel("Seriennummer");
    const otpField = form.getByLabel("Einmalpasswort");
    const submit = () => form.getByRole("button", { name: "Hardware-Token zuordnen" }).click();
    await expect(otpField).toHaveAttribute("maxlength", "6");

    // Both are required.
    await submit();
    await expect(form.getByText("Bitte geben Sie die Seriennummer ein.")).toBeVisible();
    await expect(form.getByText("Bitte geben Sie das Einmalpasswort ein.")).toBeVisible();
    await expectNoAxeViolations(page, "Zwei-Faktor: Hardware-Token, Pflichtfelder");

    // A serial the token service does not know.
    await serialField.fill("HW99999999");
    await otpField.fill("123456");
    await submit();
    await expect(form.getByRole("alert")).toContainText("Seriennummer nicht gefunden");
    await expect(form.getByRole("alert")).toContainText("Zu dieser Seriennummer wurde kein Hardware-Token gefunden.");
    await expect(serialField).toHaveValue("HW99999999");
    await expect(otpField).toHaveValue("");
    await expectNoAxeViolations(page, "Zwei-Faktor: Hardware-Token, unbekannte Seriennummer");

    // A device someone else already has, even with its right code.
    await serialField.fill(IN_USE);
    await otpField.fill(await currentHardwareOtp(IN_USE));
    // Sent with Enter from the code field, as keyboard users do: the same answer, the code emptied.
    await otpField.press("Enter");
    await expect(form.getByRole("alert")).toContainText("Seriennummer bereits vergeben");
    await expect(otpField).toHaveValue("");
    await expect(serialField).toHaveValue(IN_USE);

    // The right device with a wrong code.
    await serialField.fill(serial);
    await otpField.fill(await wrongCode(secret));
    await submit();
    await expect(form.getByRole("alert")).toContainText("Einmalpasswort ungültig");
    await expect(serialField).toHaveValue(serial);
    await expect(otpField).toHaveValue("");
    await expectNoAxeViolations(page, "Zwei-Faktor: Hardware-Token, falscher Code");

    // Right device, current code.
    await otpField.fill(await currentHardwareOtp(serial));
    await submit();
    await expect(toast(page, `Das Hardware-Token ${serial} ist jetzt ${name} zugeordnet.`)).toBeVisible();
    await expect(section(page)).toContainText(`Ein Hardware-Token ist eingerichtet. Seriennummer: ${serial}`);
    await expectNoAxeViolations(page, "Zwei-Faktor: Hardware-Token zugeordnet");

    // Reset: the device goes back to the pool, and the message says so.
    await resetToken(page, name, "Hardware-Token");
    await expect(
      toast(page, `Das Hardware-Token ${serial} von ${name} wurde zurückgesetzt. Es kann jetzt einer anderen Person zugeordnet werden.`),
    ).toBeVisible();
  });

  test(
    "ist der Token-Dienst nicht erreichbar, gestört oder verweigert er Änderungen, sagt die Seite es auf Deutsch und verweist an den Helpdesk",
    nurOhneJavaScript(
      "Die Störungen zeichnet der Server (die Seite, die Adresse eines Dialogs, die Antwort im Dialog); dieselben Dialoge öffnet mit JavaScript die Reise zum Software-Token, Ablehnungen im Dialog zeigt die zum Hardware-Token.",
    ),
    async ({ page }) => {
      test.slow();
      // An own session: the failure is switched on for it alone (the reference upstream's per-session switch).
      await loginAs(page, "landesadmin", { target: detailsPath("mjessen") });
      await expect(section(page)).toContainText(`Ein Hardware-Token ist eingerichtet. Seriennummer: ${IN_USE}`);
      const upstream = `http://127.0.0.1:${PORT + 1}`;
      const { csrfToken } = (await (await page.request.get(`${upstream}/api/auth/csrf-token`)).json()) as { csrfToken: string };
      const tokenService = async (state: "ok" | "unreachable" | "failing" | "failing-writes") => {
        const response = await page.request.put(`${upstream}/api/reference/token-service`, {
          headers: { "X-CSRF-Token": csrfToken },
          data: { state },
        });
        expect(response.status()).toBe(204);
      };

      await tokenService("unreachable");
      await page.goto(detailsPath("mjessen"));
      await expect(section(page)).toContainText("Der Dienst für die Zwei-Faktor-Authentifizierung ist gerade nicht erreichbar.");
      await expect(section(page).getByRole("link", { name: "Zum Helpdesk des Schulportals" })).toBeVisible();
      await expect(section(page).getByRole("link", { name: "Token zurücksetzen" })).toHaveCount(0);
      await expect(section(page).getByRole("link", { name: "Zwei-Faktor-Authentifizierung einrichten" })).toHaveCount(0);
      await expectNoAxeViolations(page, "Zwei-Faktor: Dienst nicht erreichbar");

      // The dialog's address alone does not get past it either.
      await page.goto(`${detailsPath("mjessen")}?token-zuruecksetzen`);
      await expect(heading(page, "Token zurücksetzen")).toBeVisible();
      await expect(page.getByRole("alert")).toContainText("Technisches Problem");
      await expect(page.getByRole("button", { name: "Zurücksetzen" })).toHaveCount(0);

      await tokenService("failing");
      await page.goto(detailsPath("mjessen"));
      await expect(section(page)).toContainText(
        "Ob und welches Token für diesen Benutzer eingerichtet ist, lässt sich gerade nicht feststellen.",
      );
      await expect(section(page).getByRole("link", { name: "Zum Helpdesk des Schulportals" })).toBeVisible();
      await expectNoAxeViolations(page, "Zwei-Faktor: Status unbekannt");

      // The token service reads tokens but refuses every change: each refusal in German, with the way to the helpdesk.
      await tokenService("failing-writes");
      await page.goto(detailsPath("mjessen"));
      await openDialog(page, "Token zurücksetzen", "Token zurücksetzen", section(page));
      await dialogOf(page).getByRole("button", { name: "Zurücksetzen" }).click();
      const refusal = dialogOf(page).getByRole("alert");
      await expect(refusal).toContainText("Das Hardware-Token wurde nicht zurückgesetzt");
      await expect(refusal).toContainText("konnte aus technischen Gründen nicht zurückgesetzt werden");
      await expect(refusal.getByRole("link", { name: "Zum Helpdesk des Schulportals" })).toBeVisible();
      await expectNoAxeViolations(page, "Zwei-Faktor: Zurücksetzen gescheitert");

      await page.goto(detailsPath("lthaysen"));
      await openDialog(page, "Zwei-Faktor-Authentifizierung einrichten", "Zwei-Faktor-Authentifizierung einrichten", section(page));
      await dialogOf(page).getByRole("button", { name: "QR-Code erzeugen" }).click();
      await expect(dialogOf(page).getByRole("alert")).toContainText("QR-Code nicht erzeugt");
      await expect(dialogOf(page).getByRole("alert").getByRole("link", { name: "Zum Helpdesk des Schulportals" })).toBeVisible();
      await expectNoAxeViolations(page, "Zwei-Faktor: QR-Code nicht erzeugt");

      await page.goto(`${detailsPath("lthaysen")}?zwei-faktor-einrichten=hardware`);
      const free = HARDWARE_TOKENS.find((token) => !token.assignedTo)!.serial;
      await page.getByLabel("Seriennummer").fill(free);
      await page.getByLabel("Einmalpasswort").fill(await currentHardwareOtp(free));
      await page.getByRole("button", { name: "Hardware-Token zuordnen" }).click();
      await expect(page.getByRole("alert")).toContainText("Hardware-Token nicht zugeordnet");
      await expect(page.getByRole("alert").getByRole("link", { name: "Zum Helpdesk des Schulportals" })).toBeVisible();
      await expect(page.getByLabel("Einmalpasswort")).toHaveValue("");

      await tokenService("ok");
      await page.goto(detailsPath("mjessen"));
      await expect(section(page)).toContainText(`Seriennummer: ${IN_USE}`);
    },
  );

  // The administrator of another school can neither open nor post the token dialogs: tests/routes/zugriff-ohne-recht*.test.ts.
});
