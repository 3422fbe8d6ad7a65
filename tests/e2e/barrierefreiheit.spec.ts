import { expect, test } from "./support/fixtures";
import { expectNoAxeViolations } from "./support/axe";
import { deleteKlasseDirectly, isJavaScriptProject, SCHULE_B, uniqueToken, waitForHydration } from "./support/klassen";
import { submitOtpForm, submitPasswordForm } from "./support/login";
import { nurMitJavaScript, nurOhneJavaScript } from "./support/modus";

test.describe("Barrierefreiheit (axe, WCAG 2.1 A/AA)", () => {
  test(
    "öffentliche Seiten ohne Anmeldung haben keine Verstöße: Startseite, Anmeldeseite, Einmalcode-Seite, Fehlerseiten",
    nurOhneJavaScript(
      "Seiten ohne eigene Bedienung: das Portal zeichnet sie auf dem Server, die Formulare des Upstreams haben keine Skripte; mit JavaScript prüft axe dasselbe DOM.",
    ),
    async ({ page }) => {
      // Six full scans, each of a page copy in a context of its own without JavaScript: 28 s on a busy CI machine.
      test.slow();
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: "Willkommen im Schulportal" })).toBeVisible();
      await expectNoAxeViolations(page, "Startseite /");

      const missing = await page.goto(`/gibt-es-nicht-${uniqueToken()}`);
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Seite nicht gefunden" })).toBeVisible();
      await expectNoAxeViolations(page, "404-Seite");

      await page.goto("/login-error");
      await expect(page.getByRole("heading", { level: 1, name: "Benutzerkonto unbekannt" })).toBeVisible();
      await expectNoAxeViolations(page, "/login-error");

      await page.goto("/admin/klassen");
      await expect(page.getByRole("heading", { level: 1, name: "Anmeldung" })).toBeVisible();
      await expectNoAxeViolations(page, "Anmeldeseite des Upstreams");

      await submitPasswordForm(page, "landesadmin", "falsches-passwort");
      await expect(page.getByRole("alert")).toContainText("Benutzername oder Passwort ist falsch.");
      await expectNoAxeViolations(page, "Anmeldeseite mit Fehlermeldung");

      await submitPasswordForm(page, "landesadmin");
      await expect(page.getByRole("heading", { level: 1, name: "Zweiter Faktor" })).toBeVisible();
      await expectNoAxeViolations(page, "Einmalcode-Seite");
      await submitOtpForm(page, "landesadmin");
      await expect(page).toHaveURL(/\/admin\/klassen$/);
    },
  );

  test(
    "Startseite, Profil, der Hinweis zum fehlenden zweiten Faktor und „Seite nicht gefunden“ nach der Anmeldung haben keine Verstöße",
    nurOhneJavaScript(
      "Diese Seiten zeichnet der Server, mit JavaScript dasselbe DOM; die Dialoge des Profils prüft axe in profil-selbstbedienung.spec.ts und zwei-faktor-einrichten.spec.ts mit JavaScript.",
    ),
    async ({ page, loggedInAs }) => {
      await loggedInAs("ohnetoken", { target: "/start" });
      await expect(page.getByRole("heading", { level: 1, name: "Startseite" })).toBeVisible();
      await expectNoAxeViolations(page, "/start");

      await page.goto("/profile");
      await expect(page.getByRole("heading", { level: 1, name: "Mein Profil" })).toBeVisible();
      await expectNoAxeViolations(page, "/profile");

      await page.goto("/admin/klassen");
      await expect(page).toHaveURL(/\/no-second-factor\?zurueck=%2Fadmin%2Fklassen$/);
      await expect(page.getByRole("heading", { level: 1, name: "Zwei-Faktor-Authentifizierung erforderlich" })).toBeVisible();
      await expectNoAxeViolations(page, "/no-second-factor");

      // A page the user has no right to: the not-found page below the header of the logged-in user (the answer itself,
      // for every screen and user, is checked in tests/routes/zugriff-ohne-recht.test.ts).
      await loggedInAs("lehrkraft", { target: "/admin/schulen", otp: false });
      await expect(page.getByRole("heading", { level: 1, name: "Seite nicht gefunden" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Benutzerkonto" })).toContainText("Angemeldet als");
      await expectNoAxeViolations(page, "„Seite nicht gefunden“ nach der Anmeldung");
    },
  );

  test("die Seiten der Klassenverwaltung haben keine Verstöße: Liste, Anlegen (auch mit Fehlern), Bestätigung, Details, Bearbeiten, Löschen", async ({
    page,
    loggedInAs,
  }) => {
    // A dozen page and dialog states, each with a full axe scan.
    test.slow();
    const token = uniqueToken();
    await loggedInAs("landesadmin", { target: "/admin/klassen" });
    await expect(page.getByRole("table")).toBeVisible();
    await expectNoAxeViolations(page, "/admin/klassen");

    await page.goto("/admin/klassen/new");
    await expect(page.getByRole("heading", { level: 1, name: "Klasse anlegen" })).toBeVisible();
    await expectNoAxeViolations(page, "/admin/klassen/new");

    await waitForHydration(page);
    await page.getByRole("button", { name: "Klasse anlegen" }).click();
    await expect(page.getByText("Bitte geben Sie einen Klassennamen ein.")).toBeVisible();
    await expect(page.getByText("Bitte wählen Sie eine Schule aus.")).toBeVisible();
    await expectNoAxeViolations(page, "/admin/klassen/new mit Feldfehlern");

    await page.getByRole("combobox", { name: "Schule" }).selectOption({ label: SCHULE_B.label });
    await page.getByRole("textbox", { name: "Klassenname" }).fill(`Axe ${token}`);
    await page.getByRole("button", { name: "Klasse anlegen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Klasse angelegt" })).toBeVisible();
    await expectNoAxeViolations(page, "Bestätigung „Klasse angelegt“");
    const id = new URL(page.url()).searchParams.get("erstellt")!;

    // Creating the same class again shows the form-level error.
    await page.goto("/admin/klassen/new");
    await waitForHydration(page);
    await page.getByRole("combobox", { name: "Schule" }).selectOption({ label: SCHULE_B.label });
    await page.getByRole("textbox", { name: "Klassenname" }).fill(`Axe ${token}`);
    await page.getByRole("button", { name: "Klasse anlegen" }).click();
    await expect(page.getByRole("alert")).toContainText("Klassenname bereits vergeben");
    await expectNoAxeViolations(page, "/admin/klassen/new mit Formularfehler");

    await page.goto(`/admin/klassen/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Klasse Axe ${token}` })).toBeVisible();
    await expectNoAxeViolations(page, "Klassendetails");

    await page.goto(`/admin/klassen/${id}?bearbeiten`);
    await expect(page.getByRole("button", { name: "Speichern" })).toBeVisible();
    await expectNoAxeViolations(page, "Umbenennen-Formular");

    await page.goto(`/admin/klassen/${id}?loeschen`);
    await expect(page.getByRole("heading", { name: "Klasse löschen" })).toBeVisible();
    await expectNoAxeViolations(page, "Lösch-Bestätigungsseite");

    if (isJavaScriptProject()) {
      await page.goto(`/admin/klassen/${id}`);
      await waitForHydration(page);
      await page.getByRole("link", { name: "Klasse löschen" }).click();
      await expect(page.getByRole("dialog", { name: "Klasse löschen" }).getByRole("heading", { name: "Klasse löschen" })).toBeVisible();
      await expectNoAxeViolations(page, "geöffneter Lösch-Dialog");
    }

    await deleteKlasseDirectly(page, id);
  });

  test(
    "der Lösch-Fehler einer Klasse mit Schülern ist ebenfalls barrierefrei",
    nurOhneJavaScript(
      "Als Adresse geladen ist die Bestätigung mit und ohne JavaScript eine eigene Seite mit derselben Meldung; die Meldung im Dialog mit JavaScript prüft klassen-fehler.spec.ts.",
    ),
    async ({ page, loggedInAs }) => {
      const { DEMO_IDS } = await import("./support/klassen");
      await loggedInAs("landesadmin", { target: `/admin/klassen/${DEMO_IDS.klasseMitSchueler}?loeschen=` });
      await page.getByRole("button", { name: "Klasse löschen" }).click();
      await expect(page.getByRole("alert")).toContainText("Löschen nicht möglich");
      await expectNoAxeViolations(page, "Lösch-Bestätigungsseite mit Fehler");
    },
  );
});

