import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organisation } from "../../upstream/reference/db/schema.ts";
import { DEMO_IDS, uniqueToken } from "./support/klassen.ts";
import { startPortal, type Portal, type PortalVisitor } from "./support/portal.ts";

/**
 * The school's page asks the upstream in two waves, and its edit form sends the full update only for a real change:
 * an unchanged form asks nothing, a change by someone else meanwhile is answered before anything is written.
 */
let portal: Portal;
let admin: PortalVisitor;

beforeAll(async () => {
  portal = await startPortal();
  admin = await portal.loggedIn("landesadmin", "gold");
});

afterAll(async () => {
  await portal?.close();
});

const count = (call: string) => portal.upstreamCalls.filter((recorded) => recorded === call).length;

async function createSchule() {
  const kennung = `5${uniqueToken()}`;
  const name = `Routenschule ${kennung}`;
  const response = await admin.postForm("/admin/schulen/new", { schulform: DEMO_IDS.landOeffentlich, kennung, name });
  expect(response.status).toBe(302);
  const id = new URL(response.headers.get("Location") ?? "", "http://portal.test").searchParams.get("erstellt")!;
  return { id, kennung, name, stand: { gelesenKennung: kennung, gelesenName: name, version: "1" } };
}

describe("Seite einer Schule", () => {
  it("liest die Schule, die Schulformen, die Zahl der Klassen und den Schulträger mit je einem Aufruf", async () => {
    portal.upstreamCalls.length = 0;
    const page = await (await admin.get(`/admin/schulen/${DEMO_IDS.schuleA}`)).text();
    expect(page).toContain("Hansestadt Nordhafen");
    expect(count("GET /api/auth/logininfo")).toBe(1);
    expect(count("GET /api/organisationen/root/children")).toBe(1);
    // The school (permission-filtered, by id), the one-row page of its classes, the Schulträger's name.
    expect(count("GET /api/organisationen")).toBe(3);
    expect(portal.upstreamCalls).toHaveLength(5);
  });

  it("ein unverändertes Formular fragt den Upstream nicht nach einer Änderung", async () => {
    const schule = await createSchule();
    portal.upstreamCalls.length = 0;
    const answer = await admin.postForm(`/admin/schulen/${schule.id}`, { kennung: schule.kennung, name: schule.name, ...schule.stand });
    expect(answer.status).toBe(302);
    expect(count(`PUT /api/organisationen/${schule.id}`)).toBe(0);
  });

  it("eine Änderung durch andere seit dem Lesen wird gezeigt, bevor etwas geschrieben wird", async () => {
    const schule = await createSchule();
    const theirs = await admin.postForm(`/admin/schulen/${schule.id}`, {
      kennung: `${schule.kennung}1`,
      name: schule.name,
      ...schule.stand,
    });
    expect(theirs.status).toBe(302);

    portal.upstreamCalls.length = 0;
    const mine = await admin.postForm(`/admin/schulen/${schule.id}`, {
      kennung: `${schule.kennung}2`,
      name: `Neu ${schule.name}`,
      ...schule.stand,
    });
    expect(mine.status).toBe(400);
    const page = await mine.text();
    expect(page).toContain(`Jetzt gespeichert sind die Dienststellennummer „${schule.kennung}1“`);
    expect(page).toContain(`value="Neu ${schule.name}"`);
    expect(count(`PUT /api/organisationen/${schule.id}`)).toBe(0);
  });

  /** What another administrator's save does to the stored school, with the version the upstream's write gives it. */
  async function anotherSave(id: string, values: { kennung: string; name: string }) {
    await portal.db
      .update(organisation)
      .set({ ...values, version: sql`${organisation.version} + 1` })
      .where(eq(organisation.id, id));
  }

  it("speichert jemand anderes im selben Moment nach mir, zeigt das Formular dessen Stand und behält meine Eingabe, statt „gespeichert“ zu sagen", async () => {
    const schule = await createSchule();
    const theirs = { kennung: `${schule.kennung}7`, name: `Deren ${schule.name}` };
    portal.aroundUpstreamCall = async (call, phase) => {
      if (call !== `PUT /api/organisationen/${schule.id}` || phase !== "after") return;
      portal.aroundUpstreamCall = null;
      await anotherSave(schule.id, theirs);
    };
    const mine = await admin.postForm(`/admin/schulen/${schule.id}`, {
      kennung: `${schule.kennung}2`,
      name: `Meine ${schule.name}`,
      ...schule.stand,
    });
    portal.aroundUpstreamCall = null;
    expect(mine.status).toBe(400);
    const page = await mine.text();
    expect(page).toContain("Im selben Moment hat jemand anderes diese Schule gespeichert");
    expect(page).toContain(`Jetzt gespeichert sind die Dienststellennummer „${theirs.kennung}“ und der Schulname „${theirs.name}“.`);
    expect(page).toContain(`value="Meine ${schule.name}"`);
  });

  it("hat jemand anderes zwischen meinem Lesen und meinem Speichern gespeichert, sagt die Meldung, dass meine Angaben dessen ersetzt haben", async () => {
    const schule = await createSchule();
    portal.aroundUpstreamCall = async (call, phase) => {
      if (call !== `PUT /api/organisationen/${schule.id}` || phase !== "before") return;
      portal.aroundUpstreamCall = null;
      await anotherSave(schule.id, { kennung: `${schule.kennung}8`, name: `Deren ${schule.name}` });
    };
    const mine = await admin.postForm(`/admin/schulen/${schule.id}`, {
      kennung: `${schule.kennung}3`,
      name: `Meine ${schule.name}`,
      ...schule.stand,
    });
    portal.aroundUpstreamCall = null;
    expect(mine.status).toBe(302);
    const details = await (await admin.get(mine.headers.get("Location")!)).text();
    expect(details).toContain("Im selben Moment hat jemand anderes diese Schule ebenfalls gespeichert");
    expect(details).toContain(`Meine ${schule.name}`);
  });

  it("nur der Name: der Upstream lehnt ab, das Formular erklärt es am Namen statt „Nummer vergeben“", async () => {
    const schule = await createSchule();
    const answer = await admin.postForm(`/admin/schulen/${schule.id}`, {
      kennung: schule.kennung,
      name: `Neu ${schule.name}`,
      ...schule.stand,
    });
    expect(answer.status).toBe(400);
    const page = await answer.text();
    expect(page).toContain("Der Schulname kann nur zusammen mit einer neuen Dienststellennummer geändert werden.");
    expect(page).not.toContain("Diese Dienststellennummer ist bereits vergeben");
  });
});
