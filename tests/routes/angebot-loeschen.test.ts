import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceProvider } from "../../upstream/reference/db/schema.ts";
import { newId } from "../../upstream/reference/lib/ids.ts";
import { DEMO_IDS } from "./support/klassen.ts";
import { startPortal, type Portal, type PortalVisitor } from "./support/portal.ts";

/**
 * Deleting an offer from its page (issue 34 §2): one DELETE for the confirmed offer, the upstream's refusals in German
 * in the question, and no way for someone without the right.
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

async function freshAngebot() {
  const id = newId();
  const name = `Löschangebot ${id.slice(0, 8)}`;
  await portal.db.insert(serviceProvider).values({
    id,
    name,
    target: "URL",
    url: "https://example.org/",
    kategorie: "SCHULISCH",
    providedOnSchulstrukturknoten: DEMO_IDS.schuleA,
  });
  return { id, name };
}

describe("Angebot löschen", () => {
  it("ein unbenutztes Angebot wird mit genau einem DELETE gelöscht; danach die Liste mit der Meldung", async () => {
    const angebot = await freshAngebot();
    expect(await (await admin.get(`/admin/angebote/${angebot.id}`)).text()).toContain("Angebot löschen");
    portal.upstreamCalls.length = 0;
    const answer = await admin.postForm(`/admin/angebote/${angebot.id}?loeschen`, {});
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin/angebote");
    expect(writes()).toEqual([`DELETE /api/provider/${angebot.id}`]);
    expect(await (await admin.follow(answer)).text()).toContain(`Das Angebot „${angebot.name}“ wurde gelöscht.`);
    expect((await admin.get(`/admin/angebote/${angebot.id}`)).status).toBe(404);
  });

  it("ein Angebot, das Rollen weitergeben, bleibt: die Frage sagt warum, Status 409", async () => {
    const answer = await admin.postForm(`/admin/angebote/${DEMO_IDS.providerEmail}?loeschen`, {});
    expect(answer.status).toBe(409);
    expect(await answer.text()).toContain("Angebot wird verwendet");
    expect((await admin.get(`/admin/angebote/${DEMO_IDS.providerEmail}`)).status).toBe(200);
  });

  it("wer Angebote nicht verwaltet, bekommt „nicht gefunden“, und nichts wird gelöscht", async () => {
    const angebot = await freshAngebot();
    const lehrkraft = await portal.loggedIn("lehrkraft", "gold");
    portal.upstreamCalls.length = 0;
    expect((await lehrkraft.postForm(`/admin/angebote/${angebot.id}?loeschen`, {})).status).toBe(404);
    expect((await lehrkraft.get(`/admin/angebote/${angebot.id}?loeschen`)).status).toBe(404);
    expect(writes()).toEqual([]);
  });
});
