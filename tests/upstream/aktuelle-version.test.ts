import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OrganisationResponse, ROOT_ORGANISATION_ID } from "../../upstream/contract/index.ts";
import { rolle, rollenerweiterung, serviceProvider } from "../../upstream/reference/db/schema.ts";
import { newId, stableId } from "../../upstream/reference/lib/ids.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { Browser, type TestUpstream, errorBodies, loggedIn, startTestUpstream } from "./support.ts";

/**
 * What distinguishes the current upstream (CHANGES-SINCE-PIN.md) from the pinned one, and the switch
 * REFERENCE_API_VERSION / ReferenceConfig.apiVersion that lets the portal's tests run against either.
 */
let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream({ apiVersion: "current" });
});
afterAll(() => upstream.close());

const CSRF_BODY = { message: "Invalid or missing CSRF token", error: "Bad Request", statusCode: 400 };
const current = errorBodies("current");
const klasse = (name: string, schule: string = DEMO_IDS.schuleA) => ({
  administriertVon: schule,
  zugehoerigZu: schule,
  name,
  typ: "KLASSE",
});

/** A request with exactly the given CSRF header/query, as a foreign page or a forgetful client would send it. */
const send = (
  browser: Browser,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) =>
  browser.request(path, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(options.token === undefined ? {} : { "X-CSRF-Token": options.token }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });

describe("CSRF-Token abholen (GET /api/auth/csrf-token)", () => {
  it("ohne Sitzung antwortet der Endpunkt 401 UNAUTHORIZED", async () => {
    const response = await upstream.app.request("/api/auth/csrf-token");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ i18nKey: "UNAUTHORIZED", code: 401 });
  });

  it("eine angemeldete Sitzung bekommt 64 Hex-Zeichen, bei jedem Abruf dasselbe Token, nicht im Cache", async () => {
    const browser = await loggedIn(upstream.app, "lehrkraft");
    const first = await browser.get("/api/auth/csrf-token");
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    const { csrfToken } = (await first.json()) as { csrfToken: string };
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/);
    expect(await (await browser.get("/api/auth/csrf-token")).json()).toEqual({ csrfToken });
  });

  it("jede Sitzung hat ihr eigenes Token", async () => {
    const [a, b] = await Promise.all([loggedIn(upstream.app, "lehrkraft"), loggedIn(upstream.app, "lehrkraft")]);
    expect(await a.csrfToken()).not.toBe(await b.csrfToken());
  });

  it("das Token übersteht die erneute Anmeldung für die zweite Stufe (gold), nicht aber Abmeldung oder Ablauf", async () => {
    let now = Date.now();
    const app = upstream.restart({ now: () => new Date(now) });
    const browser = await loggedIn(app, "schuladmin");
    const token = await browser.csrfToken();
    const stepUp = await browser.login("schuladmin", "gold", "/admin/klassen");
    expect(stepUp.headers.get("Location")).toBe("/admin/klassen");
    const afterStepUp = (await (await browser.get("/api/auth/csrf-token")).json()) as { csrfToken: string };
    expect(afterStepUp.csrfToken).toBe(token);
    // The old token still protects the gold session's writes.
    const created = await send(browser, "POST", "/api/organisationen", { token: token ?? "", body: klasse("5t") });
    expect(created.status).toBe(201);

    await browser.get("/api/auth/logout");
    expect((await browser.get("/api/auth/csrf-token")).status).toBe(401);
    await browser.login("schuladmin");
    const afterLogout = (await (await browser.get("/api/auth/csrf-token")).json()) as { csrfToken: string };
    expect(afterLogout.csrfToken).not.toBe(token);

    now += (upstream.config.sessionTtlSeconds + 1) * 1000;
    expect((await browser.get("/api/auth/csrf-token")).status).toBe(401);
  });
});

