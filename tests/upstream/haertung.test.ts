import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, currentOtp } from "../../upstream/reference/seed/demo-accounts.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { API_VERSIONS, Browser, type TestUpstream, errorBodies, loggedIn, startTestUpstream } from "./support.ts";

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream();
});
afterAll(() => upstream.close());

const PORTAL = "https://portal.example";

/** Where a browser on the portal would really go with this Location header. */
const destination = (location: string | null) => new URL(location ?? "", `${PORTAL}/api/auth/reset-password`);

const EVIL_TARGETS = [
  "/.//evil.example",
  "/..//evil.example",
  "/%2e%2e//evil.example",
  "/%2E%2E//evil.example",
  "/.%2e//evil.example",
  "/%2e//evil.example",
  "/././/evil.example",
  "/a/../..//evil.example",
  "/%2f/evil.example",
  "/%5c/evil.example",
  "/\\evil.example",
  "/.\\/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "//evil.example",
  "///evil.example",
  "\\\\evil.example",
  " //evil.example",
  "https://evil.example",
  "https://evil.example/.//evil.example",
  "https://evil.example/..//evil.example",
  "http://portal.example/%2e%2e//evil.example",
  "HTTPS://evil.example//evil.example",
  "http:/\\evil.example",
  "https:evil.example",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
];

describe("Offene Weiterleitungen", () => {
  const cancel = (redirectUrl: string) =>
    upstream.app.request(`/api/auth/reset-password?redirectUrl=${encodeURIComponent(redirectUrl)}&login_hint=lehrkraft`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "action=cancel",
    });

  it.each(EVIL_TARGETS)("Passwort ändern abbrechen mit redirectUrl %j bleibt auf dem Portal", async (evil) => {
    const response = await cancel(evil);
    expect(response.status).toBe(302);
    const location = response.headers.get("Location");
    expect(location).toMatch(/^\/(?![/\\])/);
    expect(destination(location).origin).toBe(PORTAL);
    expect(location).toBe("/?kc_action_status=cancelled");
  });

  it.each(EVIL_TARGETS.slice(0, 12))("die Anmeldung mit redirectUrl %j endet auf dem Portal", async (evil) => {
    const browser = new Browser(upstream.app);
    await browser.follow(await browser.get(`/api/auth/login?redirectUrl=${encodeURIComponent(evil)}`));
    const done = await browser.postForm("/api/auth/idp/login?acr=silver", { username: "lehrkraft", password: DEMO_PASSWORD });
    expect(done.headers.get("Location")).toBe("/");
  });

  it("echte Ziele auf dem Portal bleiben erhalten, auch mit Query und Fragment", async () => {
    const cases: Array<[string, string]> = [
      ["/profil", "/profil?kc_action_status=cancelled"],
      ["/profil?x=1#abschnitt", "/profil?x=1&kc_action_status=cancelled#abschnitt"],
      ["/admin/./klassen", "/admin/klassen?kc_action_status=cancelled"],
      ["https://portal.example/profile?tab=2", "/profile?tab=2&kc_action_status=cancelled"],
      ["/start?next=//x", "/start?next=%2F%2Fx&kc_action_status=cancelled"],
    ];
    for (const [target, expected] of cases) {
      expect((await cancel(target)).headers.get("Location")).toBe(expected);
    }
  });

  it("das Formular trägt nur die bereinigte redirectUrl weiter", async () => {
    const page = await (
      await upstream.app.request(`/api/auth/reset-password?redirectUrl=${encodeURIComponent("/.//evil.example")}&login_hint=x`)
    ).text();
    expect(page).toContain('action="/api/auth/reset-password?redirectUrl=%2F&amp;login_hint=x"');
  });
});

