import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rolle, rollenerweiterung, serviceProvider, serviceProviderMerkmal } from "../../upstream/reference/db/schema.ts";
import { newId, stableId } from "../../upstream/reference/lib/ids.ts";
import { DEMO_IDS, uniqueToken } from "./support/klassen.ts";
import { startPortal, type Portal, type PortalVisitor } from "./support/portal.ts";

/**
 * Creating and editing offers and a school's extensions in one step (issue 34 §1, §2, §4), at the server: what is
 * sent upstream, what someone else's change meanwhile does, and what the restricted right may not change.
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

const writes = () => portal.upstreamCalls.filter((call) => !call.startsWith("GET "));

async function freshAngebot(owner = DEMO_IDS.schuleC) {
  const id = newId();
  const name = `Testangebot ${uniqueToken().slice(-10)}`;
  await portal.db
    .insert(serviceProvider)
    .values({ id, name, target: "URL", url: "https://example.org/", kategorie: "UNTERRICHT", providedOnSchulstrukturknoten: owner });
  return { id, name };
}

const stand = async (visitor: PortalVisitor, id: string) =>
  /name="stand" value="([0-9a-f]+)"/.exec(await (await visitor.get(`/admin/angebote/${id}/bearbeiten`)).text())![1];

describe("Angebot anlegen", () => {
  it("ein Link ohne http(s) wird auf Deutsch abgelehnt, und nichts wird angelegt", async () => {
    portal.upstreamCalls.length = 0;
    const answer = await admin.postForm("/admin/angebote/new", {
      ebene: DEMO_IDS.schuleC,
      name: "Ohne Schema",
      link: "javascript:alert(1)",
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("mit http:// oder https:// beginnt");
    expect(writes()).toEqual([]);
  });

  it("ein vergebener Name steht am Namensfeld, und die Eingaben bleiben", async () => {
    const angebot = await freshAngebot();
    const answer = await admin.postForm("/admin/angebote/new", {
      ebene: DEMO_IDS.schuleC,
      name: angebot.name.toUpperCase(),
      link: "https://example.org/zwei",
      kategorie: "UNTERRICHT",
    });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain("Diese Organisation hat schon ein Angebot mit diesem Namen.");
    expect(html).toContain("https://example.org/zwei");
  });
});

describe("Angebot bearbeiten", () => {
  it("hat jemand das Angebot inzwischen geändert, wird nichts geschrieben und der neue Stand genannt", async () => {
    const angebot = await freshAngebot();
    const gelesen = await stand(admin, angebot.id);
    await portal.db
      .update(serviceProvider)
      .set({ name: `${angebot.name} B` })
      .where(eq(serviceProvider.id, angebot.id));
    portal.upstreamCalls.length = 0;
    const form = { stand: gelesen, name: `${angebot.name} A`, link: "https://example.org/", kategorie: "UNTERRICHT" };
    const answer = await admin.postForm(`/admin/angebote/${angebot.id}/bearbeiten`, form);
    expect(answer.status).toBe(409);
    expect(await answer.text()).toContain(`Der aktuelle Stand: Name „${angebot.name} B“`);
    expect(writes()).toEqual([]);

    // Saved again with the state now read: the user's input wins, knowingly.
    const again = await admin.postForm(`/admin/angebote/${angebot.id}/bearbeiten`, { ...form, stand: await stand(admin, angebot.id) });
    expect(again.status).toBe(302);
    expect(writes()).toEqual([`PATCH /api/provider/${angebot.id}`]);
    const [stored] = await portal.db.select().from(serviceProvider).where(eq(serviceProvider.id, angebot.id));
    expect(stored.name).toBe(`${angebot.name} A`);
  });

  it("unveränderte Eingaben fragen den Upstream nicht; nur Geändertes wird geschickt", async () => {
    const angebot = await freshAngebot();
    const form = { stand: await stand(admin, angebot.id), name: angebot.name, link: "https://example.org/", kategorie: "UNTERRICHT" };
    portal.upstreamCalls.length = 0;
    const unchanged = await admin.postForm(`/admin/angebote/${angebot.id}/bearbeiten`, form);
    expect(unchanged.status).toBe(302);
    expect(writes()).toEqual([]);
    const changed = await admin.postForm(`/admin/angebote/${angebot.id}/bearbeiten`, { ...form, link: "https://example.org/neu" });
    expect(changed.status).toBe(302);
    expect(writes()).toEqual([`PATCH /api/provider/${angebot.id}`]);
    const [stored] = await portal.db.select().from(serviceProvider).where(eq(serviceProvider.id, angebot.id));
    expect({ name: stored.name, url: stored.url, kategorie: stored.kategorie }).toEqual({
      name: angebot.name,
      url: "https://example.org/neu",
      kategorie: "UNTERRICHT",
    });
  });

  it("mit dem eingeschränkten Recht ändert ein Post nur Name und Link, auch wenn er eine Kategorie mitschickt", async () => {
    const angebot = await freshAngebot(DEMO_IDS.schuleVidis);
    const verwalterin = await portal.loggedIn("vidisadmin", "gold");
    const form = {
      stand: await stand(verwalterin, angebot.id),
      name: `${angebot.name} neu`,
      link: "https://example.org/",
      kategorie: "EMAIL",
    };
    const answer = await verwalterin.postForm(`/admin/angebote/${angebot.id}/bearbeiten`, form);
    expect(answer.status).toBe(302);
    const [stored] = await portal.db.select().from(serviceProvider).where(eq(serviceProvider.id, angebot.id));
    expect({ name: stored.name, kategorie: stored.kategorie }).toEqual({ name: `${angebot.name} neu`, kategorie: "UNTERRICHT" });
  });
});

describe("Angebot bearbeiten, wenn Schulen es für Rollen nutzen", () => {
  it("wer die Rollenerweiterung abwählt, bestätigt erst, dass die Erweiterungen wegfallen; danach sind sie weg", async () => {
    const angebot = await freshAngebot(DEMO_IDS.schuleA);
    await portal.db.insert(serviceProviderMerkmal).values({ serviceProviderId: angebot.id, merkmal: "VERFUEGBAR_FUER_ROLLENERWEITERUNG" });
    await portal.db
      .insert(rollenerweiterung)
      .values({ id: newId(), organisationId: DEMO_IDS.schuleA, rolleId: DEMO_IDS.rolleLehrkraft, serviceProviderId: angebot.id });
    const form = { stand: await stand(admin, angebot.id), name: angebot.name, link: "https://example.org/", kategorie: "UNTERRICHT" };
    portal.upstreamCalls.length = 0;
    const frage = await admin.postForm(`/admin/angebote/${angebot.id}/bearbeiten`, form);
    expect(frage.status).toBe(409);
    const html = await frage.text();
    expect(html).toContain("Rollenerweiterungen werden entfernt");
    expect(html).toContain("Speichern und Erweiterungen entfernen");
    expect(writes()).toEqual([]);

    const bestaetigt = await admin.postForm(`/admin/angebote/${angebot.id}/bearbeiten`, { ...form, bestaetigt: "1" });
    expect(bestaetigt.status).toBe(302);
    expect(writes()).toEqual([`PATCH /api/provider/${angebot.id}`]);
    expect(await portal.db.select().from(rollenerweiterung).where(eq(rollenerweiterung.serviceProviderId, angebot.id))).toEqual([]);
  });
});

describe("Erweiterungen einer Schule in einem Schritt", () => {
  it("eine Erweiterung, die jemand anderes inzwischen angelegt hat, nimmt das Formular nicht weg", async () => {
    const sprachlabor = stableId("sp:sprachlabor");
    const angebot = `/admin/angebote/${sprachlabor}/erweiterungen`;
    const angebotsadmin = await portal.loggedIn("angebotsadmin", "gold");
    const rolleId = newId();
    await portal.db
      .insert(rolle)
      .values({ id: rolleId, name: `Rolle ${uniqueToken()}`, administeredBySchulstrukturknoten: DEMO_IDS.schuleA, rollenart: "LEHR" });
    // Someone else extends the role while the form is open, without it: the form's "read" list is empty.
    await portal.db
      .insert(rollenerweiterung)
      .values({ id: newId(), organisationId: DEMO_IDS.schuleA, rolleId, serviceProviderId: sprachlabor });
    portal.upstreamCalls.length = 0;
    const answer = await angebotsadmin.postForm(angebot, { schule: DEMO_IDS.schuleA });
    expect(answer.status).toBe(302);
    expect(writes()).toEqual([]);
    expect(await portal.db.select().from(rollenerweiterung).where(eq(rollenerweiterung.rolleId, rolleId))).toHaveLength(1);
  });
});
