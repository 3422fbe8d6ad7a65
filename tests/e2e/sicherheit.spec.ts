import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { createKlasseDirectly, SCHULE_C, uniqueToken } from "./support/klassen";
import { submitPasswordForm } from "./support/login";
import { GRUND, nurOhneJavaScript } from "./support/modus";

/** Fails the test if the browser ever tries to load anything from the attacker's site. */
async function forbidEvilOrigin(page: Page): Promise<string[]> {
  const attempts: string[] = [];
  await page.context().route(
    (url) => url.hostname === "evil.example" || url.hostname.endsWith(".evil.example"),
    async (route) => {
      attempts.push(route.request().url());
      await route.abort();
    },
  );
  return attempts;
}

/** The cross-site form posts (plain HTTP) are checked without a browser in tests/routes/sicherheit.test.ts. */
test.describe("Sicherheit", () => {
  test(
    "ein Fremder bekommt auf ein Formular von einer fremden Seite und auf TRACE eine deutsche Seite mit Sicherheitsköpfen, nie einen 500",
    nurOhneJavaScript("Reine HTTP-Antworten von `npm start` (Eingangstür vor remix-serve); eine Seite zeichnet hier niemand."),
    async ({ request }) => {
      for (const origin of ["http://evil.example", "evil"]) {
        const refused = await request.post("/admin/klassen/new", { headers: { Origin: origin }, form: { name: "Fremd" } });
        expect(refused.status(), origin).toBe(403);
        expect(refused.headers()["x-content-type-options"]).toBe("nosniff");
        expect(await refused.text()).toContain("Anfrage abgelehnt");
      }
      const trace = await request.fetch("/", { method: "TRACE" });
      expect(trace.status()).toBe(405);
      expect(await trace.text()).toContain("Anfrage nicht unterstützt");

      // Static files carry the headers too, and the icon old browsers and other tools ask for exists.
      const home = await request.get("/");
      const script = /"(\/build\/[^"]+\.js)"/.exec(await home.text())?.[1];
      expect(script).toBeTruthy();
      for (const path of [script!, "/favicon.svg", "/favicon.ico"]) {
        const asset = await request.get(path);
        expect(asset.status(), path).toBe(200);
        expect(asset.headers()["x-content-type-options"], path).toBe("nosniff");
      }
    },
  );

  test(
    "ein Anmelde-Link mit fremder Rücksprungadresse führt nach der Anmeldung nie auf eine andere Seite",
    nurOhneJavaScript(GRUND.upstreamAnmeldung),
    async ({ page, baseURL }) => {
      const attempts = await forbidEvilOrigin(page);
      const portalOrigin = new URL(baseURL!).origin;

      for (const redirectUrl of ["https://evil.example/", "//evil.example/", "/\\evil.example/"]) {
        await page.context().clearCookies();
        await page.goto(`/api/auth/login?${new URLSearchParams({ redirectUrl })}`);
        await submitPasswordForm(page, "lehrkraft");
        await expect(page.getByRole("heading", { level: 1, name: "Startseite" })).toBeVisible();
        expect(new URL(page.url()).origin, `Rücksprung für ${redirectUrl}`).toBe(portalOrigin);

        // Already logged in, the link must not lead away either (where on the portal it ends is not the point here).
        await page.goto(`/api/auth/login?${new URLSearchParams({ redirectUrl })}`);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        expect(new URL(page.url()).origin).toBe(portalOrigin);
      }
      expect(attempts).toEqual([]);
    },
  );

  test("eine fremde „zurueck“-Adresse auf der Löschseite führt nie auf eine andere Seite", async ({ page, loggedInAs }) => {
    const attempts = await forbidEvilOrigin(page);
    const token = uniqueToken();
    await loggedInAs("landesadmin", { target: "/admin/klassen" });
    const id = await createKlasseDirectly(page, SCHULE_C.id, `Zurueck ${token}`);

    for (const zurueck of ["https://evil.example/", "//evil.example/", "/\\evil.example/"]) {
      await page.goto(`/admin/klassen/${id}?loeschen&${new URLSearchParams({ zurueck })}`);
      await expect(page.getByRole("link", { name: "Abbrechen" })).toHaveAttribute("href", `/admin/klassen/${id}`);
    }

    // Confirming also ends on the portal's list, not on the attacker's page.
    await page.getByRole("button", { name: "Klasse löschen" }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/admin\/klassen$/);
    await expect(page.getByRole("status").filter({ hasText: "wurde gelöscht" })).toBeVisible();
    expect(attempts).toEqual([]);

    // The action on its own answers with a same-origin redirect as well.
    const id2 = await createKlasseDirectly(page, SCHULE_C.id, `Zurueck zwei ${token}`);
    const response = await page.request.post(
      `/admin/klassen/${id2}?loeschen&${new URLSearchParams({ zurueck: "https://evil.example/" })}`,
      {
        form: {},
        maxRedirects: 0,
      },
    );
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/admin/klassen");
  });
});