describe("CSRF-Prüfung bei schreibenden Aufrufen", () => {
  let gold: Browser;
  let silver: Browser;
  beforeAll(async () => {
    [gold, silver] = await Promise.all([loggedIn(upstream.app, "schuladmin", "gold"), loggedIn(upstream.app, "schuladmin")]);
  });

  it("ohne Token, mit leerem oder falschem Token antwortet jeder schreibende Aufruf 400 mit dem NestJS-Körper", async () => {
    const token = (await gold.csrfToken()) ?? "";
    const wrong = token.replace(/^./, (ch) => (ch === "0" ? "1" : "0"));
    const calls: Array<[string, string, unknown]> = [
      ["POST", "/api/organisationen", klasse("5u")],
      ["PATCH", `/api/organisationen/${DEMO_IDS.klasse9aSchuleA}/name`, { name: "9z", version: 1 }],
      ["DELETE", `/api/organisationen/${DEMO_IDS.klasseOhneZuordnung}/klasse`, undefined],
      ["DELETE", `/api/organisationen/${DEMO_IDS.klasseOhneZuordnung}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      for (const sent of [undefined, "", wrong, `${token}0`, token.slice(1)]) {
        const response = await send(gold, method, path, { token: sent, body });
        expect(response.status, `${method} ${path} mit ${JSON.stringify(sent)}`).toBe(400);
        expect(await response.json()).toEqual(CSRF_BODY);
      }
    }
  });

  it("das Token wirkt im Header X-CSRF-Token (Groß-/Kleinschreibung egal) oder im Query-Parameter csrfToken", async () => {
    const token = (await gold.csrfToken()) ?? "";
    const viaHeader = await send(gold, "POST", "/api/organisationen", { headers: { "x-csrf-token": token }, body: klasse("5v") });
    expect(viaHeader.status).toBe(201);
    const viaQuery = await send(gold, "POST", `/api/organisationen?csrfToken=${token}`, { body: klasse("5w") });
    expect(viaQuery.status).toBe(201);
    // The query only counts when the header is absent or empty; a wrong header is not rescued by a right query.
    const emptyHeader = await send(gold, "POST", `/api/organisationen?csrfToken=${token}`, { token: "", body: klasse("5x") });
    expect(emptyHeader.status).toBe(201);
    const wrongHeader = await send(gold, "POST", `/api/organisationen?csrfToken=${token}`, { token: "0".repeat(64), body: klasse("5y") });
    expect(wrongHeader.status).toBe(400);
  });

  it("das Token einer anderen Sitzung gilt nicht, auch nicht derselben Person", async () => {
    const other = await loggedIn(upstream.app, "schuladmin", "gold");
    const response = await send(gold, "POST", "/api/organisationen", { token: (await other.csrfToken()) ?? "", body: klasse("5z") });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(CSRF_BODY);
  });

  it("hat die Sitzung nie ein Token abgeholt, scheitert jeder schreibende Aufruf", async () => {
    const fresh = await loggedIn(upstream.app, "schuladmin", "gold");
    const response = await send(fresh, "POST", "/api/organisationen", { token: "a".repeat(64), body: klasse("6z") });
    expect(response.status).toBe(400);
  });

  it("Reihenfolge: Anmeldung (401) vor CSRF (400) vor zweiter Stufe (403) vor Validierung (400) vor Fachprüfung", async () => {
    await current.unauthorized(await send(new Browser(upstream.app), "POST", "/api/organisationen", { body: { kaputt: true } }));
    const silverNoToken = await send(silver, "POST", "/api/organisationen", { body: { kaputt: true } });
    expect(await silverNoToken.json()).toEqual(CSRF_BODY);
    const silverWithToken = await silver.json("POST", "/api/organisationen", { kaputt: true });
    expect(silverWithToken.status).toBe(403);
    expect(await silverWithToken.json()).toEqual({ i18nKey: "REQUIRED_STEP_UP_LEVEL_NOT_MET", code: 403 });
    await current.validation(await gold.json("POST", "/api/organisationen", { kaputt: true }), "required");
    await current.missingPermissions(await gold.json("POST", "/api/organisationen", klasse("5z", DEMO_IDS.schuleC)));
  });

  it("ausgenommen sind GET, Aufrufe mit Bearer- oder api-key-Header und die öffentlichen Anmeldeseiten", async () => {
    expect((await silver.get("/api/organisationen?typ=TRAEGER")).status).toBe(200);
    for (const headers of [{ Authorization: "Bearer irgendwas" }, { "api-key": "" }] as Array<Record<string, string>>) {
      // Exempt from CSRF, so the silver session meets the step-up guard next.
      const response = await send(silver, "POST", "/api/organisationen", { headers, body: klasse("5z") });
      expect(response.status).toBe(403);
    }
    // "Bearer" needs the space and the capital B, like the upstream's check.
    expect((await send(silver, "POST", "/api/organisationen", { headers: { Authorization: "bearer x" }, body: klasse("5z") })).status).toBe(
      400,
    );
    // The login form and the password change of the embedded IdP are public and take no token.
    const browser = new Browser(upstream.app);
    expect((await browser.login("lehrkraft")).headers.get("Location")).toBe("/start");
  });
});

describe("Sitzungs-Cookie connect.sid", () => {
  it("aktuell: HttpOnly, SameSite=Lax, Secure laut Konfiguration; gepinnt ohne SameSite", async () => {
    const cookieOf = async (overrides: Parameters<TestUpstream["restart"]>[0]) => {
      const response = await new Browser(upstream.restart(overrides)).login("lehrkraft");
      return response.headers.getSetCookie().find((line) => line.startsWith("connect.sid=")) ?? "";
    };
    const secure = await cookieOf({ cookieSecure: true });
    expect(secure).toMatch(/; HttpOnly/i);
    expect(secure).toMatch(/; SameSite=Lax/i);
    expect(secure).toMatch(/; Secure/i);
    expect(await cookieOf({ cookieSecure: false })).not.toMatch(/; Secure/i);
    const pinned = await cookieOf({ apiVersion: "pinned" });
    expect(pinned).toMatch(/; HttpOnly/i);
    expect(pinned).not.toMatch(/SameSite/i);
  });
});

describe("Leere Spalten: aktuell weggelassen, gepinnt null", () => {
  it("eine Klasse ohne Kennung und Kürzel", async () => {
    const path = `/api/organisationen/${DEMO_IDS.klasse9aSchuleA}`;
    const currentBody = (await (await loggedIn(upstream.app, "lehrkraft")).get(path).then((r) => r.json())) as Record<string, unknown>;
    expect(currentBody).not.toHaveProperty("kennung");
    expect(currentBody).not.toHaveProperty("kuerzel");
    expect(OrganisationResponse.parse(currentBody).name).toBe("9a");
    const pinned = await loggedIn(upstream.restart({ apiVersion: "pinned" }), "lehrkraft");
    const pinnedBody = (await (await pinned.get(path)).json()) as Record<string, unknown>;
    expect(pinnedBody).toMatchObject({ kennung: null, kuerzel: null, namensergaenzung: null, traegerschaft: null });
  });

  it("Personendaten (logininfo, person-info) ebenso", async () => {
    const currentInfo = (await (await (await loggedIn(upstream.app, "kopers")).get("/api/person-info")).json()) as {
      person: Record<string, unknown>;
    };
    expect(currentInfo.person).not.toHaveProperty("personalnummer");
    const pinned = await loggedIn(upstream.restart({ apiVersion: "pinned" }), "kopers");
    const pinnedInfo = (await (await pinned.get("/api/person-info")).json()) as { person: Record<string, unknown> };
    expect(pinnedInfo.person).toHaveProperty("personalnummer", null);
  });

  it("ein neu angelegtes Objekt lässt nicht gesendete Felder in beiden Versionen weg", async () => {
    for (const version of ["current", "pinned"] as const) {
      const gold = await loggedIn(upstream.restart({ apiVersion: version }), "schuladmin", "gold");
      const response = await gold.json("POST", "/api/organisationen", klasse(`neu-${version}`));
      expect(response.status).toBe(201);
      expect(await response.json()).not.toHaveProperty("kennung");
    }
  });
});

describe("SchulConneX-Endpunkt person-info behält SchulConneX-Körper", () => {
  it("401 aktuell als SchulConneX-Körper, gepinnt als NestJS-Körper", async () => {
    const response = await upstream.app.request("/api/person-info");
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 401, subcode: "00", titel: "Zugang verweigert" });
    await errorBodies("pinned").unauthorized(await upstream.restart({ apiVersion: "pinned" }).request("/api/person-info"));
  });
});

describe("Organisation löschen (DELETE /api/organisationen/{id}, nur aktuell)", () => {
  let landesadminGold: Browser;
  let schuladminGold: Browser;
  beforeAll(async () => {
    [landesadminGold, schuladminGold] = await Promise.all([
      loggedIn(upstream.app, "landesadmin", "gold"),
      loggedIn(upstream.app, "schuladmin", "gold"),
    ]);
  });
  const remove = (browser: Browser, id: string) => browser.json("DELETE", `/api/organisationen/${id}`);
  const expectKey = async (response: Response, i18nKey: string) => {
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ i18nKey, code: 400 });
  };

  it("braucht die zweite Stufe", async () => {
    const silver = await loggedIn(upstream.app, "schuladmin");
    const response = await remove(silver, DEMO_IDS.klasseOhneZuordnung);
    expect(response.status).toBe(403);
  });

  it("unbekannte und nicht sichtbare Organisationen: 404 ENTITY_NOT_FOUND; fehlendes Recht: 404 MISSING_PERMISSIONS", async () => {
    await current.entityNotFound(await remove(schuladminGold, stableId("gibt-es-nicht")));
    await current.entityNotFound(await remove(schuladminGold, DEMO_IDS.klasse9aSchuleC));
    // His own school is visible (KLASSEN_VERWALTEN there), but deleting a school needs SCHULEN_VERWALTEN.
    await current.missingPermissions(await remove(schuladminGold, DEMO_IDS.schuleA));
    // Only Träger, schools and classes can be deleted at all.
    await current.missingPermissions(await remove(landesadminGold, DEMO_IDS.landErsatz));
    await current.missingPermissions(await remove(landesadminGold, ROOT_ORGANISATION_ID));
    await current.validation(await remove(landesadminGold, "keine-uuid"));
  });

  it("was noch etwas hat, bleibt stehen; der erste Grund gewinnt", async () => {
    await expectKey(await remove(schuladminGold, DEMO_IDS.klasseMitSchueler), "ORGANISATION_HAT_PERSONENKONTEXTE");
    await expectKey(await remove(landesadminGold, DEMO_IDS.schuleA), "ORGANISATION_HAT_KINDER");
    await expectKey(await remove(landesadminGold, DEMO_IDS.traegerErsatz), "ORGANISATION_HAT_ZUGEHOERIGE");
  });

  it("Rollen, Angebote und Rollenerweiterungen einer Organisation verhindern ihr Löschen", async () => {
    const { db } = upstream.handle;
    const create = async (name: string) => {
      const response = await landesadminGold.json("POST", "/api/organisationen", klasse(name, DEMO_IDS.schuleC));
      expect(response.status).toBe(201);
      return OrganisationResponse.parse(await response.json()).id;
    };
    const mitRolle = await create("R1");
    await db.insert(rolle).values({ id: newId(), name: "Klassenrolle", administeredBySchulstrukturknoten: mitRolle, rollenart: "LERN" });
    await expectKey(await remove(landesadminGold, mitRolle), "ORGANISATION_HAT_ROLLEN");

    const mitAngebot = await create("A1");
    await db
      .insert(serviceProvider)
      .values({ id: newId(), name: "Klassenangebot", target: "URL", kategorie: "UNTERRICHT", providedOnSchulstrukturknoten: mitAngebot });
    await expectKey(await remove(landesadminGold, mitAngebot), "ORGANISATION_HAT_ANGEBOTE");

    const mitErweiterung = await create("E1");
    await db.insert(rollenerweiterung).values({
      id: newId(),
      organisationId: mitErweiterung,
      rolleId: DEMO_IDS.rolleSchueler,
      serviceProviderId: DEMO_IDS.providerMediathek,
    });
    await expectKey(await remove(landesadminGold, mitErweiterung), "ORGANISATION_HAT_ROLLENERWEITERUNGEN");
  });

  it("eine leere Klasse, eine leere Schule und ein leerer Träger werden gelöscht (204)", async () => {
    const response = await remove(schuladminGold, DEMO_IDS.klasseOhneZuordnung);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    await current.entityNotFound(
      await (await loggedIn(upstream.app, "lehrkraft")).get(`/api/organisationen/${DEMO_IDS.klasseOhneZuordnung}`),
    );

    const school = await landesadminGold.json("POST", "/api/organisationen", {
      administriertVon: DEMO_IDS.landOeffentlich,
      zugehoerigZu: DEMO_IDS.landOeffentlich,
      name: "Schule zum Löschen",
      kennung: "0788888",
      typ: "SCHULE",
    });
    expect((await remove(landesadminGold, OrganisationResponse.parse(await school.json()).id)).status).toBe(204);
    const traeger = await landesadminGold.json("POST", "/api/organisationen", {
      administriertVon: DEMO_IDS.landErsatz,
      zugehoerigZu: DEMO_IDS.landErsatz,
      name: "Träger zum Löschen",
      typ: "TRAEGER",
    });
    expect((await remove(landesadminGold, OrganisationResponse.parse(await traeger.json()).id)).status).toBe(204);
  });

  it("der gepinnte Weg DELETE …/{id}/klasse besteht daneben weiter", async () => {
    const id = stableId("org:schule-a:5b");
    const response = await schuladminGold.json("DELETE", `/api/organisationen/${id}/klasse`);
    expect(response.status).toBe(204);
  });
});

describe("Klassen aller Schulen unter einem Knoten (getChildrenRecursively, nur aktuell)", () => {
  it("findet alle Nachfahren statt nur der direkten Kinder", async () => {
    const browser = await loggedIn(upstream.app, "landesadmin");
    const query = `typ=KLASSE&administriertVon=${DEMO_IDS.landErsatz}`;
    const direct = await browser.get(`/api/organisationen?${query}`);
    expect(await direct.json()).toEqual([]);
    for (const value of ["true", "1"]) {
      const recursive = await browser.get(`/api/organisationen?${query}&getChildrenRecursively=${value}`);
      const names = OrganisationResponse.array()
        .parse(await recursive.json())
        .map((o) => o.name);
      expect(names.sort()).toEqual(["1a", "2a", "3a", "4a"]);
    }
    expect(await (await browser.get(`/api/organisationen?${query}&getChildrenRecursively=0`)).json()).toEqual([]);
    await current.validation(await browser.get(`/api/organisationen?${query}&getChildrenRecursively=ja`));
  });

  it("die gepinnte Version kennt den Parameter nicht und übergeht ihn", async () => {
    const browser = await loggedIn(upstream.restart({ apiVersion: "pinned" }), "landesadmin");
    const response = await browser.get(`/api/organisationen?typ=KLASSE&administriertVon=${DEMO_IDS.landErsatz}&getChildrenRecursively=ja`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });
});

describe("Schalter REFERENCE_API_VERSION=pinned", () => {
  let pinned: TestUpstream;
  beforeAll(async () => {
    pinned = await startTestUpstream({ apiVersion: "pinned" });
  });
  afterAll(() => pinned.close());

  it("kein Token-Endpunkt (404) und keine CSRF-Prüfung", async () => {
    const browser = await loggedIn(pinned.app, "schuladmin", "gold");
    const tokenEndpoint = await browser.get("/api/auth/csrf-token");
    expect(tokenEndpoint.status).toBe(404);
    expect(await tokenEndpoint.json()).toEqual({ message: "Cannot GET /api/auth/csrf-token", error: "Not Found", statusCode: 404 });
    expect(await browser.csrfToken()).toBeNull();
    const created = await send(browser, "POST", "/api/organisationen", { body: klasse("5p") });
    expect(created.status).toBe(201);
  });

  it("die neuen Endpunkte gibt es nicht (404 der Route)", async () => {
    const browser = await loggedIn(pinned.app, "schuladmin", "gold");
    const response = await browser.json("DELETE", `/api/organisationen/${DEMO_IDS.klasseOhneZuordnung}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      message: `Cannot DELETE /api/organisationen/${DEMO_IDS.klasseOhneZuordnung}`,
      error: "Not Found",
      statusCode: 404,
    });
    const old = await browser.json("DELETE", `/api/organisationen/${DEMO_IDS.klasseOhneZuordnung}/klasse`);
    expect(old.status).toBe(204);
  });

  it("Fehlerkörper der gepinnten Version: SchulConneX statt Dbiam", async () => {
    const browser = await loggedIn(pinned.app, "lehrkraft");
    const response = await browser.get(`/api/organisationen/${stableId("gibt-es-nicht")}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 404, subcode: "01" });
  });
});