describe("Vorübergehende Sperre nach Fehlversuchen", () => {
  const LOCK = { maxFailures: 3, lockoutSeconds: 120 };
  const attempt = async (app: ReturnType<TestUpstream["restart"]>, username: string, password: string) => {
    const browser = new Browser(app);
    await browser.follow(await browser.get("/api/auth/login?redirectUrl=/start"));
    return browser.postForm("/api/auth/idp/login?acr=silver", { username, password });
  };

  it("mit den Standardwerten: nach 25 falschen Passwörtern scheitert auch das richtige", async () => {
    expect(upstream.config.loginLockout).toEqual({ maxFailures: 10, lockoutSeconds: 900 });
    for (let i = 0; i < 25; i++) expect([401, 429]).toContain((await attempt(upstream.app, "kopers", `falsch-${i}`)).status);
    const locked = await attempt(upstream.app, "kopers", DEMO_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await locked.text()).toContain("vorübergehend gesperrt");
  });

  it("nach N Fehlversuchen ist gesperrt, auch das richtige Passwort wird nicht geprüft; nach Ablauf geht es wieder", async () => {
    let now = Date.now();
    const app = upstream.restart({ loginLockout: LOCK, now: () => new Date(now) });
    expect((await attempt(app, "liv", "falsch")).status).toBe(401);
    expect((await attempt(app, "LIV", "falsch")).status).toBe(401);
    const third = await attempt(app, " liv ", "falsch");
    expect(third.status).toBe(429);
    const page = await third.text();
    expect(page).toMatch(
      /role="alert"[^>]*>Zu viele fehlgeschlagene Anmeldeversuche\. Die Anmeldung für dieses Benutzerkonto ist vorübergehend gesperrt\. Bitte versuchen Sie es in 2 Minuten erneut\./,
    );
    expect(third.headers.get("Retry-After")).toBe("120");

    const whileLocked = await attempt(app, "liv", DEMO_PASSWORD);
    expect(whileLocked.status).toBe(429);
    now += 61_000;
    expect(await (await attempt(app, "liv", DEMO_PASSWORD)).text()).toContain("in einer Minute erneut");
    now += 60_000;
    const after = await attempt(app, "liv", DEMO_PASSWORD);
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toBe("/start");
  });

  it("eine erfolgreiche Anmeldung setzt den Zähler zurück", async () => {
    const app = upstream.restart({ loginLockout: LOCK });
    for (let round = 0; round < 3; round++) {
      expect((await attempt(app, "schueler", "falsch")).status).toBe(401);
      expect((await attempt(app, "schueler", "falsch")).status).toBe(401);
      expect((await attempt(app, "schueler", DEMO_PASSWORD)).status).toBe(302);
    }
  });

  it("falsche Einmalcodes zählen mit; gesperrt hilft auch der richtige Code nicht", async () => {
    let now = Date.now();
    const app = upstream.restart({ loginLockout: LOCK, now: () => new Date(now) });
    const browser = new Browser(app);
    await browser.follow(await browser.get("/api/auth/login?redirectUrl=/admin&requiredStepUpLevel=gold"));
    const afterPassword = await browser.postForm("/api/auth/idp/login?acr=gold", { username: "traegeradmin", password: DEMO_PASSWORD });
    expect(afterPassword.headers.get("Location")).toBe("/api/auth/idp/otp");
    const wrongCode = async () => ((await currentOtp("traegeradmin")) === "000000" ? "111111" : "000000");
    expect((await browser.postForm("/api/auth/idp/otp", { otp: await wrongCode() })).status).toBe(401);
    expect((await browser.postForm("/api/auth/idp/otp", { otp: await wrongCode() })).status).toBe(401);
    const locked = await browser.postForm("/api/auth/idp/otp", { otp: await wrongCode() });
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain("vorübergehend gesperrt");
    expect((await browser.postForm("/api/auth/idp/otp", { otp: await currentOtp("traegeradmin") })).status).toBe(429);
    // The password form is locked for that account as well.
    expect((await attempt(app, "traegeradmin", DEMO_PASSWORD)).status).toBe(429);
    now += 121_000;
    const done = await browser.postForm("/api/auth/idp/otp", { otp: await currentOtp("traegeradmin") });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin");
  });

  it("Passwort- und Code-Fehlversuche zählen zusammen", async () => {
    const app = upstream.restart({ loginLockout: LOCK });
    expect((await attempt(app, "angebotsadmin", "falsch")).status).toBe(401);
    const browser = new Browser(app);
    await browser.follow(await browser.get("/api/auth/login?requiredStepUpLevel=gold"));
    await browser.postForm("/api/auth/idp/login?acr=gold", { username: "angebotsadmin", password: DEMO_PASSWORD });
    const wrong = (await currentOtp("angebotsadmin")) === "000000" ? "111111" : "000000";
    expect((await browser.postForm("/api/auth/idp/otp", { otp: wrong })).status).toBe(401);
    expect((await browser.postForm("/api/auth/idp/otp", { otp: wrong })).status).toBe(429);
  });

  it("ein unbekannter Benutzername wird genauso gesperrt: die Meldung verrät nicht, welche Konten es gibt", async () => {
    const app = upstream.restart({ loginLockout: LOCK });
    const texts: string[] = [];
    for (const username of ["ersatzadmin", "gibt-es-nicht"]) {
      const statuses = [];
      let last: Response | undefined;
      for (let i = 0; i < 4; i++) {
        last = await attempt(app, username, "falsch");
        statuses.push(last.status);
      }
      expect(statuses).toEqual([401, 401, 429, 429]);
      texts.push((await last!.text()).replace(username, "NAME"));
    }
    expect(texts[0]).toBe(texts[1]);
  });

  it("falsche aktuelle Passwörter beim Passwort-Ändern zählen ebenfalls", async () => {
    const app = upstream.restart({ loginLockout: LOCK });
    const change = (current: string) =>
      app.request("/api/auth/reset-password?redirectUrl=%2Fprofil&login_hint=ohnetoken", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          action: "save",
          currentPassword: current,
          newPassword: "Ganz-Neu-2027",
          confirmPassword: "Ganz-Neu-2027",
        }).toString(),
      });
    expect((await change("falsch")).status).toBe(401);
    expect((await change("falsch")).status).toBe(401);
    expect((await change("falsch")).status).toBe(429);
    const locked = await change(DEMO_PASSWORD);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain("vorübergehend gesperrt");
    expect((await attempt(app, "ohnetoken", DEMO_PASSWORD)).status).toBe(429);
  });

  it("maxFailures 0 schaltet die Sperre ab", async () => {
    const app = upstream.restart({ loginLockout: { maxFailures: 0, lockoutSeconds: 60 } });
    for (let i = 0; i < 12; i++) expect((await attempt(app, "neulehrkraft", "falsch")).status).toBe(401);
  });
});

