import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MeldungResponse } from "../../upstream/contract/index.ts";
import { newId } from "../../upstream/reference/lib/ids.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { API_VERSIONS, type Browser, type TestUpstream, errorBodies, expectDbiamKey, loggedIn, startTestUpstream } from "./support.ts";

/** Portal notices (ORGANISATIONS_ROLES §7, CHANGES-SINCE-PIN §3.12): the list, creating and updating a notice. */
describe.each(API_VERSIONS)("Hinweise (Upstream-Version %s)", (version) => {
  let upstream: TestUpstream;
  let landesadmin: Browser;
  let landesadminGold: Browser;
  let schuladminGold: Browser;
  const errors = errorBodies(version);

  beforeAll(async () => {
    upstream = await startTestUpstream({ apiVersion: version });
    [landesadmin, landesadminGold, schuladminGold] = await Promise.all([
      loggedIn(upstream.app, "landesadmin"),
      loggedIn(upstream.app, "landesadmin", "gold"),
      loggedIn(upstream.app, "schuladmin", "gold"),
    ]);
  });
  afterAll(() => upstream.close());

  const put = (browser: Browser, body: Record<string, unknown>) => browser.json("PUT", "/api/portal/meldung", body);
  const stored = async () => {
    const response = await landesadminGold.get("/api/portal/meldung");
    expect(response.status).toBe(200);
    return MeldungResponse.array().parse(await response.json());
  };
  const current = async () => {
    const response = await landesadmin.get("/api/portal/meldung/current");
    const text = await response.text();
    return text === "" ? undefined : MeldungResponse.parse(JSON.parse(text));
  };

  it("the list: every notice for SCHULPORTAL_VERWALTEN and HINWEISE_BEARBEITEN at ROOT, with gold", async () => {
    const [seeded] = await stored();
    expect(seeded).toMatchObject({ id: DEMO_IDS.meldung, status: "VEROEFFENTLICHT", revision: 1 });
    await expectDbiamKey(await landesadmin.get("/api/portal/meldung"), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403, 403);
    await errors.missingPermissions(await schuladminGold.get("/api/portal/meldung"));
    await errors.unauthorized(await upstream.app.request("/api/portal/meldung"));
  });

  it("updating at the stored revision replaces text and status, revision + 1; ending the publication hides it", async () => {
    const [before] = await stored();
    const response = await put(landesadminGold, {
      id: before.id,
      inhalt: "Neuer Hinweistext",
      status: "VEROEFFENTLICHT",
      revision: before.revision,
    });
    expect(response.status).toBe(200);
    const updated = MeldungResponse.parse(await response.json());
    expect(updated).toMatchObject({ id: before.id, inhalt: "Neuer Hinweistext", status: "VEROEFFENTLICHT", revision: before.revision + 1 });
    expect((await current())?.inhalt).toBe("Neuer Hinweistext");

    const ended = await put(landesadminGold, {
      id: before.id,
      inhalt: "Neuer Hinweistext",
      status: "NICHT_VEROEFFENTLICHT",
      revision: updated.revision,
    });
    expect(ended.status).toBe(200);
    expect(await current()).toBeUndefined();
  });

  it(
    version === "current"
      ? "a stale revision: 409 MISMATCHED_REVISION, before the text rule"
      : "a stale revision: a generic 500 (the upstream does not map its revision error, quirk)",
    async () => {
      const [notice] = await stored();
      for (const inhalt of ["Veraltet", ""]) {
        const response = await put(landesadminGold, { id: notice.id, inhalt, status: "VEROEFFENTLICHT", revision: notice.revision - 1 });
        if (version === "current") await expectDbiamKey(response, "MISMATCHED_REVISION", 409, 409);
        else await errors.internal(response);
      }
      expect((await stored())[0]).toEqual(notice);
    },
  );

  it("a first notice is created with revision 1 whatever revision was sent", async () => {
    const response = await put(landesadminGold, { inhalt: "Zweiter Hinweis", status: "NICHT_VEROEFFENTLICHT", revision: 0 });
    expect(response.status).toBe(200);
    const created = MeldungResponse.parse(await response.json());
    expect(created).toMatchObject({ inhalt: "Zweiter Hinweis", status: "NICHT_VEROEFFENTLICHT", revision: 1 });
    const all = await stored();
    expect(all.map((notice) => notice.id)).toEqual([DEMO_IDS.meldung, created.id]);
  });

  it("the text has 1 to 2000 characters: MELDUNG_INHALT", async () => {
    await expectDbiamKey(await put(landesadminGold, { inhalt: "", status: "VEROEFFENTLICHT", revision: 0 }), "MELDUNG_INHALT");
    await expectDbiamKey(
      await put(landesadminGold, { inhalt: "x".repeat(2001), status: "VEROEFFENTLICHT", revision: 0 }),
      "MELDUNG_INHALT",
    );
    const [notice] = await stored();
    await expectDbiamKey(
      await put(landesadminGold, { id: notice.id, inhalt: "x".repeat(2001), status: "VEROEFFENTLICHT", revision: notice.revision }),
      "MELDUNG_INHALT",
    );
    const longest = await put(landesadminGold, {
      id: notice.id,
      inhalt: "x".repeat(2000),
      status: "VEROEFFENTLICHT",
      revision: notice.revision,
    });
    expect(longest.status).toBe(200);
  });

  it("an unknown id (also an empty one) is not found; a wrong status is a bad request", async () => {
    await errors.entityNotFound(await put(landesadminGold, { id: newId(), inhalt: "Text", status: "VEROEFFENTLICHT", revision: 1 }));
    await errors.entityNotFound(await put(landesadminGold, { id: "", inhalt: "Text", status: "VEROEFFENTLICHT", revision: 1 }));
    await errors.validation(await put(landesadminGold, { inhalt: "Text", status: "ENTWURF", revision: 1 }), "enum", "status");
    await errors.validation(await put(landesadminGold, { inhalt: "Text", status: "VEROEFFENTLICHT" }), "required", "revision");
  });

  it("writing needs the rights (checked before the text) and gold", async () => {
    await errors.missingPermissions(await put(schuladminGold, { inhalt: "", status: "VEROEFFENTLICHT", revision: 0 }));
    await expectDbiamKey(
      await put(landesadmin, { inhalt: "Text", status: "VEROEFFENTLICHT", revision: 0 }),
      "REQUIRED_STEP_UP_LEVEL_NOT_MET",
      403,
      403,
    );
  });
});
