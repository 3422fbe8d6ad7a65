import { and, eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenQrCode } from "~/features/zwei-faktor/qr/qr-code.server.ts";
import { AssignHardwareTokenResponse, TokenStateResponse } from "../../upstream/contract/index.ts";
import { hardwareToken, person, personenkontext, twoFactorToken } from "../../upstream/reference/db/schema.ts";
import { newId } from "../../upstream/reference/lib/ids.ts";
import { DEMO_PASSWORD } from "../../upstream/reference/seed/demo-accounts.ts";
import { demoPersonId } from "../../upstream/reference/seed/demo-persons.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { MANDANT_ID } from "../../upstream/reference/seed/index.ts";
import { DEMO_PERSON_SOFTWARE_TOKENS, HARDWARE_TOKENS, currentHardwareOtp } from "../../upstream/reference/seed/zwei-faktor.ts";
import { API_VERSIONS, Browser, type TestUpstream, errorBodies, loggedIn, startTestUpstream } from "./support.ts";

/**
 * Two-factor administration of the reference upstream (PERSONS.md §2.9, CHANGES-SINCE-PIN §3.3): set up a software
 * token (init), reset a token, hand out a hardware token of the pool, and the token service being down or failing.
 */

const secretOf = (username: string) => {
  const secret = HARDWARE_TOKENS.find((token) => token.serial === username)?.secret ?? DEMO_PERSON_SOFTWARE_TOKENS[username];
  if (!secret) throw new Error(`kein Geheimnis für ${username}`);
  return secret;
};
const FREE = HARDWARE_TOKENS.filter((token) => !token.assignedTo).map((token) => token.serial);
const IN_USE = HARDWARE_TOKENS.find((token) => token.assignedTo === "mjessen")!.serial;

/** A code that is certainly not the device's now, nor one step before or after (the tolerated drift). */
async function wrongCode(secret: string): Promise<string> {
  const now = Date.now();
  const near = await Promise.all([-30_000, 0, 30_000].map((shift) => generate({ secret, epoch: Math.floor((now + shift) / 1000) })));
  for (let candidate = 0; ; candidate++) {
    const code = String(candidate).padStart(6, "0");
    if (!near.includes(code)) return code;
  }
}

/** Logs in with password and a code of the given TOTP secret; the IdP's last answer. */
async function loginWithSecret(upstream: TestUpstream, username: string, secret: string) {
  const browser = new Browser(upstream.app);
  const query = new URLSearchParams({ redirectUrl: "/start", requiredStepUpLevel: "gold" });
  await browser.follow(await browser.get(`/api/auth/login?${query.toString()}`));
  const afterPassword = await browser.postForm("/api/auth/idp/login?acr=gold", { username, password: DEMO_PASSWORD });
  expect(afterPassword.headers.get("Location")).toBe("/api/auth/idp/otp");
  const answer = await browser.postForm("/api/auth/idp/otp", { otp: await generate({ secret }) });
  return { browser, answer };
}

