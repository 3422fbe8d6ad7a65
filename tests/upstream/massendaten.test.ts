import { count, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OrganisationResponse } from "../../upstream/contract/index.ts";
import { person } from "../../upstream/reference/db/schema.ts";
import { stableId } from "../../upstream/reference/lib/ids.ts";
import { BULK_USERNAME_PREFIX, seedBulkPersons } from "../../upstream/reference/seed/bulk.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { type Browser, type TestUpstream, loggedIn, schuleAClassListQuery, startTestUpstream } from "./support.ts";

/** Enough pupils that every class holds ~160 kontexte, small enough to keep the file at a few seconds. */
const BULK = 5_000;
/** Class 6a of school A: only bulk pupils are assigned to it. */
const klasse6a = stableId("org:schule-a:6a");

let upstream: TestUpstream;
let landesadmin: Browser;
let schuladminGold: Browser;

beforeAll(async () => {
  upstream = await startTestUpstream();
  await seedBulkPersons(upstream.handle.db, BULK);
  [landesadmin, schuladminGold] = await Promise.all([loggedIn(upstream.app, "landesadmin"), loggedIn(upstream.app, "schuladmin", "gold")]);
});
afterAll(() => upstream.close());

const bulkCount = async () => {
  const [{ total }] = await upstream.handle.db
    .select({ total: count() })
    .from(person)
    .where(like(person.username, `${BULK_USERNAME_PREFIX}%`));
  return total;
};

describe("Massendaten (REFERENCE_BULK_PERSONS)", () => {
  it("seeds the requested number once and only adds the missing tail later", async () => {
    expect(await bulkCount()).toBe(BULK);
    expect(await seedBulkPersons(upstream.handle.db, BULK)).toBe(0);
    expect(await seedBulkPersons(upstream.handle.db, BULK + 10)).toBe(10);
    expect(await bulkCount()).toBe(BULK + 10);
  });

  it("a bulk pupil logs in and sees a kontext at a school and at one of its classes", async () => {
    const pupil = await loggedIn(upstream.app, "massen-000001");
    const info = (await (await pupil.get("/api/person-info")).json()) as { personenkontexte: Array<{ organisation: { typ: string } }> };
    expect(info.personenkontexte.map((k) => k.organisation.typ).sort()).toEqual(["KLASSE", "SCHULE"]);
  });

  it("the class list still filters, sorts and pages", async () => {
    const query = schuleAClassListQuery(4);
    for (const browser of [landesadmin, schuladminGold]) {
      const response = await browser.get(`/api/organisationen?${query}`);
      expect(response.status).toBe(200);
      const names = OrganisationResponse.array()
        .parse(await response.json())
        .map((o) => o.name);
      expect(names).toEqual(["10a", "5a", "6a", "7a"]);
      // 5a … 10a and "Übergang 2ü"
      expect(response.headers.get("X-Paging-Total")).toBe("7");
    }
  });

  it("a class with bulk pupils is refused, the empty demo class is still deleted", async () => {
    const remove = (id: string) => schuladminGold.json("DELETE", `/api/organisationen/${id}/klasse`);
    const refused = await remove(klasse6a);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ i18nKey: "ORGANISATION_IST_BEREITS_ZUGEWIESEN_ERROR", code: 400 });
    expect((await remove(DEMO_IDS.klasseOhneZuordnung)).status).toBe(204);
  });
});