describe("Eingaben, die die Datenbank nicht nehmen kann, sind ein 400 und kein 500", () => {
  it.each(API_VERSIONS)("NUL-Zeichen in Query und Körper (%s)", async (version) => {
    const errors = errorBodies(version);
    const app = upstream.restart({ apiVersion: version });
    const admin = await loggedIn(app, "landesadmin");
    const gold = await loggedIn(app, "landesadmin", "gold");
    for (const query of ["searchString=%00", "name=a%00b", "kennung=%00", "typ=%00", "administriertVon=%00", "sortField=%00", "x%00=1"]) {
      const response = await admin.get(`/api/organisationen?${query}`);
      if (query === "x%00=1") expect(response.status).toBe(200);
      else await errors.validation(response, query.startsWith("typ") || query.startsWith("sortField") ? "enum" : "other");
    }
    const klasse = { administriertVon: DEMO_IDS.schuleA, zugehoerigZu: DEMO_IDS.schuleA, typ: "KLASSE" };
    await errors.validation(await gold.json("POST", "/api/organisationen", { ...klasse, name: "5\u0000a" }), "other", "name");
    await errors.validation(
      await gold.json("POST", "/api/organisationen", { ...klasse, name: "5n", kuerzel: "\u0000" }),
      "other",
      "kuerzel",
    );
    // Unknown properties are dropped before anything looks at them, whatever they contain.
    expect((await gold.json("POST", "/api/organisationen", { ...klasse, name: `5m-${version}`, ["a\u0000"]: "\u0000" })).status).toBe(201);
    await errors.validation(
      await gold.json("PATCH", `/api/organisationen/${DEMO_IDS.klasse9aSchuleA}/name`, { name: "\u0000", version: 1 }),
      "other",
      "name",
    );
    await errors.validation(await admin.get("/api/organisationen/%00"), "other", "organisationId");
  });

  it.each(API_VERSIONS)("Zahlen, die bigint/int nicht fassen (%s)", async (version) => {
    const errors = errorBodies(version);
    const admin = await loggedIn(upstream.restart({ apiVersion: version }), "landesadmin");
    for (const value of [
      "9223372036854775808",
      "9223372036854775807",
      "18446744073709551616",
      "1e400",
      "9007199254740993",
      "1e20",
      "-9223372036854775809",
      "Infinity",
      "NaN",
      "0x7fffffffffffffffff",
      "1.5",
    ]) {
      await errors.validation(await admin.get(`/api/organisationen?offset=${value}`), "other", "offset");
      await errors.validation(await admin.get(`/api/organisationen?limit=${value}`), "other", "limit");
    }
    const biggest = await admin.get(`/api/organisationen?offset=${Number.MAX_SAFE_INTEGER}&limit=${Number.MAX_SAFE_INTEGER}`);
    expect(biggest.status).toBe(200);
    expect(await biggest.json()).toEqual([]);
  });

  it("eine zu große Versionsnummer beim Umbenennen ist ein Versionskonflikt, kein Datenbankfehler", async () => {
    const gold = await loggedIn(upstream.app, "schuladmin", "gold");
    for (const version of [1e308, 2 ** 63, -(2 ** 63), 2 ** 31]) {
      const response = await gold.json("PATCH", `/api/organisationen/${DEMO_IDS.klasse9aSchuleA}/name`, { name: "9a", version });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ i18nKey: "NEWER_VERSION_ORGANISATION", code: 400 });
    }
  });

  it("NUL-Zeichen auf den Anmeldeseiten: Formularfehler statt Absturz", async () => {
    const browser = new Browser(upstream.app);
    await browser.follow(await browser.get("/api/auth/login"));
    expect((await browser.postForm("/api/auth/idp/login?acr=silver", { username: "lehr\u0000kraft", password: "x" })).status).toBe(400);
    expect((await browser.postForm("/api/auth/idp/login?acr=silver", { username: "lehrkraft", password: "\u0000" })).status).toBe(400);
    const reset = await upstream.app.request("/api/auth/reset-password?redirectUrl=%2Fp&login_hint=%00", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "action=save&currentPassword=x&newPassword=Abcdefgh1&confirmPassword=Abcdefgh1",
    });
    expect(reset.status).toBe(401);
    const login = await browser.get("/api/auth/login?redirectUrl=%2Fa%00b&requiredStepUpLevel=%00");
    expect(login.status).toBe(302);
  });
});

