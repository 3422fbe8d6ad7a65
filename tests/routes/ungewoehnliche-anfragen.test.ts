import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKlasse, DEMO_IDS, expectKlassenCount, uniqueToken } from "./support/klassen.ts";
import { PORTAL_ORIGIN, startPortal, type Portal, type PortalVisitor } from "./support/portal.ts";

/**
 * Requests a person or a stranger can send that no page of the portal sends: each gets a 4xx with a German page
 * (or a code for data requests), never a 500. They are plain HTTP, the same with or without JavaScript, so they run
 * without a browser (they were e2e journeys in tests/e2e/ungewoehnliche-anfragen.spec.ts before).
 */

let portal: Portal;
/** The state administrator, logged in with the second factor once for this file. */
let landesadmin: PortalVisitor;

beforeAll(async () => {
  portal = await startPortal();
  landesadmin = await portal.loggedIn("landesadmin", "gold");
});

afterAll(async () => {
  await portal?.close();
});

const createPath = "/admin/klassen/new";
const SCHULE_C = DEMO_IDS.schuleC;

async function expectGermanRefusal(response: Response, status: number, text: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("Content-Security-Policy"), "Sicherheitsheader").toBeTruthy();
  expect(await response.text()).toContain(text);
}

describe("Ungewöhnliche Anfragen", () => {
  it("ein Steuerzeichen in einer Suche (NUL aus einer gebastelten Adresse) ergibt die normale Seite, nie einen Serverfehler", async () => {
    for (const path of [
      "/admin/personen/import?schulsuche=%00",
      "/admin/personen?suche=a%00b",
      "/admin/klassen?suche=%00",
      "/admin/rollen?suche=%00%1F",
      "/admin/schulen?suche=%00",
    ]) {
      const response = await landesadmin.get(path);
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
    }
  });

  it("eine sehr lange Adresse öffnet die Seite, ohne das Cookie über die Größe zu treiben, die Browser annehmen", async () => {
    const visitor = landesadmin.copy();
    for (const path of ["/start", "/admin/klassen", "/profile"]) {
      const response = await visitor.get(`${path}?${new URLSearchParams({ suche: "x".repeat(3_000) })}`);
      expect(response.status, path).toBe(200);
      const cookies = response.headers.getSetCookie();
      // The portal remembers the previous page in its cookie; without the cap this check would have nothing to see.
      expect(
        cookies.some((cookie) => cookie.startsWith("__portal=")),
        path,
      ).toBe(true);
      for (const cookie of cookies) expect(cookie.length, path).toBeLessThan(1_000);
    }
  });

  it("ein Formular-POST mit JSON, Text, XML, ohne, mit kaputtem oder zu großem Inhalt wird mit deutscher Meldung abgewiesen und legt nichts an", async () => {
    const visitor = landesadmin.copy();
    const token = uniqueToken();
    const oversized = `schule=${SCHULE_C}&name=Gross+${token}&fuellung=${"x".repeat(10 * 1024 * 1024)}`;
    const bodies: [string | undefined, string | undefined, number, string][] = [
      ["application/json", JSON.stringify({ schule: SCHULE_C, name: `Json ${token}` }), 415, "Formular nicht lesbar"],
      ["text/plain", `schule=${SCHULE_C}&name=Text ${token}`, 415, "Formular nicht lesbar"],
      ["application/xml", `<klasse><name>Xml ${token}</name></klasse>`, 415, "Formular nicht lesbar"],
      [undefined, undefined, 415, "Formular nicht lesbar"],
      [
        "multipart/form-data; boundary=grenze",
        '--grenze\r\nContent-Disposition: form-data; name="name"\r\n\r\nKaputt',
        400,
        "Formular nicht lesbar",
      ],
      ["application/x-www-form-urlencoded", `schule=${SCHULE_C}&name=Nul%00${token}`, 400, "Unzulässige Zeichen"],
      ["application/x-www-form-urlencoded", oversized, 413, "Zu viele Daten"],
    ];
    for (const [contentType, body, status, text] of bodies) {
      const headers: Record<string, string> = { Origin: PORTAL_ORIGIN, "Sec-Fetch-Dest": "document" };
      if (contentType) headers["Content-Type"] = contentType;
      if (body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(body));
      const response = await visitor.request(createPath, { method: "POST", headers, body });
      await expectGermanRefusal(response, status, text);
    }
    // A data request (JavaScript's form post) gets the refusal too, not a 500.
    const dataRequest = await visitor.request(`${createPath}.data`, {
      method: "POST",
      headers: { Origin: PORTAL_ORIGIN, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(dataRequest.status).toBe(415);
    await expectKlassenCount(visitor, token, 0);
  });

  it("ein POST ohne Origin, aber mit der Adresse einer fremden Seite als Referer, wird abgewiesen", async () => {
    const visitor = landesadmin.copy();
    const token = uniqueToken();
    const response = await visitor.request(createPath, {
      method: "POST",
      headers: { Referer: "https://evil.example/formular", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ schule: SCHULE_C, name: `Referer ${token}` }).toString(),
    });
    await expectGermanRefusal(response, 403, "Anfrage abgelehnt");
    await expectKlassenCount(visitor, token, 0);

    // The same post with the portal's own page as Referer goes through: the check tells the two apart.
    const own = await visitor.request(createPath, {
      method: "POST",
      headers: { Referer: `${PORTAL_ORIGIN}${createPath}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ schule: SCHULE_C, name: `Referer ${token}` }).toString(),
    });
    expect(own.status).toBe(302);
    await expectKlassenCount(visitor, token, 1);
  });

  it("riesige Seitenzahlen und Steuerzeichen in der Suche führen zu einer Liste statt zu einem Fehler", async () => {
    const visitor = landesadmin.copy();
    for (const query of ["seite=1e20", "anzahl=100&seite=1e18", "suche=%00", "suche=5%00a&seite=99999999999"]) {
      // A page beyond the last one is answered with a redirect to the last one; a browser follows it.
      const document = await visitor.follow(await visitor.get(`/admin/klassen?${query}`));
      expect(document.status, query).toBe(200);
      expect(await document.text(), query).toContain("Klassenverwaltung");
      const data = await visitor.get(`/admin/klassen.data?${query}`);
      expect(data.status, `${query} (Daten)`).toBeLessThan(500);
    }
  });

  it("ein untergeschobenes, kaputtes Sitzungscookie führt zur Anmeldung statt zu einem Fehler", async () => {
    const stranger = portal.visitor();
    const cookie = { Cookie: "connect.sid=%ZZ%00" };
    for (const path of ["/start", "/admin/klassen", "/profile"]) {
      const response = await stranger.get(path, cookie);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toMatch(/^\/api\/auth\/login\?/);
    }
    expect((await stranger.get("/", cookie)).status).toBe(200);
    expect((await stranger.get("/api/config", cookie)).status).toBeLessThan(500);
  });

  it("zwei gleichzeitige Umbenennungen derselben Klasse: eine gewinnt, die andere bekommt den Hinweis auf die Änderung, nie „nicht gefunden“", async () => {
    const visitor = landesadmin.copy();
    const token = uniqueToken();
    const id = await createKlasse(visitor, SCHULE_C, `Gleichzeitig ${token}`);
    for (let round = 1; round <= 10; round++) {
      const version = String(round);
      // Two tabs of the same person, each with the form opened at the same version.
      const rename = (name: string) => visitor.copy().postForm(`/admin/klassen/${id}?bearbeiten`, { name, version });
      const answers = await Promise.all([rename(`A${round} ${token}`), rename(`B${round} ${token}`)]);
      expect(answers.map((answer) => answer.status).sort(), `Runde ${round}`).toEqual([302, 400]);
      const loser = answers.find((answer) => answer.status === 400)!;
      expect(await loser.text(), `Runde ${round}`).toContain("Daten wurden geändert");
    }
    expect((await visitor.postForm(`/admin/klassen/${id}?loeschen`, {})).status).toBe(302);
  });
});
