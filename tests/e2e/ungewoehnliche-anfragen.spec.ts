import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { createKlasseDirectly, deleteKlasseDirectly, expectKlassenCount, isJavaScriptProject, SCHULE_C, uniqueToken } from "./support/klassen";
import { loginAs } from "./support/login";

/**
 * Requests a person or a stranger can send that no page of the portal sends: each gets a 4xx with a German page
 * (or a code for data requests), never a 500. They are plain HTTP, the same with or without JavaScript, so they
 * run in the project without it.
 */
test.beforeEach(() => {
  test.skip(isJavaScriptProject(), "HTTP-Anfragen ohne Browser-Skripte: einmal genügt");
});

const createPath = "/admin/klassen/new";

async function expectGermanRefusal(response: Awaited<ReturnType<APIRequestContext["get"]>>, status: number, text: string) {
  expect(response.status()).toBe(status);
  expect(response.headers()["content-security-policy"], "Sicherheitsheader").toBeTruthy();
  expect(await response.text()).toContain(text);
}

test.describe("Ungewöhnliche Anfragen", () => {
  test("eine sehr lange Adresse öffnet die Seite, ohne das Cookie über die Größe zu treiben, die Browser annehmen", async ({ page }) => {
    await loginAs(page, "landesadmin", { target: "/admin/klassen" });
    for (const path of ["/start", "/admin/klassen", "/profile"]) {
      const response = await page.request.get(`${path}?${new URLSearchParams({ suche: "x".repeat(3_000) })}`, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      for (const cookie of response.headersArray().filter((header) => header.name.toLowerCase() === "set-cookie")) {
        expect(cookie.value.length, path).toBeLessThan(1_000);
      }
    }
  });

  test("ein Formular-POST mit JSON, Text, XML, ohne oder mit kaputtem Inhalt wird mit deutscher Meldung abgewiesen und legt nichts an", async ({
    page,
    baseURL,
  }) => {
    const token = uniqueToken();
    await loginAs(page, "landesadmin", { target: "/admin/klassen" });
    const origin = new URL(baseURL!).origin;
    const bodies: [string | undefined, string | undefined, number, string][] = [
      ["application/json", JSON.stringify({ schule: SCHULE_C.id, name: `Json ${token}` }), 415, "Formular nicht lesbar"],
      ["text/plain", `schule=${SCHULE_C.id}&name=Text ${token}`, 415, "Formular nicht lesbar"],
      ["application/xml", `<klasse><name>Xml ${token}</name></klasse>`, 415, "Formular nicht lesbar"],
      [undefined, undefined, 415, "Formular nicht lesbar"],
      ["multipart/form-data; boundary=grenze", "--grenze\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nKaputt", 400, "Formular nicht lesbar"],
      ["application/x-www-form-urlencoded", `schule=${SCHULE_C.id}&name=Nul%00${token}`, 400, "Unzulässige Zeichen"],
    ];
    for (const [contentType, data, status, text] of bodies) {
      const response = await page.request.post(createPath, {
        headers: { Origin: origin, ...(contentType ? { "Content-Type": contentType } : {}) },
        data,
        maxRedirects: 0,
      });
      await expectGermanRefusal(response, status, text);
    }
    // A data request (JavaScript's form post) gets the refusal too, not a 500.
    const dataRequest = await page.request.post(`${createPath}.data`, {
      headers: { Origin: origin, "Content-Type": "application/json" },
      data: "{}",
      maxRedirects: 0,
    });
    expect(dataRequest.status()).toBe(415);
    await expectKlassenCount(page, token, 0);
  });

  test("ein POST ohne Origin, aber mit der Adresse einer fremden Seite als Referer, wird abgewiesen", async ({ page }) => {
    const token = uniqueToken();
    await loginAs(page, "landesadmin", { target: "/admin/klassen" });
    const response = await page.request.post(createPath, {
      headers: { Referer: "https://evil.example/formular" },
      form: { schule: SCHULE_C.id, name: `Referer ${token}` },
      maxRedirects: 0,
    });
    await expectGermanRefusal(response, 403, "Anfrage abgelehnt");
    await expectKlassenCount(page, token, 0);
  });

  test("riesige Seitenzahlen und Steuerzeichen in der Suche führen zu einer Liste statt zu einem Fehler", async ({ page }) => {
    await loginAs(page, "landesadmin", { target: "/admin/klassen" });
    for (const query of ["seite=1e20", "anzahl=100&seite=1e18", "suche=%00", "suche=5%00a&seite=99999999999"]) {
      const document = await page.request.get(`/admin/klassen?${query}`);
      expect(document.status(), query).toBe(200);
      await expect(async () => expect(await document.text()).toContain("Klassenverwaltung")).toPass();
      const data = await page.request.get(`/admin/klassen.data?${query}`, { maxRedirects: 0 });
      expect(data.status(), `${query} (Daten)`).toBeLessThan(500);
    }
  });

  test("/admin ist für eine Lehrkraft ohne Adminrechte die deutsche Seite „Seite nicht gefunden“", async ({ page }) => {
    await loginAs(page, "lehrkraft", { target: "/start" });
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Seite nicht gefunden" })).toBeVisible();
  });

  test("ein untergeschobenes, kaputtes Sitzungscookie führt zur Anmeldung statt zu einem Fehler", async ({ baseURL }) => {
    const stranger = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { Cookie: "connect.sid=%ZZ%00" },
    });
    try {
      for (const path of ["/start", "/admin/klassen", "/profile"]) {
        const response = await stranger.get(path, { maxRedirects: 0 });
        expect(response.status(), path).toBe(302);
        expect(response.headers()["location"], path).toMatch(/^\/api\/auth\/login\?/);
      }
      expect((await stranger.get("/", { maxRedirects: 0 })).status()).toBe(200);
      expect((await stranger.get("/api/config", { maxRedirects: 0 })).status()).toBeLessThan(500);
    } finally {
      await stranger.dispose();
    }
  });

  test("zwei gleichzeitige Umbenennungen derselben Klasse: eine gewinnt, die andere bekommt den Hinweis auf die Änderung, nie „nicht gefunden“", async ({
    page,
    baseURL,
  }) => {
    const token = uniqueToken();
    await loginAs(page, "landesadmin", { target: "/admin/klassen" });
    const id = await createKlasseDirectly(page, SCHULE_C.id, `Gleichzeitig ${token}`);
    const origin = new URL(baseURL!).origin;
    for (let round = 1; round <= 10; round++) {
      const version = round;
      const rename = (name: string) =>
        page.request.post(`/admin/klassen/${id}?bearbeiten`, {
          headers: { Origin: origin },
          form: { name, version: String(version) },
          maxRedirects: 0,
        });
      const answers = await Promise.all([rename(`A${round} ${token}`), rename(`B${round} ${token}`)]);
      const statuses = answers.map((answer) => answer.status()).sort();
      expect(statuses, `Runde ${round}`).toEqual([302, 400]);
      const loser = answers.find((answer) => answer.status() === 400)!;
      expect(await loser.text(), `Runde ${round}`).toContain("Daten wurden geändert");
    }
    await deleteKlasseDirectly(page, id);
  });
});
