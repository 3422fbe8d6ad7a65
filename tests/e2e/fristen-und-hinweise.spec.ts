import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { expectNoAxeViolations } from "./support/axe";
import { isJavaScriptProject, waitForHydration } from "./support/klassen";
import { LANDING_NOTICES, PINNED_BASE_URL } from "./support/servers";
import { GRUND, nurOhneJavaScript } from "./support/modus";

// Seeded persons (upstream/reference/seed): `kopers` (Kai Kruse) lacks his KoPers number, his lock is 6 days away;
// `wpaulsen` (Wiebke Paulsen) is Vertretungslehrkraft at Grundschule Lindenweg until 10 days from the seed; `liv`
// (Lisa Voss) is LiV at Gemeinschaftsschule am Deich until 30 days from the seed. Dismissing a banner changes only this
// browser's cookie, so both projects can use the same persons.

const fristen = (page: Page) => page.getByRole("list", { name: "Fristen für Ihr Konto" });
const banner = (page: Page, text: string | RegExp) => fristen(page).getByRole("listitem").filter({ hasText: text });
const DATE = /\d{2}\.\d{2}\.\d{4}/;

/** Clicks a banner's "ausblenden" and waits for the portal's answer (with JavaScript the banner goes before it). */
async function dismiss(page: Page, name: string) {
  if (isJavaScriptProject()) await waitForHydration(page);
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/fristen/ausblenden"));
  await page.getByRole("button", { name }).click();
  await answered;
}

/** Days from today (German calendar) to a date written DD.MM.YYYY. */
function daysUntil(text: string): number {
  const [day, month, year] = (DATE.exec(text)?.[0] ?? "").split(".").map(Number);
  const today = new Date();
  return Math.round((Date.UTC(year, month - 1, day) - Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())) / 86_400_000);
}

