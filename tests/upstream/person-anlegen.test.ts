import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CreatedPersonResponse, UserinfoResponse } from "../../upstream/contract/index.ts";
import { identityAccount, person, personenkontext, rolle, rolleSystemrecht } from "../../upstream/reference/db/schema.ts";
import { stableId } from "../../upstream/reference/lib/ids.ts";
import { verifyPassword } from "../../upstream/reference/lib/password.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { API_VERSIONS, Browser, type TestUpstream, errorBodies, loggedIn, startTestUpstream } from "./support.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const A = DEMO_IDS.schuleA;
const B = DEMO_IDS.schuleB;
const C = DEMO_IDS.schuleC;
const KLASSE_7B = DEMO_IDS.klasseMitSchueler;
const KLASSE_8A = stableId("org:schule-a:8a");
const rolleId = (key: string) => stableId(`rolle:${key}`);
const LEHRKRAFT = DEMO_IDS.rolleLehrkraft;
const SCHUELER = DEMO_IDS.rolleSchueler;
const WEBUNTIS_SCHUELER = rolleId("webuntis-schueler");
const LIV = rolleId("liv");
const SCHULBEGLEITUNG_DEICH = rolleId("schulbegleitung-deich");
const EXTERNE_FACHKRAFT = rolleId("externe-fachkraft");
/** One German word (may hold umlauts and ß), two digits, one of the upstream's symbols (PERSONS §1.9). */
const START_PASSWORD = /^[A-ZÄÖÜ][a-zäöüß]+\d{2}[+\-*/%&!?@$#]$/u;

// Every behaviour runs against both imitated upstream versions; where the answers differ, the test says which.
describe.each(API_VERSIONS)("Person anlegen, POST /api/personenkontext-workflow (Upstream-Version %s)", (version) => {
  let upstream: TestUpstream;
  let landesadmin: Browser;
  let landesadminGold: Browser;
  let schuladminGold: Browser;
  let lehrkraftGold: Browser;
  const errors = errorBodies(version);

  beforeAll(async () => {
    upstream = await startTestUpstream({ apiVersion: version });
    [landesadmin, landesadminGold, schuladminGold, lehrkraftGold] = await Promise.all([
      loggedIn(upstream.app, "landesadmin"),
      loggedIn(upstream.app, "landesadmin", "gold"),
      loggedIn(upstream.app, "schuladmin", "gold"),
      loggedIn(upstream.app, "lehrkraft", "gold"),
    ]);
  });
  afterAll(() => upstream.close());

  const db = () => upstream.handle.db;
  const personCount = async () => (await db().select({ n: count() }).from(person))[0].n;
  const create = (browser: Browser, body: unknown) => browser.json("POST", "/api/personenkontext-workflow", body);
  const lehrkraftAnA = (vorname: string, familienname: string, extra: Record<string, unknown> = {}) => ({
    vorname,
    familienname,
    createPersonenkontexte: [{ organisationId: A, rolleId: LEHRKRAFT }],
    ...extra,
  });
  const created = async (response: Response) => {
    expect(response.status).toBe(201);
    return CreatedPersonResponse.parse(await response.json());
  };
  const expectKey = async (response: Response, i18nKey: string, code = 400, status = code) => {
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ i18nKey, code });
  };
  /** Sends the body, expects the refusal `check` describes, and that nobody was created. */
  const refused = async (browser: Browser, body: unknown, check: (response: Response) => Promise<unknown>) => {
    const before = await personCount();
    await check(await create(browser, body));
    expect(await personCount()).toBe(before);
  };

  it("verlangt eine Anmeldung, das CSRF-Token (aktuell) und die zweite Stufe", async () => {
    const body = lehrkraftAnA("Gustav", "Gast");
    await errors.unauthorized(
      await upstream.app.request("/api/personenkontext-workflow", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    const withoutToken = await landesadminGold.request("/api/personenkontext-workflow", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    // the pinned upstream has no CSRF guard
    expect(withoutToken.status).toBe(version === "current" ? 400 : 201);
    await expectKey(await create(landesadmin, body), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403);
  });

  it("legt eine Lehrkraft mit KoPers-Nummer an: Benutzername nach der Regel, Startpasswort einmal in der Antwort", async () => {
    const response = await create(landesadminGold, lehrkraftAnA("Wanda", "Wächter", { personalnummer: "4719001" }));
    const raw = JSON.parse(await response.clone().text()) as { person: Record<string, unknown> };
    const { person: neu, dBiamPersonenkontextResponses } = await created(response);
    expect(neu.username).toBe("wwaechter");
    expect(neu.name).toEqual({ vorname: "Wanda", familienname: "Wächter" });
    expect(neu.personalnummer).toBe("4719001");
    expect(neu.revision).toBe("1");
    expect(neu.startpasswort).toMatch(START_PASSWORD);
    expect(raw.person).toMatchObject({ mandant: expect.any(String), userLock: [] });
    expect(raw.person).not.toHaveProperty("isLocked");
    expect(raw.person).not.toHaveProperty("email");
    // unlimited: null (pinned) or absent (current)
    expect(dBiamPersonenkontextResponses.map((z) => ({ ...z, befristung: z.befristung ?? null }))).toEqual([
      { personId: neu.id, organisationId: A, rolleId: LEHRKRAFT, befristung: null },
    ]);

    // stored: the person, an account whose password is the start password and must be changed, the Zuordnung
    const [row] = await db().select().from(person).where(eq(person.id, neu.id));
    const [account] = await db().select().from(identityAccount).where(eq(identityAccount.id, row.keycloakUserId!));
    expect(account.username).toBe("wwaechter");
    expect(account.passwordTemporary).toBe(true);
    expect(await verifyPassword(neu.startpasswort, account.passwordHash)).toBe(true);
    expect(await db().select().from(personenkontext).where(eq(personenkontext.personId, neu.id))).toHaveLength(1);
  });

  it("die neue Lehrkraft meldet sich mit dem Startpasswort an und muss zuerst ein neues wählen", async () => {
    const { person: neu } = await created(await create(landesadminGold, lehrkraftAnA("Theo", "Tüchtig", { personalnummer: "4719002" })));
    const browser = new Browser(upstream.app);
    await browser.follow(await browser.get("/api/auth/login?redirectUrl=/start"));
    const login = await browser.postForm("/api/auth/idp/login?acr=silver", { username: neu.username!, password: neu.startpasswort });
    expect(login.headers.get("Location")).toBe("/api/auth/idp/passwort-neu?acr=silver");
    expect((await browser.get("/api/auth/logininfo")).status).toBe(401);
    const done = await browser.postForm("/api/auth/idp/passwort-neu?acr=silver", {
      newPassword: "Mein-neues-Passwort-1",
      confirmPassword: "Mein-neues-Passwort-1",
    });
    expect(done.headers.get("Location")).toBe("/start");
    const info = UserinfoResponse.parse(await (await browser.get("/api/auth/logininfo")).json());
    expect(info.personId).toBe(neu.id);
  });

  it("Benutzernamen: Umlaute und ß umschrieben, Doppelnamen zusammengezogen, belegte Namen bekommen eine Zahl", async () => {
    const username = async (vorname: string, familienname: string) =>
      (await created(await create(landesadminGold, lehrkraftAnA(vorname, familienname)))).person.username;
    // "jmuellerluedenscheidt" is a demo person already
    expect(await username("Jörg", "Müller-Lüdenscheidt")).toBe("jmuellerluedenscheidt1");
    expect(await username("Jana", "Müller-Lüdenscheidt")).toBe("jmuellerluedenscheidt2");
    expect(await username("Ösel", "Straßmann")).toBe("ostrassmann");
    expect(await username("Élodie", "von der Heide")).toBe("evonderheide");
    // a name the candidate of an existing account only starts with does not count as taken
    expect(await username("Ulrike", "Weißhaupt")).toBe("uweisshaupt");
  });

  it("legt eine Schülerin an Schule und Klasse an und findet sie danach unter der Klasse", async () => {
    const { person: neu, dBiamPersonenkontextResponses } = await created(
      await create(landesadminGold, {
        vorname: "Svea",
        familienname: "Schüler",
        createPersonenkontexte: [
          { organisationId: A, rolleId: SCHUELER },
          { organisationId: KLASSE_8A, rolleId: SCHUELER },
        ],
      }),
    );
    expect(dBiamPersonenkontextResponses.map((z) => z.organisationId)).toEqual([A, KLASSE_8A]);
    const list = await landesadmin.get(`/api/personen-frontend?organisationIDs=${KLASSE_8A}&suchFilter=Svea`);
    const { items } = (await list.json()) as { items: Array<{ person: { id: string } }> };
    expect(items.map((item) => item.person.id)).toContain(neu.id);
  });

  it("eine befristete Rolle (LiV) braucht ein Ende; es gilt für jede angelegte Zuordnung", async () => {
    const body = {
      vorname: "Lotta",
      familienname: "Lernend",
      personalnummer: "4719003",
      createPersonenkontexte: [{ organisationId: A, rolleId: LIV }],
    };
    await refused(landesadminGold, body, (response) => expectKey(response, " BEFRISTUNG_REQUIRED_FOR_PERSONENKONTEXT"));
    // an empty Befristung counts as none
    await refused(landesadminGold, { ...body, befristung: "" }, (response) =>
      expectKey(response, " BEFRISTUNG_REQUIRED_FOR_PERSONENKONTEXT"),
    );
    const ende = new Date(Date.now() + 200 * DAY_MS).toISOString();
    const { dBiamPersonenkontextResponses } = await created(await create(landesadminGold, { ...body, befristung: ende }));
    expect(dBiamPersonenkontextResponses[0].befristung).toBe(ende);
  });

  it("eine Schülerin braucht eine Klasse: fest LERN_HAT_KEINE_KLASSE, aktuell LERN_NOT_AT_SCHULE_AND_KLASSE", async () => {
    const body = { vorname: "Klara", familienname: "Klassenlos", createPersonenkontexte: [{ organisationId: A, rolleId: SCHUELER }] };
    const key = version === "pinned" ? "LERN_HAT_KEINE_KLASSE" : "LERN_NOT_AT_SCHULE_AND_KLASSE";
    await refused(landesadminGold, body, (response) => expectKey(response, key));
    // the class with another pupil role than the school's
    const andereRolle = {
      ...body,
      createPersonenkontexte: [
        { organisationId: A, rolleId: SCHUELER },
        { organisationId: KLASSE_7B, rolleId: WEBUNTIS_SCHUELER },
      ],
    };
    await refused(landesadminGold, andereRolle, (response) =>
      expectKey(response, version === "pinned" ? "GLEICHE_ROLLE_AN_KLASSE_WIE_SCHULE" : "LERN_NOT_AT_SCHULE_AND_KLASSE"),
    );
    // two classes of one school with the same role
    const zweiKlassen = {
      ...body,
      createPersonenkontexte: [
        { organisationId: A, rolleId: SCHUELER },
        { organisationId: KLASSE_7B, rolleId: SCHUELER },
        { organisationId: KLASSE_8A, rolleId: SCHUELER },
      ],
    };
    await refused(landesadminGold, zweiKlassen, (response) => expectKey(response, "DUPLICATE_KLASSENKONTEXT_FOR_SAME_ROLLE"));
  });

  it("alle Rollen einer neuen Person haben eine Rollenart", async () => {
    const body = {
      vorname: "Mira",
      familienname: "Mischung",
      createPersonenkontexte: [
        { organisationId: A, rolleId: LEHRKRAFT },
        { organisationId: A, rolleId: SCHUELER },
        { organisationId: KLASSE_7B, rolleId: SCHUELER },
      ],
    };
    await refused(landesadminGold, body, (response) => expectKey(response, "INVALID_PERSONENKONTEXT_FOR_PERSON_WITH_ROLLENART_LERN"));
  });

  it("Namen: Leerzeichen am Rand, ein Zeichen, Ziffern; aus Satzzeichen allein kein Benutzername", async () => {
    await refused(landesadminGold, lehrkraftAnA(" Anna", "Rand"), (response) => expectKey(response, "VORNAME_ENTHAELT_LEERZEICHEN"));
    await refused(landesadminGold, lehrkraftAnA("Anna", "Rand "), (response) => expectKey(response, "FAMILIENNAME_ENTHAELT_LEERZEICHEN"));
    await refused(landesadminGold, lehrkraftAnA("A", "Kurz"), (response) => errors.validation(response, "other", "vorname"));
    await refused(landesadminGold, lehrkraftAnA("Anna", "R2D2"), (response) => errors.validation(response, "other", "familienname"));
    await refused(landesadminGold, lehrkraftAnA("", "Leer"), (response) => errors.validation(response, "required", "vorname"));
    await refused(landesadminGold, lehrkraftAnA("Anna", "--"), async (response) => {
      if (version === "current") return expectKey(response, "INVALID_NAME");
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 400, subcode: "00" });
    });
  });

  it("eine KoPers-Nummer einer anderen Person: PERSONALNUMMER_NICHT_EINDEUTIG; Leerzeichen am Rand: ein 500", async () => {
    // 4711002 belongs to the demo account lehrkraft
    await refused(landesadminGold, lehrkraftAnA("Kai", "Doppelt", { personalnummer: "4711002" }), (response) =>
      expectKey(response, "PERSONALNUMMER_NICHT_EINDEUTIG"),
    );
    vi.spyOn(console, "error").mockImplementation(() => {});
    await refused(landesadminGold, lehrkraftAnA("Kai", "Rand", { personalnummer: " 4719999" }), (response) => errors.internal(response));
    vi.restoreAllMocks();
  });

  it("die Rolle muss zur Organisation passen und dort vergeben werden dürfen", async () => {
    // a teacher's role at a class
    await refused(
      landesadminGold,
      { vorname: "Kurt", familienname: "Klasse", createPersonenkontexte: [{ organisationId: KLASSE_7B, rolleId: LEHRKRAFT }] },
      (response) => expectKey(response, "ROLLE_NUR_AN_PASSENDE_ORGANISATION"),
    );
    // a role of school A at school C; unknown role or organisation
    await refused(
      landesadminGold,
      { vorname: "Kurt", familienname: "Fremd", createPersonenkontexte: [{ organisationId: C, rolleId: SCHULBEGLEITUNG_DEICH }] },
      (response) => errors.entityNotFound(response),
    );
    await refused(
      landesadminGold,
      {
        vorname: "Kurt",
        familienname: "Fremd",
        createPersonenkontexte: [{ organisationId: stableId("org:gibt-es-nicht"), rolleId: LEHRKRAFT }],
      },
      (response) => errors.entityNotFound(response),
    );
    // EXTERN at a school: allowed pinned, refused by the current table
    const extern = { vorname: "Erna", familienname: "Extern", createPersonenkontexte: [{ organisationId: A, rolleId: EXTERNE_FACHKRAFT }] };
    if (version === "pinned") await created(await create(landesadminGold, extern));
    else await refused(landesadminGold, extern, (response) => expectKey(response, "ROLLE_NUR_AN_PASSENDE_ORGANISATION"));
  });

  it("ohne Zuordnung oder mit derselben zweimal wird niemand angelegt", async () => {
    await refused(landesadminGold, { vorname: "Nora", familienname: "Niemand", createPersonenkontexte: [] }, (response) =>
      expectKey(response, "PERSONENKONTEXT_SPECIFICATION_ERROR", 500, 400),
    );
    const doppelt = {
      ...lehrkraftAnA("Dora", "Doppel"),
      createPersonenkontexte: [
        { organisationId: A, rolleId: LEHRKRAFT },
        { organisationId: A, rolleId: LEHRKRAFT },
      ],
    };
    await refused(landesadminGold, doppelt, (response) => expectKey(response, "PERSONENKONTEXTE_UPDATE_ERROR", 500, 400));
  });

  it("eingeschränktes Anlegen: der Schuladministrator legt an seiner Schule Schüler an, aber keine Lehrkräfte und nichts anderswo", async () => {
    const schuelerin = {
      vorname: "Emilia",
      familienname: "Eingeschränkt",
      createPersonenkontexte: [
        { organisationId: A, rolleId: SCHUELER },
        { organisationId: KLASSE_7B, rolleId: SCHUELER },
      ],
    };
    const { person: neu } = await created(await create(schuladminGold, schuelerin));
    expect(neu.username).toBe("eeingeschraenkt");
    await refused(schuladminGold, lehrkraftAnA("Lars", "Lehrer"), (response) => errors.missingPermissions(response));
    const anderswo = {
      ...schuelerin,
      createPersonenkontexte: [
        { organisationId: B, rolleId: SCHUELER },
        { organisationId: stableId("org:schule-b:2a"), rolleId: SCHUELER },
      ],
    };
    await refused(schuladminGold, anderswo, (response) => errors.missingPermissions(response));
    await refused(lehrkraftGold, schuelerin, (response) => errors.missingPermissions(response));
  });

  it("seit dem Pin braucht das Anlegen kein PERSONEN_VERWALTEN an der Organisation mehr (erweiterte Rechte)", async () => {
    // angebotsadmin gets the creation right alone at school B
    const anlegerRolle = stableId("rolle:test-nur-anlegen");
    await db().insert(rolle).values({ id: anlegerRolle, name: "Nur Anlegen", administeredBySchulstrukturknoten: B, rollenart: "LEIT" });
    await db().insert(rolleSystemrecht).values({ rolleId: anlegerRolle, systemrecht: "PERSONEN_ANLEGEN" });
    await db()
      .insert(personenkontext)
      .values({
        id: stableId(`pk:test-anleger:${version}`),
        personId: stableId("person:angebotsadmin"),
        organisationId: B,
        rolleId: anlegerRolle,
      });
    const angebotsadmin = await loggedIn(upstream.app, "angebotsadmin", "gold");
    const body = { vorname: "Paula", familienname: "Parallel", createPersonenkontexte: [{ organisationId: B, rolleId: LEHRKRAFT }] };
    if (version === "current") await created(await create(angebotsadmin, body));
    else await refused(angebotsadmin, body, (response) => errors.missingPermissions(response));
  });

  it("prüft den Körper: Zuordnungen fehlen, keine UUID, Befristung kein Datum", async () => {
    await refused(landesadminGold, { vorname: "Anna", familienname: "Ohne" }, (response) =>
      errors.validation(response, "required", "createPersonenkontexte"),
    );
    await refused(
      landesadminGold,
      { ...lehrkraftAnA("Anna", "Kaputt"), createPersonenkontexte: [{ organisationId: "x", rolleId: LEHRKRAFT }] },
      (response) => errors.validation(response, "other", "createPersonenkontexte.organisationId"),
    );
    await refused(landesadminGold, lehrkraftAnA("Anna", "Datum", { befristung: "morgen" }), async (response) => {
      expect(response.status).toBe(400);
      const body = (await response.json()) as Record<string, unknown>;
      if (version === "current") expect(body).toEqual({ i18nKey: "INVALID_DATE", code: 400 });
      else expect(body).toMatchObject({ subcode: "09" });
    });
  });
});