test.describe("Tastaturbedienung", () => {
  test("auf der Klassenliste erreicht der erste Tab den Link „Zum Inhalt springen“, und fokussierte Links zeigen einen sichtbaren Rahmen", async ({
    page,
    loggedInAs,
  }) => {
    await loggedInAs("landesadmin", { target: "/admin/klassen" });
    // A fresh load: the focus starts at the document.
    await page.goto("/admin/klassen");
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    const skipLink = page.getByRole("link", { name: "Zum Inhalt springen" });
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeInViewport();
    expect(await skipLink.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe("none");

    // The next stop is a link of the header; it shows the focus ring as well.
    await page.keyboard.press("Tab");
    const focused = page.getByRole("link", { name: "Schulportal" });
    await expect(focused).toBeFocused();
    const outline = await focused.evaluate((element) => {
      const style = getComputedStyle(element);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(outline.style).not.toBe("none");
    expect(outline.width).toBeGreaterThan(0);

    // Following the skip link moves on to the main content.
    await page.keyboard.press("Shift+Tab");
    await expect(skipLink).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
  });
});

test.describe("Ungespeicherte Änderungen", () => {
  test(
    "wer das Anlegen-Formular mit Eingaben verlassen will, wird gefragt und kann bleiben oder gehen",
    nurMitJavaScript("Die Warnung ist eine Erweiterung, die JavaScript braucht."),
    async ({ page, loggedInAs }) => {
      await loggedInAs("landesadmin", { target: "/admin/klassen/new" });
      await waitForHydration(page);
      const name = page.getByRole("textbox", { name: "Klassenname" });
      await name.fill("Noch nicht gespeichert");

      await page.getByRole("link", { name: "Verwerfen" }).click();
      const dialog = page.getByRole("dialog", { name: "Ungespeicherte Änderungen" });
      await expect(dialog.getByRole("heading", { name: "Ungespeicherte Änderungen" })).toBeVisible();
      await expect(dialog).toContainText("Sie haben Änderungen vorgenommen, die noch nicht gespeichert sind.");
      await dialog.getByRole("button", { name: "Auf der Seite bleiben" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(/\/admin\/klassen\/new$/);
      await expect(name).toHaveValue("Noch nicht gespeichert");

      await page.getByRole("link", { name: "Verwerfen" }).click();
      await expect(dialog.getByRole("button", { name: "Seite verlassen" })).toBeVisible();
      await dialog.getByRole("button", { name: "Seite verlassen" }).click();
      await expect(page).toHaveURL(/\/admin\/klassen$/);
      await expect(page.getByRole("heading", { level: 1, name: "Klassenverwaltung" })).toBeVisible();
    },
  );
});