describe.each(API_VERSIONS)("Zwei-Faktor-Verwaltung (Upstream-Version %s)", (version) => {
  let upstream: TestUpstream;
  let landesadminGold: Browser;
  let landesadminSilver: Browser;
  let schuladminGold: Browser;
  let lehrkraft: Browser;
  const errors = errorBodies(version);

  beforeAll(async () => {
    upstream = await startTestUpstream({ apiVersion: version });
    [landesadminGold, landesadminSilver, schuladminGold, lehrkraft] = await Promise.all([
      loggedIn(upstream.app, "landesadmin", "gold"),
      loggedIn(upstream.app, "landesadmin"),
      loggedIn(upstream.app, "schuladmin", "gold"),
      loggedIn(upstream.app, "lehrkraft"),
    ]);
  });
  afterAll(() => upstream.close());

  const expectTokenError = async (response: Response, i18nKey: string) => {
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ i18nKey, code: 400 });
  };
  const expectForeign = async (response: Response, personId: string) => {
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(
      version === "pinned"
        ? { code: "ENTITY_NOT_FOUND" }
        : { message: `requested Person with the following ID ${personId} was not found`, code: "ENTITY_NOT_FOUND" },
    );
  };
  const expectValidation = async (response: Response, rule: "required" | "other") => {
    if (version === "pinned") {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "validation error", statusCode: 400 });
    } else await errors.validation(response, rule);
  };
  const state = async (browser: Browser, personId: string) =>
    TokenStateResponse.parse(await (await browser.get(`/api/2fa-token/state?personId=${personId}`)).json());
  const reset = (browser: Browser, personId: string) => browser.json("PUT", `/api/2fa-token/reset?personId=${personId}`);
  const assign = (browser: Browser, body: Record<string, unknown>) => browser.json("POST", "/api/2fa-token/assign/hardwareToken", body);
  const init = (browser: Browser, personId: unknown) => browser.json("POST", "/api/2fa-token/init", { personId });
  const tokensOf = (personId: string) => upstream.handle.db.select().from(twoFactorToken).where(eq(twoFactorToken.personId, personId));

  describe("Software-Token einrichten (init)", () => {
    it("answers 201 with the QR code as PNG data URI; it holds an otpauth URI whose key logs the person in", async () => {
      const id = demoPersonId("irohwer");
      const response = await init(landesadminGold, id);
      expect(response.status).toBe(201);
      const qr = await response.text();
      expect(qr).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
      const code = await tokenQrCode(qr);
      expect(code).toMatchObject({ kind: "svg", issuer: "Schulportal SH", account: "irohwer" });
      const secret = code?.kind === "svg" ? code.secret : null;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);

      // Pending until its first code: the state still says "no token" (the active token is the first not pending).
      expect(await state(landesadminGold, id)).toEqual({ hasToken: false, tokenKind: null, serial: "" });
      const [pending] = await tokensOf(id);
      expect(pending).toMatchObject({ kind: "software", rolloutState: "verify" });

      // The admin's set-up has no verification step: the person's first login with a code of it confirms it.
      const { browser, answer } = await loginWithSecret(upstream, "irohwer", secret!);
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/start");
      const own = await state(browser, id);
      expect(own).toEqual({ hasToken: true, tokenKind: "software", serial: pending.serial });

      await reset(landesadminGold, id);
    });

    it("a second init replaces the pending token and leaves an active one alone", async () => {
      const id = demoPersonId("hsteffens");
      expect((await init(landesadminGold, id)).status).toBe(201);
      expect((await init(landesadminGold, id)).status).toBe(201);
      const tokens = await tokensOf(id);
      expect(tokens.map((token) => token.rolloutState).sort()).toEqual(["enrolled", "verify"]);
      expect(await state(landesadminGold, id)).toEqual({ hasToken: true, tokenKind: "software", serial: "TOTP-HSTEFFENS" });
      await upstream.handle.db
        .delete(twoFactorToken)
        .where(and(eq(twoFactorToken.personId, id), eq(twoFactorToken.rolloutState, "verify")));
    });

    it("oneself without any right; a person outside one's scope is a 403; a foreign id needs the admin path", async () => {
      expect((await init(lehrkraft, DEMO_IDS.personLehrkraft)).status).toBe(201);
      await upstream.handle.db
        .delete(twoFactorToken)
        .where(and(eq(twoFactorToken.personId, DEMO_IDS.personLehrkraft), eq(twoFactorToken.rolloutState, "verify")));
      await expectForeign(await init(lehrkraft, DEMO_IDS.personSchueler), DEMO_IDS.personSchueler);
      await expectForeign(await init(schuladminGold, demoPersonId("irohwer")), demoPersonId("irohwer"));
      await expectForeign(await init(landesadminGold, "kaputt"), "kaputt");
    });

    it("a missing or empty personId is a validation error", async () => {
      await expectValidation(await landesadminGold.json("POST", "/api/2fa-token/init", {}), "required");
      await expectValidation(await init(landesadminGold, ""), "required");
      await expectValidation(await init(landesadminGold, 42), "other");
    });

    it("needs a login", async () => {
      await errors.unauthorized(
        await new Browser(upstream.app).json("POST", "/api/2fa-token/init", { personId: DEMO_IDS.personLehrkraft }),
      );
    });
  });

  describe("Eigenes Software-Token bestätigen (verify)", () => {
    const verify = (browser: Browser, personId: unknown, otp: unknown) => browser.json("POST", "/api/2fa-token/verify", { personId, otp });
    /** init for `personId`; the key the QR code carries. */
    const initSecret = async (browser: Browser, personId: string) => {
      const code = await tokenQrCode(await (await init(browser, personId)).text());
      if (code?.kind !== "svg" || !code.secret) throw new Error("kein Schlüssel im QR-Code");
      return code.secret;
    };
    const dropTokens = (personId: string) => upstream.handle.db.delete(twoFactorToken).where(eq(twoFactorToken.personId, personId));

    it("a wrong code is OTP_NICHT_GUELTIG and keeps the token pending; the current code makes it the person's token (201)", async () => {
      const ohnetoken = await loggedIn(upstream.app, "ohnetoken");
      const id = DEMO_IDS.personOhnetoken;
      const secret = await initSecret(ohnetoken, id);
      await expectTokenError(await verify(ohnetoken, id, await wrongCode(secret)), "OTP_NICHT_GUELTIG");
      expect(await state(ohnetoken, id)).toMatchObject({ hasToken: false });

      const response = await verify(ohnetoken, id, await generate({ secret }));
      expect(response.status).toBe(201);
      expect(await response.text()).toBe("");
      const [token] = await tokensOf(id);
      expect(token).toMatchObject({ kind: "software", rolloutState: "enrolled" });
      expect(await state(ohnetoken, id)).toEqual({ hasToken: true, tokenKind: "software", serial: token.serial });

      // Nothing is pending any more: the upstream's 500 (quirk Q13) is answered as the verification error.
      await expectTokenError(await verify(ohnetoken, id, await generate({ secret })), "SOFTWARE_TOKEN_VERIFICATION_ERROR");
      // The confirmed token is the one the login asks for.
      const { answer } = await loginWithSecret(upstream, "ohnetoken", secret);
      expect(answer.headers.get("Location")).toBe("/start");
      await dropTokens(id);
    });

    it("a second init voids the first code's token: only the new key confirms", async () => {
      const ohnetoken = await loggedIn(upstream.app, "ohnetoken");
      const id = DEMO_IDS.personOhnetoken;
      const first = await initSecret(ohnetoken, id);
      const second = await initSecret(ohnetoken, id);
      // (the first key's code could equal the second's only by a one-in-a-million chance)
      await expectTokenError(await verify(ohnetoken, id, await generate({ secret: first })), "OTP_NICHT_GUELTIG");
      expect((await verify(ohnetoken, id, await generate({ secret: second }))).status).toBe(201);
      await dropTokens(id);
    });

    it("oneself without any right; somebody else's token needs the admin path", async () => {
      await expectForeign(await verify(lehrkraft, DEMO_IDS.personSchueler, "123456"), DEMO_IDS.personSchueler);
      const id = demoPersonId("lthaysen");
      const secret = await initSecret(landesadminGold, id);
      expect((await verify(landesadminGold, id, await generate({ secret }))).status).toBe(201);
      await dropTokens(id);
    });

    it("personId must be a UUID and the code must not be empty", async () => {
      await expectValidation(await verify(landesadminGold, DEMO_IDS.personOhnetoken, ""), "required");
      await expectValidation(
        await landesadminGold.json("POST", "/api/2fa-token/verify", { personId: DEMO_IDS.personOhnetoken }),
        "required",
      );
      await expectValidation(await verify(landesadminGold, "kaputt", "123456"), "other");
    });

    it("needs a login", async () => {
      await errors.unauthorized(await verify(new Browser(upstream.app), DEMO_IDS.personOhnetoken, "123456"));
    });
  });

  describe("Token zurücksetzen (reset)", () => {
    it("a software token is deleted: true, then the person has none, and a second reset is TOKEN_RESET_ERROR", async () => {
      const id = demoPersonId("tingwersen");
      expect(await state(landesadminGold, id)).toMatchObject({ hasToken: true, tokenKind: "software" });
      const response = await reset(landesadminGold, id);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe("true");
      expect(await state(landesadminGold, id)).toEqual({ hasToken: false, tokenKind: null, serial: "" });
      await expectTokenError(await reset(landesadminGold, id), "TOKEN_RESET_ERROR");
    });

    it("a hardware token goes back to the pool and can be handed to somebody else", async () => {
      const holder = demoPersonId("mjessen");
      expect(await state(landesadminGold, holder)).toEqual({ hasToken: true, tokenKind: "hardware", serial: IN_USE });
      expect((await reset(landesadminGold, holder)).status).toBe(200);
      const [device] = await upstream.handle.db.select().from(hardwareToken).where(eq(hardwareToken.serial, IN_USE));
      expect(device.assignedPersonId).toBeNull();
      const other = demoPersonId("ofriedrichsen");
      const response = await assign(landesadminGold, {
        serial: IN_USE,
        otp: await currentHardwareOtp(IN_USE),
        username: "x",
        userId: other,
      });
      expect(response.status).toBe(200);
      // back to the seeded state for the other tests
      await reset(landesadminGold, other);
      await assign(landesadminGold, { serial: IN_USE, otp: await currentHardwareOtp(IN_USE), username: "x", userId: holder });
      expect(await state(landesadminGold, holder)).toMatchObject({ hasToken: true, serial: IN_USE });
    });

    it("always the admin path: not for a person outside one's scope, nor one's own token without the right", async () => {
      await expectForeign(await reset(schuladminGold, demoPersonId("hsteffens")), demoPersonId("hsteffens"));
      const teacherGold = await loggedIn(upstream.app, "lehrkraft", "gold");
      await expectForeign(await reset(teacherGold, DEMO_IDS.personLehrkraft), DEMO_IDS.personLehrkraft);
      await expectForeign(await landesadminGold.json("PUT", "/api/2fa-token/reset"), "");
    });

    it("needs a login; the current upstream also the second factor (step-up), the pinned one did not", async () => {
      await errors.unauthorized(await new Browser(upstream.app).json("PUT", `/api/2fa-token/reset?personId=${DEMO_IDS.personLehrkraft}`));
      const silver = await reset(landesadminSilver, demoPersonId("mjessen"));
      if (version === "current") {
        expect(silver.status).toBe(403);
        expect(await silver.json()).toEqual({ i18nKey: "REQUIRED_STEP_UP_LEVEL_NOT_MET", code: 403 });
      } else {
        // the pinned upstream let it through: a silver session resets (the reference puts the device back afterwards)
        expect(silver.status).toBe(200);
        await assign(landesadminGold, {
          serial: IN_USE,
          otp: await currentHardwareOtp(IN_USE),
          username: "x",
          userId: demoPersonId("mjessen"),
        });
      }
      expect(await state(landesadminGold, demoPersonId("mjessen"))).toMatchObject({ hasToken: true, serial: IN_USE });
    });

    if (version === "current") {
      it("without the session's CSRF token nothing happens (400)", async () => {
        const response = await landesadminGold.request(`/api/2fa-token/reset?personId=${demoPersonId("mjessen")}`, { method: "PUT" });
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ message: "Invalid or missing CSRF token", error: "Bad Request", statusCode: 400 });
        expect(await state(landesadminGold, demoPersonId("mjessen"))).toMatchObject({ hasToken: true });
      });
    }
  });

  describe("Hardware-Token zuordnen (assign/hardwareToken)", () => {
    const target = () => demoPersonId("irohwer");
    const body = async (serial: string, otp?: string) => ({
      serial,
      otp: otp ?? (await currentHardwareOtp(serial)),
      username: "wird-ignoriert",
      userId: target(),
    });

    it("an unknown serial: SERIENNUMMER_NICHT_GEFUNDEN", async () => {
      await expectTokenError(await assign(landesadminGold, await body("HW99999999", "123456")), "SERIENNUMMER_NICHT_GEFUNDEN");
    });

    it("a serial handed out to somebody: SERIENNUMMER_IN_VERWENDUNG, even with the device's right code", async () => {
      await expectTokenError(await assign(landesadminGold, await body(IN_USE)), "SERIENNUMMER_IN_VERWENDUNG");
    });

    it("a code not of that device: OTP_NICHT_GUELTIG; nothing is assigned", async () => {
      const serial = FREE[0];
      await expectTokenError(await assign(landesadminGold, await body(serial, await wrongCode(secretOf(serial)))), "OTP_NICHT_GUELTIG");
      const [device] = await upstream.handle.db.select().from(hardwareToken).where(eq(hardwareToken.serial, serial));
      expect(device.assignedPersonId).toBeNull();
    });

    it("serial and current code: 200 with the token service's answer; the person then logs in with the device", async () => {
      const serial = FREE[1];
      const response = await assign(landesadminGold, await body(serial));
      expect(response.status).toBe(200);
      const answer = AssignHardwareTokenResponse.parse(await response.json());
      expect(answer).toMatchObject({ id: 1, jsonrpc: "2.0", dialogText: expect.any(String) });
      expect(answer).toEqual(
        expect.objectContaining({
          time: expect.any(Number),
          version: expect.any(String),
          versionnumber: expect.any(String),
          signature: expect.any(String),
        }),
      );
      expect(await state(landesadminGold, target())).toEqual({ hasToken: true, tokenKind: "hardware", serial });
      const { answer: login } = await loginWithSecret(upstream, "irohwer", secretOf(serial));
      expect(login.headers.get("Location")).toBe("/start");
      // the same device for another person: in use now
      const other = { ...(await body(serial)), userId: demoPersonId("ofriedrichsen") };
      await expectTokenError(await assign(landesadminGold, other), "SERIENNUMMER_IN_VERWENDUNG");
      await reset(landesadminGold, target());
    });

    it("a pending software token of the person is dropped first", async () => {
      expect((await init(landesadminGold, target())).status).toBe(201);
      const serial = FREE[2];
      expect((await assign(landesadminGold, await body(serial))).status).toBe(200);
      expect((await tokensOf(target())).map((token) => [token.kind, token.rolloutState])).toEqual([["hardware", "enrolled"]]);
      await reset(landesadminGold, target());
    });

    it("every field is required and must not be empty", async () => {
      const complete = await body(FREE[0]);
      for (const missing of ["serial", "otp", "username", "userId"] as const) {
        const { [missing]: _left, ...rest } = complete;
        await expectValidation(await assign(landesadminGold, rest), "required");
        await expectValidation(await assign(landesadminGold, { ...complete, [missing]: "" }), "required");
      }
    });

    it("always the admin path: a person outside one's scope is a 403", async () => {
      await expectForeign(await assign(schuladminGold, await body(FREE[0])), target());
      await expectForeign(
        await assign(lehrkraft, { ...(await body(FREE[0])), userId: DEMO_IDS.personLehrkraft }),
        DEMO_IDS.personLehrkraft,
      );
    });

    it("a person without username: the upstream's plain text 400", async () => {
      const id = newId();
      await upstream.handle.db.insert(person).values({ id, mandant: MANDANT_ID, vorname: "Ohne", familienname: "Namen" });
      await upstream.handle.db
        .insert(personenkontext)
        .values({ id: newId(), personId: id, organisationId: DEMO_IDS.schuleA, rolleId: DEMO_IDS.rolleLehrkraft });
      const response = await assign(landesadminGold, { ...(await body(FREE[0])), userId: id });
      expect(response.status).toBe(400);
      expect(await response.text()).toBe("User not found.");
    });
  });

  describe("Token-Dienst gestört (nur die eigene Sitzung)", () => {
    const simulate = (browser: Browser, state: string) => browser.json("PUT", "/api/reference/token-service", { state });

    it("unreachable: state and assignment PI_UNAVAILABLE_ERROR, init and reset their own keys; required still answers", async () => {
      const admin = await loggedIn(upstream.app, "landesadmin", "gold");
      expect((await simulate(admin, "unreachable")).status).toBe(204);
      const id = demoPersonId("mjessen");
      await expectTokenError(await admin.get(`/api/2fa-token/state?personId=${id}`), "PI_UNAVAILABLE_ERROR");
      await expectTokenError(await assign(admin, { serial: FREE[0], otp: "123456", username: "x", userId: id }), "PI_UNAVAILABLE_ERROR");
      await expectTokenError(await init(admin, id), "SOFTWARE_TOKEN_INITIALIZATION_ERROR");
      await expectTokenError(
        await admin.json("POST", "/api/2fa-token/verify", { personId: id, otp: "123456" }),
        "SOFTWARE_TOKEN_VERIFICATION_ERROR",
      );
      await expectTokenError(await reset(admin, id), "TOKEN_RESET_ERROR");
      expect(await (await admin.get(`/api/2fa-token/required?personId=${id}`)).json()).toEqual({ required: true });
      // Everybody else's session sees the service working, and the token was not touched.
      expect(await state(landesadminGold, id)).toMatchObject({ hasToken: true, serial: IN_USE });
      expect((await simulate(admin, "ok")).status).toBe(204);
      expect(await state(admin, id)).toMatchObject({ hasToken: true, serial: IN_USE });
    });

    it("failing: TOKEN_STATE_ERROR and HARDWARE_TOKEN_SERVICE_FEHLER", async () => {
      const admin = await loggedIn(upstream.app, "landesadmin", "gold");
      await simulate(admin, "failing");
      const id = demoPersonId("irohwer");
      await expectTokenError(await admin.get(`/api/2fa-token/state?personId=${id}`), "TOKEN_STATE_ERROR");
      await expectTokenError(
        await assign(admin, { serial: FREE[0], otp: await currentHardwareOtp(FREE[0]), username: "x", userId: id }),
        "HARDWARE_TOKEN_SERVICE_FEHLER",
      );
      await expectTokenError(await init(admin, id), "SOFTWARE_TOKEN_INITIALIZATION_ERROR");
    });

    it("failing writes: the state reads, init, reset and assignment fail with their own keys", async () => {
      const admin = await loggedIn(upstream.app, "landesadmin", "gold");
      await simulate(admin, "failing-writes");
      const holder = demoPersonId("mjessen");
      expect(await state(admin, holder)).toMatchObject({ hasToken: true, serial: IN_USE });
      await expectTokenError(await reset(admin, holder), "TOKEN_RESET_ERROR");
      const id = demoPersonId("lthaysen");
      await expectTokenError(await init(admin, id), "SOFTWARE_TOKEN_INITIALIZATION_ERROR");
      await expectTokenError(
        await assign(admin, { serial: FREE[0], otp: await currentHardwareOtp(FREE[0]), username: "x", userId: id }),
        "HARDWARE_TOKEN_SERVICE_FEHLER",
      );
      expect(await state(landesadminGold, holder)).toMatchObject({ hasToken: true, serial: IN_USE });
      expect(await tokensOf(id)).toEqual([]);
    });

    it("the switch needs a login and one of its states", async () => {
      await errors.unauthorized(await simulate(new Browser(upstream.app), "unreachable"));
      const admin = await loggedIn(upstream.app, "landesadmin");
      expect((await simulate(admin, "kaputt")).status).toBe(400);
    });
  });
});
