import { request as playwrightRequest, type Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { createKlasseDirectly, deleteKlasseDirectly, expectKlassenCount, SCHULE_C, uniqueToken } from "./support/klassen";
import { loginAs, submitPasswordForm } from "./support/login";

const EVIL = "http://evil.example";

/** Fails the test if the browser ever tries to load anything from the attacker's site. */
async function forbidEvilOrigin(page: Page): Promise<string[]> {
  const attempts: string[] = [];
  await page.context().route((url) => url.hostname === "evil.example" || url.hostname.endsWith(".evil.example"), async (route) => {
    attempts.push(route.request().url());
    await route.abort();
  });
  return attempts;
}

test.describe("Sicherheit", () => {
  test("ein Formular-POST von einer fremden Seite wird abgewiesen und legt nichts an", async ({ page, loggedInAs, baseURL }) => {
    const token = uniqueToken();
    const name = `Fremd ${token}`;
    await loggedInAs("landesadmin", { target: "/admin/klassen" });

    // With the logged-in session (as a CSRF attack would ride on it) and the attacker's Origin …
    const withSession = await page.request.post("/admin/klassen/new", {
      headers: { Origin: EVIL },
      form: { schule: SCHULE_C.id, name },
      maxRedirects: 0,
    });
    // Remix itself refuses an action whose Origin differs from the Host before any portal code runs
    // (docs/decisions/005); the portal's own check covers the rest. Either way: refused.
    expect([403, 500], "POST mit fremdem Origin").toContain(withSession.status());

    // … with only Sec-Fetch-Site, as some browsers send instead of Origin: the portal's own German 403 page …
    const crossSite = await page.request.post("/admin/klassen/new", {
      headers: { "Sec-Fetch-Site": "cross-site" },
      form: { schule: SCHULE_C.id, name },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);
    expect(await crossSite.text()).toContain("Anfrage abgelehnt");

    // … and without any session.
    const anonymous = await playwrightRequest.newContext({ baseURL });
    try {
      const response = await anonymous.post("/admin/klassen/new", {
        headers: { Origin: EVIL },
        form: { schule: SCHULE_C.id, name },
        maxRedirects: 0,
      });
      expect([403, 500]).toContain(response.status());
    } finally {
      await anonymous.dispose();
    }

    await expectKlassenCount(page, token, 0);

    // The same post from the portal itself works (the check does not block legitimate use).
    const own = await page.request.post("/admin/klassen/new", {
      headers: { Origin: new URL(baseURL!).origin },
      form: { schule: SCHULE_C.id, name },
      maxRedirects: 0,
    });
    expect(own.status()).toBe(302);
    await expectKlassenCount(page, token, 1);
    const id = new URL(own.headers()["location"], baseURL).searchParams.get("erstellt")!;
    await deleteKlasseDirectly(page, id);
  });

  test("ein Anmelde-Link mit fremder Rücksprungadresse führt nach der Anmeldung nie auf eine andere Seite", async ({
    page,
    baseURL,
  }) => {
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
  });

  test("eine fremde „zurueck“-Adresse auf der Löschseite führt nie auf eine andere Seite", async ({ page, loggedInAs }) => {
    const attempts = await forbidEvilOrigin(page);
    const token = uniqueToken();
    await loggedInAs("landesadmin", { target: "/admin/klassen" });
    const id = await createKlasseDirectly(page, SCHULE_C.id, `Zurueck ${token}`);

    for (const zurueck of ["https://evil.example/", "//evil.example/", "/\\evil.example/"]) {
      await page.goto(`/admin/klassen/${id}/loeschen?${new URLSearchParams({ zurueck })}`);
      await expect(page.getByRole("link", { name: "Abbrechen" })).toHaveAttribute("href", `/admin/klassen/${id}`);
    }

    // Confirming also ends on the portal's list, not on the attacker's page.
    await page.getByRole("button", { name: "Klasse löschen" }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/admin\/klassen$/);
    await expect(page.getByRole("status").filter({ hasText: "wurde gelöscht" })).toBeVisible();
    expect(attempts).toEqual([]);

    // The action on its own answers with a same-origin redirect as well.
    const id2 = await createKlasseDirectly(page, SCHULE_C.id, `Zurueck zwei ${token}`);
    const response = await page.request.post(`/admin/klassen/${id2}/loeschen?${new URLSearchParams({ zurueck: "https://evil.example/" })}`, {
      form: {},
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/admin/klassen");
  });
});