describe("Ein untergeschobenes, kaputtes Sitzungs-Cookie heißt schlicht: keine Sitzung", () => {
  const COOKIES = [
    "connect.sid=%ZZ%00",
    "connect.sid=%00",
    "connect.sid=abc",
    "connect.sid=" + "A".repeat(43) + "%00",
    'connect.sid=""',
    "connect.sid=s%3Axyz.sig",
    "connect.sid=" + "x".repeat(5000),
  ];

  it.each(COOKIES)("%s: öffentliche Routen antworten normal, geschützte mit 401", async (cookie) => {
    const config = await upstream.app.request("/api/config", { headers: { Cookie: cookie } });
    expect(config.status).toBe(200);
    const info = await upstream.app.request("/api/auth/logininfo", { headers: { Cookie: cookie } });
    expect(info.status).toBe(401);
    const list = await upstream.app.request("/api/organisationen", { headers: { Cookie: cookie } });
    expect(list.status).toBe(401);
    const login = await upstream.app.request("/api/auth/login?redirectUrl=/start", { headers: { Cookie: cookie } });
    expect(login.status).toBe(302);
  });

  it("ein untergeschobenes kaputtes connect.sid neben dem echten meldet niemanden ab", async () => {
    const browser = await loggedIn(upstream.app, "lehrkraft");
    for (const cookie of [
      `connect.sid=%ZZ%00; connect.sid=${browser.cookie}`,
      `connect.sid=${browser.cookie}; connect.sid=%ZZ%00`,
      `other=%ZZ%00; connect.sid="${browser.cookie}"`,
      `connect.sid=${"B".repeat(43)}; connect.sid=${browser.cookie}`,
    ]) {
      const response = await upstream.app.request("/api/auth/logininfo", { headers: { Cookie: cookie } });
      expect(response.status, cookie).toBe(200);
    }
  });
});