test.describe("Fristen auf Startseite und Profil", () => {
  test("ohne KoPers-Nummer liest eine Lehrkraft dringend, wann ihr Zugang gesperrt wird, und blendet den Hinweis für die Sitzung aus", async ({
    page,
    loggedInAs,
  }) => {
    await loggedInAs("kopers", { target: "/start" });
    const kopers = banner(page, "KoPers-Nummer");
    await expect(kopers).toContainText("Dringend: Die Frist endet in weniger als 14 Tagen");
    await expect(kopers).toContainText(/Ohne KoPers-Nummer wird Ihr Zugang am \d{2}\.\d{2}\.\d{4} automatisch gesperrt\./);
    const days = daysUntil((await kopers.textContent()) ?? "");
    expect(days).toBeGreaterThanOrEqual(0);
    expect(days).toBeLessThan(14);
    await expectNoAxeViolations(page, "Startseite mit dringendem Fristen-Hinweis");

    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Mein Profil" })).toBeVisible();
    await expect(banner(page, "KoPers-Nummer")).toContainText("Dringend");
    await dismiss(page, "Hinweis zur KoPers-Nummer ausblenden");

    await expect(fristen(page)).toBeHidden();
    await expect(page).toHaveURL(/\/profile$/);
    if (isJavaScriptProject()) {
      // In place: the focus moves on to the page's heading, and a polite status says what happened.
      await expect(page.getByRole("heading", { level: 1, name: "Mein Profil" })).toBeFocused();
      await expect(page.getByRole("status").filter({ hasText: "Der Hinweis wird in dieser Sitzung nicht mehr angezeigt." })).toHaveCount(1);
    } else {
      await expect(page.getByText("Der Hinweis wird in dieser Sitzung nicht mehr angezeigt.")).toBeVisible();
    }
    await expectNoAxeViolations(page, "Profil nach dem Ausblenden");

    // For the session: neither a reload nor the other page shows it again.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Mein Profil" })).toBeVisible();
    await expect(page.getByText("KoPers-Nummer nötig")).toHaveCount(0);
    await page.goto("/start");
    await expect(page.getByRole("heading", { level: 1, name: "Startseite" })).toBeVisible();
    await expect(page.getByText("KoPers-Nummer nötig")).toHaveCount(0);
  });

  test(
    "eine Vertretungslehrkraft, deren Zuordnung in 10 Tagen endet, liest Schule, Rolle und Datum, dringend",
    nurOhneJavaScript(
      "Das Ausblenden mit JavaScript (an Ort und Stelle, Fokus auf die Überschrift, Statusmeldung) prüft die Reise zur KoPers-Nummer auf derselben Profilseite; Schule, Rolle und Datum zeichnet der Server.",
    ),
    async ({ page, loggedInAs }) => {
      await loggedInAs("wpaulsen", { target: "/start" });
      const zuordnung = banner(page, "Grundschule Lindenweg");
      await expect(zuordnung).toContainText("Dringend: Die Frist endet in weniger als 14 Tagen");
      await expect(zuordnung).toContainText(
        /Ihre Zuordnung zur Schule „Grundschule Lindenweg“ mit der Rolle „Vertretungslehrkraft“ ist bis zum \d{2}\.\d{2}\.\d{4} befristet\./,
      );
      const days = daysUntil((await zuordnung.textContent()) ?? "");
      expect(days).toBeGreaterThanOrEqual(9);
      expect(days).toBeLessThanOrEqual(10);

      await page.goto("/profile");
      await expect(banner(page, "Grundschule Lindenweg")).toContainText("Vertretungslehrkraft");
      await expectNoAxeViolations(page, "Profil mit dringendem Fristen-Hinweis");
      await dismiss(page, "Hinweis zur Zuordnung „Grundschule Lindenweg“ (Vertretungslehrkraft) ausblenden");
      await expect(fristen(page)).toBeHidden();
      await page.goto("/start");
      await expect(page.getByRole("heading", { level: 1, name: "Startseite" })).toBeVisible();
      await expect(page.getByText("Grundschule Lindenweg")).toHaveCount(0);
    },
  );

  test(
    "eine Befristung in mehr als 14 Tagen ist ein Hinweis, nicht dringend",
    nurOhneJavaScript(GRUND.hinweisImHtml),
    async ({ page, loggedInAs }) => {
      await loggedInAs("liv", { target: "/start" });
      const zuordnung = banner(page, "Gemeinschaftsschule am Deich");
      await expect(zuordnung).toContainText("Hinweis");
      await expect(zuordnung).toContainText("mit der Rolle „LiV“");
      await expect(zuordnung).not.toContainText("Dringend");
      await expectNoAxeViolations(page, "Startseite mit Fristen-Hinweis");
    },
  );
});

test.describe("Wartungshinweis und Neuigkeiten auf der Startseite ohne Anmeldung", () => {
  test(
    "der Wartungshinweis erscheint in seinem Zeitfenster, die Neuigkeiten noch nicht",
    nurOhneJavaScript(GRUND.hinweisImHtml),
    async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: "Willkommen im Schulportal" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Wartungsarbeiten" })).toContainText(LANDING_NOTICES.wartungstext);
      await expect(page.getByRole("region", { name: /Neu/ })).toHaveCount(0);
      await expectNoAxeViolations(page, "Startseite mit Wartungshinweis");
    },
  );

  test.describe("auf dem Server, dessen Wartungsfenster vorbei ist", () => {
    test.use({ baseURL: PINNED_BASE_URL });

    test(
      "erscheint kein Wartungshinweis, aber die Neuigkeiten in ihrem Fenster",
      nurOhneJavaScript(GRUND.hinweisImHtml),
      async ({ page }) => {
        await page.goto("/");
        await expect(page.getByRole("heading", { level: 1, name: "Willkommen im Schulportal" })).toBeVisible();
        await expect(page.getByRole("region", { name: "Wartungsarbeiten" })).toHaveCount(0);
        await expect(page.getByText(LANDING_NOTICES.wartungstext)).toHaveCount(0);
        const neuigkeiten = page.getByRole("region", { name: LANDING_NOTICES.neuigkeitenTitel });
        await expect(neuigkeiten.getByRole("listitem")).toHaveText(LANDING_NOTICES.neuigkeiten);
        await expectNoAxeViolations(page, "Startseite mit Neuigkeiten");
      },
    );
  });
});
