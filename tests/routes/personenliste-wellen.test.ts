import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { person, rolle } from "../../upstream/reference/db/schema.ts";
import { stableId } from "../../upstream/reference/lib/ids.ts";
import { DEMO_IDS } from "./support/klassen.ts";
import { startPortal, upstreamWaves, type Portal } from "./support/portal.ts";

/**
 * docs/decisions/041: the person list asks for the overviews of the persons this session found on the page last time
 * alongside the page itself, so a page seen before needs one wave; what it shows is read in the same request.
 */

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
  // With a delay per call, calls sent side by side overlap however busy the machine is, and the waves are readable.
  portal.upstreamDelayMs = 20;
});

afterAll(async () => {
  await portal?.close();
});

beforeEach(() => {
  portal.upstreamCalls.length = 0;
  portal.upstreamTimeline.length = 0;
});

const UEBERSICHT = "POST /api/dbiam/personenuebersicht";
const overviewCalls = () => portal.upstreamCalls.filter((call) => call === UEBERSICHT).length;

async function view(admin: Awaited<ReturnType<Portal["loggedIn"]>>, path = "/admin/personen") {
  portal.upstreamCalls.length = 0;
  portal.upstreamTimeline.length = 0;
  const answer = await admin.get(path);
  expect(answer.status).toBe(200);
  return { html: await answer.text(), waves: upstreamWaves(portal.upstreamTimeline), overviews: overviewCalls() };
}

describe("Personenliste: Daten in einer Welle, wenn die Seite dieselben Personen zeigt", () => {
  it("beim ersten Aufruf zwei Wellen, beim zweiten derselben Seite eine, mit denselben Zeilen", async () => {
    const admin = await portal.loggedIn("landesadmin", "gold");
    const first = await view(admin);
    expect(first.waves).toBe(2);
    expect(first.overviews).toBe(1);

    const second = await view(admin);
    expect(second.waves).toBe(1);
    expect(second.overviews).toBe(1);
    expect(second.html).toContain("Lehrkraft");
    const rows = (html: string) => html.match(/<tr[\s\S]*?<\/tr>/g) ?? [];
    expect(rows(second.html)).toEqual(rows(first.html));
  });

  it("eine Schuladministratorin sieht ihre Liste mit den Klassen ihrer Schule beim zweiten Aufruf in einer Welle", async () => {
    const admin = await portal.loggedIn("schuladmin", "gold");
    const first = await view(admin);
    expect(first.waves).toBe(2);
    const second = await view(admin);
    expect(second.waves).toBe(1);
    // The class filter offers the school's classes, read in this request.
    expect(second.html).toContain(`value="${DEMO_IDS.klasseMitSchueler}"`);
  });

  it("eine Rolle, die inzwischen umbenannt wurde, steht beim nächsten Aufruf mit ihrem neuen Namen da", async () => {
    const admin = await portal.loggedIn("landesadmin", "gold");
    await view(admin);
    await portal.db
      .update(rolle)
      .set({ name: "Lehrkraft (neu benannt)" })
      .where(eq(rolle.id, stableId("rolle:lehrkraft")));
    try {
      const again = await view(admin);
      expect(again.waves).toBe(1);
      expect(again.html).toContain("Lehrkraft (neu benannt)");
    } finally {
      await portal.db
        .update(rolle)
        .set({ name: "Lehrkraft" })
        .where(eq(rolle.id, stableId("rolle:lehrkraft")));
    }
  });

  it("eine andere Seite, Suche oder Sortierung liest ihre Übersichten in der zweiten Welle", async () => {
    const admin = await portal.loggedIn("landesadmin", "gold");
    await view(admin);
    for (const path of ["/admin/personen?seite=2", "/admin/personen?sortierung=-familienname", "/admin/personen?suche=a"]) {
      const other = await view(admin, path);
      expect(other.waves, path).toBe(2);
      expect(other.overviews, path).toBe(1);
    }
  });

  it("eine neue Anmeldung rät nicht mit der Seite einer anderen Sitzung", async () => {
    const admin = await portal.loggedIn("landesadmin", "gold");
    await view(admin);
    const again = await portal.loggedIn("landesadmin", "gold");
    const fresh = await view(again);
    expect(fresh.waves).toBe(2);
  });

  it("eine Person, die neu auf die Seite rückt, bekommt ihre Rollen in einer zweiten Welle", async () => {
    const admin = await portal.loggedIn("landesadmin", "gold");
    const path = "/admin/personen?sortierung=-familienname";
    await view(admin, path);
    // The teacher of school A sorts onto the first page of the descending list: another administrator renamed her.
    const [lehrkraft] = await portal.db.select().from(person).where(eq(person.username, "lehrkraft"));
    await portal.db.update(person).set({ familienname: "Zzyzx" }).where(eq(person.id, lehrkraft!.id));
    try {
      const after = await view(admin, path);
      expect(after.html).toMatch(/Zzyzx[\s\S]*?Lehrkraft[\s\S]*?<\/tr>/);
      expect(after.waves).toBe(2);
      expect(after.overviews).toBe(2);
    } finally {
      await portal.db.update(person).set({ familienname: lehrkraft!.familienname }).where(eq(person.id, lehrkraft!.id));
    }
  });
});
