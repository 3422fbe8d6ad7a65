import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UserinfoResponse } from "../../upstream/contract/index.ts";
import { person, personenkontext } from "../../upstream/reference/db/schema.ts";
import { DEMO_PASSWORD, currentOtp } from "../../upstream/reference/seed/demo-accounts.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { API_VERSIONS, Browser, type TestUpstream, errorBodies, loggedIn, startTestUpstream } from "./support.ts";

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream();
});
afterAll(() => upstream.close());

describe("Anmeldung über den eingebetteten Identitätsdienst", () => {
  it("a teacher logs in with username and password and lands on the requested page with silver", async () => {
    const browser = new Browser(upstream.app);
    const start = await browser.get("/api/auth/login?redirectUrl=%2Fprofil%3Ftab%3D2");
    expect(start.status).toBe(302);
    expect(start.headers.get("Location")).toBe("/api/auth/idp/login?acr=silver");

    const form = await browser.get(start.headers.get("Location") ?? "");
    expect(form.status).toBe(200);
    expect(form.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    const page = await form.text();
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('autocomplete="username"');
    expect(page).toContain('autocomplete="current-password"');
    expect(page).not.toContain("<script");

    const done = await browser.postForm("/api/auth/idp/login?acr=silver", { username: "lehrkraft", password: DEMO_PASSWORD });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/profil?tab=2");
    const cookie = done.headers.getSetCookie().find((line) => line.startsWith("connect.sid="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const info = UserinfoResponse.parse(await (await browser.get("/api/auth/logininfo")).json());
    expect(info.acr).toBe("silver");
    expect(info.preferred_username).toBe("lehrkraft");
    expect(info.personId).toBe(DEMO_IDS.personLehrkraft);
  });

  it("a wrong password shows a German error on the form and logs nobody in", async () => {
    const browser = new Browser(upstream.app);
    await browser.follow(await browser.get("/api/auth/login"));
    const response = await browser.postForm("/api/auth/idp/login?acr=silver", { username: "lehrkraft<b>", password: "falsch" });
    expect(response.status).toBe(401);
    const page = await response.text();
    expect(page).toMatch(/role="alert"[^>]*>Benutzername oder Passwort ist falsch/);
    expect(page).toContain('aria-describedby="login-error"');
    expect(page).toContain("lehrkraft&lt;b&gt;");
    expect((await browser.get("/api/auth/logininfo")).status).toBe(401);
  });

  it("an administrator asking for gold must enter the current one-time password", async () => {
    const browser = new Browser(upstream.app);
    const start = await browser.get("/api/auth/login?redirectUrl=/admin/klassen&requiredStepUpLevel=gold");
    expect(start.headers.get("Location")).toBe("/api/auth/idp/login?acr=gold");
    await browser.get("/api/auth/idp/login?acr=gold");
    const afterPassword = await browser.postForm("/api/auth/idp/login?acr=gold", { username: "schuladmin", password: DEMO_PASSWORD });
    expect(afterPassword.headers.get("Location")).toBe("/api/auth/idp/otp");
    const otpPage = await browser.get("/api/auth/idp/otp");
    const otpHtml = await otpPage.text();
    expect(otpHtml).toContain('autocomplete="one-time-code"');
    expect(otpHtml).toContain('inputmode="numeric"');

    const wrong = await browser.postForm("/api/auth/idp/otp", { otp: "000000" === (await currentOtp("schuladmin")) ? "111111" : "000000" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toMatch(/role="alert"[^>]*>Der Einmalcode ist ungültig/);

    const right = await browser.postForm("/api/auth/idp/otp", { otp: await currentOtp("schuladmin") });
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/admin/klassen");
    const info = UserinfoResponse.parse(await (await browser.get("/api/auth/logininfo")).json());
    expect(info.acr).toBe("gold");
  });

  it("a silver session that asks for gold again is sent to the one-time password form without a new password", async () => {
    const browser = await loggedIn(upstream.app, "landesadmin");
    const again = await browser.get("/api/auth/login?redirectUrl=/admin&requiredStepUpLevel=gold");
    expect(again.headers.get("Location")).toBe("/api/auth/idp/login?acr=gold");
    const idp = await browser.get("/api/auth/idp/login?acr=gold");
    expect(idp.headers.get("Location")).toBe("/api/auth/idp/otp");
    const done = await browser.postForm("/api/auth/idp/otp", { otp: await currentOtp("landesadmin") });
    expect(done.headers.get("Location")).toBe("/admin");
  });

  it("once at the stored level, a further login call short-circuits to the last login target", async () => {
    const browser = await loggedIn(upstream.app, "landesadmin", "gold");
    const again = await browser.get("/api/auth/login?redirectUrl=/anderswo&requiredStepUpLevel=gold");
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/start");
  });

  it("a plain second login call goes silently through the IdP session without a form", async () => {
    const browser = await loggedIn(upstream.app, "lehrkraft");
    const again = await browser.follow(await browser.get("/api/auth/login?redirectUrl=/profil"));
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/profil");
  });

  it("a redirectUrl pointing to another origin is ignored and the login ends at /", async () => {
    for (const evil of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      const browser = new Browser(upstream.app);
      await browser.follow(await browser.get(`/api/auth/login?redirectUrl=${encodeURIComponent(evil)}`));
      const done = await browser.postForm("/api/auth/idp/login?acr=silver", { username: "lehrkraft", password: DEMO_PASSWORD });
      expect(done.headers.get("Location")).toBe("/");
    }
  });

  it("an account without a person ends at /login-error with the KEYCLOAK_USER_NOT_FOUND body", async () => {
    const browser = new Browser(upstream.app);
    await browser.follow(await browser.get("/api/auth/login?redirectUrl=/start"));
    const response = await browser.postForm("/api/auth/idp/login?acr=silver", { username: "unbekannt", password: DEMO_PASSWORD });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login-error");
    expect(await response.json()).toEqual({ DbiamAuthenticationError: { code: 403, i18nKey: "KEYCLOAK_USER_NOT_FOUND" } });
    expect((await browser.get("/api/auth/logininfo")).status).toBe(401);
  });

  it("an administrator without a token cannot reach gold and is told so", async () => {
    const browser = new Browser(upstream.app);
    await browser.follow(await browser.get("/api/auth/login?requiredStepUpLevel=gold"));
    const afterPassword = await browser.postForm("/api/auth/idp/login?acr=gold", { username: "ohnetoken", password: DEMO_PASSWORD });
    const response = await browser.follow(afterPassword);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Zweiter Faktor nicht eingerichtet");
    expect((await browser.get("/api/auth/logininfo")).status).toBe(401);
  });

  it("a new teacher must replace the start password before the login completes", async () => {
    const browser = new Browser(upstream.app);
    await browser.follow(await browser.get("/api/auth/login?redirectUrl=/start"));
    const afterPassword = await browser.postForm("/api/auth/idp/login?acr=silver", { username: "neulehrkraft", password: DEMO_PASSWORD });
    expect(afterPassword.headers.get("Location")).toBe("/api/auth/idp/passwort-neu?acr=silver");
    expect((await browser.get("/api/auth/logininfo")).status).toBe(401);
    const form = await (await browser.get("/api/auth/idp/passwort-neu?acr=silver")).text();
    expect(form).toContain('autocomplete="new-password"');

    const tooShort = await browser.postForm("/api/auth/idp/passwort-neu?acr=silver", { newPassword: "kurz", confirmPassword: "kurz" });
    expect(tooShort.status).toBe(400);
    expect(await tooShort.text()).toContain("mindestens 8 Zeichen");
    const mismatch = await browser.postForm("/api/auth/idp/passwort-neu?acr=silver", {
      newPassword: "Neues-Passwort-1",
      confirmPassword: "Neues-Passwort-2",
    });
    expect(await mismatch.text()).toContain("stimmen nicht überein");
    const same = await browser.postForm("/api/auth/idp/passwort-neu?acr=silver", {
      newPassword: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
    });
    expect(await same.text()).toContain("unterscheiden");

    const done = await browser.postForm("/api/auth/idp/passwort-neu?acr=silver", {
      newPassword: "Neues-Passwort-1",
      confirmPassword: "Neues-Passwort-1",
    });
    expect(done.headers.get("Location")).toBe("/start");
    const info = UserinfoResponse.parse(await (await browser.get("/api/auth/logininfo")).json());
    expect(info.password_updated_at).toBeTruthy();

    const nextTime = new Browser(upstream.app);
    await nextTime.follow(await nextTime.get("/api/auth/login?redirectUrl=/start"));
    const relogin = await nextTime.postForm("/api/auth/idp/login?acr=silver", { username: "neulehrkraft", password: "Neues-Passwort-1" });
    expect(relogin.headers.get("Location")).toBe("/start");
  });

  it("the login pages are accessible plain forms: title, main, h1, a label for every input, paths under /api", async () => {
    const browser = new Browser(upstream.app);
    await browser.follow(await browser.get("/api/auth/login"));
    const wrong = await browser.postForm("/api/auth/idp/login?acr=silver", { username: "x", password: "y" });
    const pages = [
      await wrong.text(),
      await (await upstream.app.request("/api/auth/reset-password?redirectUrl=/p&login_hint=lehrkraft")).text(),
    ];
    for (const page of pages) {
      expect(page).toMatch(/<title>[^<]+<\/title>/);
      expect(page).toMatch(/<main>[\s\S]*<h1>[^<]+<\/h1>[\s\S]*<\/main>/);
      const inputIds = [...page.matchAll(/<input id="([^"]+)"/g)].map((m) => m[1]);
      expect(inputIds.length).toBeGreaterThan(0);
      for (const id of inputIds) expect(page).toContain(`<label for="${id}">`);
      for (const target of page.matchAll(/(?:href|action)="([^"]+)"/g)) expect(target[1]).toMatch(/^\/api\//);
      expect(page).not.toContain("<script");
      expect(page).not.toMatch(/style="/);
    }
  });

  it("the login page stylesheet is served by the reference itself", async () => {
    const response = await upstream.app.request("/api/auth/idp/styles.css");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/css");
    expect(await response.text()).toContain(":focus-visible");
  });
});

describe("Abmeldung und Sitzung", () => {
  it("logging out destroys the session and redirects to /", async () => {
    const browser = await loggedIn(upstream.app, "lehrkraft");
    const oldCookie = browser.cookie;
    const response = await browser.get("/api/auth/logout");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(browser.cookie).toBeUndefined();
    const stale = new Browser(upstream.app);
    stale.cookie = oldCookie;
    expect((await stale.get("/api/auth/logininfo")).status).toBe(401);
  });

  it("logging out without a session simply redirects", async () => {
    const response = await upstream.app.request("/api/auth/logout");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("every response refreshes the session cookie (rolling TTL)", async () => {
    const browser = await loggedIn(upstream.app, "lehrkraft");
    const response = await browser.get("/api/config");
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith("connect.sid="));
    expect(cookie).toContain(`Max-Age=${upstream.config.sessionTtlSeconds}`);
  });

  it("the session survives a restart of the server on the same database", async () => {
    const browser = await loggedIn(upstream.app, "lehrkraft");
    const restarted = new Browser(upstream.restart());
    restarted.cookie = browser.cookie;
    const response = await restarted.get("/api/auth/logininfo");
    expect(response.status).toBe(200);
  });

  it("gold falls back to silver after the step-up inactivity timeout and writes are refused", async () => {
    let now = Date.now();
    const app = upstream.restart({ stepUpTimeoutSeconds: 5, now: () => new Date(now) });
    const browser = await loggedIn(app, "schuladmin", "gold");
    now += 4_000;
    expect(UserinfoResponse.parse(await (await browser.get("/api/auth/logininfo")).json()).acr).toBe("gold");
    now += 5_000;
    const write = await browser.json("DELETE", `/api/organisationen/${DEMO_IDS.klasseOhneZuordnung}/klasse`);
    expect(write.status).toBe(403);
    expect(await write.json()).toEqual({ i18nKey: "REQUIRED_STEP_UP_LEVEL_NOT_MET", code: 403 });
    expect(UserinfoResponse.parse(await (await browser.get("/api/auth/logininfo")).json()).acr).toBe("silver");
    // The stored level is still gold, so a new login call asks the IdP for gold (OTP form) again.
    const again = await browser.get("/api/auth/login?redirectUrl=/admin");
    expect(again.headers.get("Location")).toBe("/api/auth/idp/login?acr=gold");
  });

  it("a timeout of 0 never downgrades", async () => {
    let now = Date.now();
    const app = upstream.restart({ stepUpTimeoutSeconds: 0, now: () => new Date(now) });
    const browser = await loggedIn(app, "schuladmin", "gold");
    now += 30 * 60_000;
    expect(UserinfoResponse.parse(await (await browser.get("/api/auth/logininfo")).json()).acr).toBe("gold");
  });

  it("a session expires after the TTL without requests", async () => {
    let now = Date.now();
    const app = upstream.restart({ now: () => new Date(now) });
    const browser = await loggedIn(app, "lehrkraft");
    now += (upstream.config.sessionTtlSeconds + 1) * 1000;
    expect((await browser.get("/api/auth/logininfo")).status).toBe(401);
  });
});

describe("Wer bin ich (logininfo)", () => {
  it.each(API_VERSIONS)("answers 401 with the body of the upstream version (%s) when nobody is logged in", async (version) => {
    await errorBodies(version).unauthorized(await upstream.restart({ apiVersion: version }).request("/api/auth/logininfo"));
  });

  it("personal data are never cached: Cache-Control no-store", async () => {
    const browser = await loggedIn(upstream.app, "lehrkraft");
    const response = await browser.get("/api/auth/logininfo");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect((await browser.get("/api/person-info")).headers.get("Cache-Control")).toBe("no-store");
  });

  it.each([
    ["current", 90],
    ["pinned", 84],
  ] as const)("the deletion date of a person without assignments follows the upstream version (%s: +%i days)", async (version, days) => {
    const browser = await loggedIn(upstream.restart({ apiVersion: version }), "ohnezuordnung");
    const info = UserinfoResponse.parse(await (await browser.get("/api/auth/logininfo")).json());
    const [row] = await upstream.handle.db.select().from(person).where(eq(person.username, "ohnezuordnung"));
    const expected = new Date((row?.orgUnassignmentDate?.getTime() ?? 0) + days * 24 * 60 * 60 * 1000).toISOString();
    expect(info.timeLimits).toEqual([{ occasion: "NO_KONTEXTE", deadline: expected }]);
  });

  it("lists each kontext with its organisation and system rights", async () => {
    const browser = await loggedIn(upstream.app, "schuladmin");
    const info = UserinfoResponse.parse(await (await browser.get("/api/auth/logininfo")).json());
    expect(info.name).toBe("Sven Schulze");
    expect(info.personenkontexte).toHaveLength(2);
    const rights = info.personenkontexte.flatMap((k) => k.rolle.systemrechte);
    expect(rights).toContain("KLASSEN_VERWALTEN");
    expect(info.personenkontexte.every((k) => k.organisation.id === DEMO_IDS.schuleA)).toBe(true);
    expect(info.personenkontexte.some((k) => k.rolle.serviceProviderIds.includes(DEMO_IDS.providerAdministration))).toBe(true);
    expect(info.timeLimits).toEqual([]);
  });

  it("warns a teacher without KoPers number, an expiring LiV and a person without assignments", async () => {
    const kopers = UserinfoResponse.parse(await (await (await loggedIn(upstream.app, "kopers")).get("/api/auth/logininfo")).json());
    expect(kopers.timeLimits.map((t) => t.occasion)).toEqual(["KOPERS"]);
    const liv = UserinfoResponse.parse(await (await (await loggedIn(upstream.app, "liv")).get("/api/auth/logininfo")).json());
    expect(liv.timeLimits).toMatchObject([{ occasion: "PERSONENKONTEXT_EXPIRES", school: "Gemeinschaftsschule am Deich", rolle: "LiV" }]);
    const ohne = UserinfoResponse.parse(await (await (await loggedIn(upstream.app, "ohnezuordnung")).get("/api/auth/logininfo")).json());
    expect(ohne.timeLimits.map((t) => t.occasion)).toEqual(["NO_KONTEXTE"]);
    expect(ohne.personenkontexte).toEqual([]);
  });

  it("warns a substitute teacher whose assignment ends within two weeks, with school, role and the stored end", async () => {
    const info = UserinfoResponse.parse(await (await (await loggedIn(upstream.app, "wpaulsen")).get("/api/auth/logininfo")).json());
    expect(info.timeLimits).toMatchObject([
      { occasion: "PERSONENKONTEXT_EXPIRES", school: "Grundschule Lindenweg", rolle: "Vertretungslehrkraft" },
    ]);
    const [row] = await upstream.handle.db
      .select({ befristung: personenkontext.befristung })
      .from(personenkontext)
      .innerJoin(person, eq(person.id, personenkontext.personId))
      .where(eq(person.username, "wpaulsen"));
    expect(info.timeLimits[0]?.deadline).toBe(row?.befristung?.toISOString());
    const daysLeft = (Date.parse(info.timeLimits[0]?.deadline ?? "") - Date.now()) / (24 * 60 * 60 * 1000);
    expect(daysLeft).toBeGreaterThan(0);
    expect(daysLeft).toBeLessThan(14);
  });
});

describe("Passwort ändern (reset-password)", () => {
  it("changes the password and returns with kc_action_status=success", async () => {
    const browser = await loggedIn(upstream.app, "liv");
    const form = await browser.get("/api/auth/reset-password?redirectUrl=%2Fprofil&login_hint=liv");
    expect(form.status).toBe(200);
    const page = await form.text();
    expect(page).toContain('autocomplete="current-password"');
    expect(page).toContain('autocomplete="new-password"');
    const action = "/api/auth/reset-password?redirectUrl=%2Fprofil&login_hint=liv";

    const wrongCurrent = await browser.postForm(action, {
      action: "save",
      currentPassword: "nope",
      newPassword: "Anderes-Passwort-9",
      confirmPassword: "Anderes-Passwort-9",
    });
    expect(wrongCurrent.status).toBe(401);
    expect(await wrongCurrent.text()).toContain('role="alert"');

    const ok = await browser.postForm(action, {
      action: "save",
      currentPassword: DEMO_PASSWORD,
      newPassword: "Anderes-Passwort-9",
      confirmPassword: "Anderes-Passwort-9",
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/profil?kc_action_status=success");

    const fresh = new Browser(upstream.app);
    await fresh.follow(await fresh.get("/api/auth/login"));
    const relogin = await fresh.postForm("/api/auth/idp/login?acr=silver", { username: "liv", password: "Anderes-Passwort-9" });
    expect(relogin.headers.get("Location")).toBe("/");
  });

  it("cancelling returns with kc_action_status=cancelled", async () => {
    const response = await upstream.app.request("/api/auth/reset-password?redirectUrl=%2Fprofil%3Fx%3D1&login_hint=lehrkraft", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "action=cancel",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profil?x=1&kc_action_status=cancelled");
  });

  it("of an absolute redirect target only the path counts, so the browser stays on the portal's origin", async () => {
    const cancel = (redirectUrl: string) =>
      upstream.app.request(`/api/auth/reset-password?redirectUrl=${encodeURIComponent(redirectUrl)}&login_hint=x`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "action=cancel",
      });
    expect((await cancel("https://evil.example")).headers.get("Location")).toBe("/?kc_action_status=cancelled");
    expect((await cancel("http://portal.example/profile")).headers.get("Location")).toBe("/profile?kc_action_status=cancelled");
    expect((await cancel("https://evil.example/.//evil.example")).headers.get("Location")).toBe("/?kc_action_status=cancelled");
  });
});