describe("Kleine Fuzz-Runde über alle Routen: nichts antwortet 500", () => {
  const ORG = DEMO_IDS.klasse9aSchuleA;
  const ROUTES: Array<[string, string]> = [
    ["GET", "/api/auth/login"],
    ["GET", "/api/auth/logininfo"],
    ["GET", "/api/auth/csrf-token"],
    ["GET", "/api/auth/reset-password"],
    ["POST", "/api/auth/reset-password"],
    ["GET", "/api/auth/idp/login"],
    ["POST", "/api/auth/idp/login"],
    ["GET", "/api/auth/idp/otp"],
    ["POST", "/api/auth/idp/otp"],
    ["GET", "/api/auth/idp/passwort-neu"],
    ["POST", "/api/auth/idp/passwort-neu"],
    ["GET", "/api/auth/idp/abbrechen"],
    ["GET", "/api/config"],
    ["GET", "/api/status"],
    ["GET", "/api/rolle/systemrechte"],
    ["GET", "/api/organisationen"],
    ["POST", "/api/organisationen"],
    ["GET", "/api/organisationen/root"],
    ["GET", "/api/organisationen/root/children"],
    ["GET", `/api/organisationen/${ORG}`],
    ["PATCH", `/api/organisationen/${ORG}/name`],
    ["DELETE", `/api/organisationen/${ORG}/klasse`],
    ["DELETE", `/api/organisationen/${ORG}`],
    ["GET", "/api/provider"],
    ["GET", `/api/provider/${DEMO_IDS.providerEmail}/logo`],
    ["GET", "/api/portal/meldung/current"],
    ["PUT", "/api/portal/meldung"],
    ["GET", "/api/rolle"],
    ["POST", "/api/rolle"],
    ["PUT", `/api/rolle/${DEMO_IDS.rolleLehrkraft}`],
    ["PATCH", `/api/rolle/${DEMO_IDS.rolleLehrkraft}`],
    // has Personenkontexte: never deleted
    ["DELETE", `/api/rolle/${DEMO_IDS.rolleLehrkraft}`],
    ["PUT", `/api/rolle/${DEMO_IDS.rolleLehrkraft}/serviceProviders`],
    ["POST", "/api/rolle/erweiterung"],
    ["GET", "/api/provider/manageable"],
    ["GET", "/api/provider/assignable-for-rolle"],
    ["GET", `/api/provider/${DEMO_IDS.providerMediathek}/rollenerweiterung`],
    ["GET", "/api/person-info"],
    ["GET", "/api/2fa-token/state"],
    ["GET", "/api/2fa-token/required"],
    ["POST", "/api/2fa-token/init"],
    ["PUT", "/api/2fa-token/reset"],
    ["POST", "/api/2fa-token/assign/hardwareToken"],
    ["PUT", "/api/reference/token-service"],
    // Last: it ends the sessions.
    ["GET", "/api/auth/logout"],
  ];
  const QUERIES = [
    "",
    "?redirectUrl=%ZZ&login_hint=%ZZ&acr=%00",
    "?offset=99999999999999999999&limit=-1&personId=%00&searchString=%ZZ",
    "?typ[]=KLASSE&systemrechte[0]=X&administriertVon[a]=b&typ=SCHULE&typ=KLASSE",
    "?redirectUrl=" + encodeURIComponent("/".repeat(3000)) + "&name=" + "a".repeat(20000),
    "?getChildrenRecursively=%00&sortOrder=&sortField=&kennung[]=&organisationIds=" + "0".repeat(36),
    "?csrfToken=%00&personId=" + DEMO_IDS.personLehrkraft,
  ];
  const BODIES: Array<[string, string]> = [
    ["application/json", "null"],
    ["application/json", "[]"],
    ["application/json", '"text"'],
    ["application/json", "123456789012345678901234567890"],
    ["application/json", "{kaputt"],
    ["application/json", "[".repeat(5000) + "]".repeat(5000)],
    [
      "application/json",
      JSON.stringify({ name: ["5a"], typ: { x: 1 }, administriertVon: 1e308, zugehoerigZu: null, version: "1", kennung: true }),
    ],
    [
      "application/json",
      JSON.stringify({
        name: "x".repeat(50_000),
        version: 1,
        typ: "KLASSE",
        administriertVon: DEMO_IDS.schuleA,
        zugehoerigZu: DEMO_IDS.schuleA,
      }),
    ],
    ["application/json", JSON.stringify({ name: "\u0000", version: Number.MAX_VALUE, __proto__: { admin: true }, constructor: 1 })],
    ["application/json; charset=latin1", "\u00ff\u00fe"],
    ["text/plain", '{"name":"5q","version":1}'],
    ["application/x-www-form-urlencoded", "username=%ZZ&password=%00&otp=%00&newPassword=a&action=cancel&username=x"],
    ["application/x-www-form-urlencoded", "a".repeat(200_000)],
    ["multipart/form-data; boundary=xyz", "--xyz\r\nkaputt"],
    ["multipart/form-data", "ohne boundary"],
    ["application/xml", "<a/>"],
  ];

  it.each(API_VERSIONS)(
    "Version %s: ohne Sitzung, mit silberner und mit goldener Sitzung samt Token",
    async (version) => {
      const app = upstream.restart({ apiVersion: version, loginLockout: { maxFailures: 0, lockoutSeconds: 1 } });
      const anonymous = new Browser(app);
      const silver = await loggedIn(app, "schuladmin");
      const gold = await loggedIn(app, "landesadmin", "gold");
      const token = (await gold.csrfToken()) ?? "";
      const failures: string[] = [];
      for (const [method, path] of ROUTES) {
        for (const browser of [anonymous, silver, gold]) {
          // Every odd query with a plain body, every odd body with a plain query: enough to reach every parser.
          const cases: Array<[string, [string, string] | undefined]> = [
            ...QUERIES.map((query): [string, [string, string] | undefined] => [query, method === "GET" ? undefined : BODIES[0]]),
            ...(method === "GET" ? [] : BODIES.map((body): [string, [string, string]] => ["", body])),
          ];
          {
            for (const [query, body] of cases) {
              const headers: Record<string, string> = browser === gold ? { "X-CSRF-Token": token } : {};
              if (body) headers["Content-Type"] = body[0];
              const response = await browser.request(`${path}${query}`, { method, headers, body: body?.[1] });
              if (response.status >= 500)
                failures.push(
                  `${response.status} ${method} ${path}${query.slice(0, 60)} ${body?.[0] ?? ""} ${body?.[1].slice(0, 40) ?? ""}`,
                );
              await response.body?.cancel();
            }
          }
        }
      }
      expect(failures).toEqual([]);
    },
    240_000,
  );
});

describe("Körpergröße", () => {
  it("JSON-Körper über 100 kB werden mit 413 abgelehnt", async () => {
    const gold = await loggedIn(upstream.app, "landesadmin", "gold");
    const response = await gold.json("POST", "/api/organisationen", { name: "x".repeat(200_000) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "request entity too large", error: "Payload Too Large", statusCode: 413 });
  });
});
