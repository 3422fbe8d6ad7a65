import { afterEach, describe, expect, it, vi } from "vitest";
import {
  json,
  KLASSE_ID,
  klasseCurrent,
  pointPortalAt,
  portalRequest,
  routeMiss,
  SCHULE_ID,
  startStandIn,
  type Handler,
  type StandIn,
} from "./support/stand-in-upstream";

/**
 * Issue 5 §3: a class write that the upstream answers only after the portal gave up may still have been applied.
 * The class writes look again and say plainly whether the change is there. The stand-in applies (or drops) each
 * write at once and answers it late, as a slow upstream does.
 */
let standIn: StandIn | undefined;
afterEach(() => standIn?.close());

const PORTAL_TIMEOUT_MS = 500;
const LATE_MS = 1_500;

function slowUpstream({ applyWrites }: { applyWrites: boolean }) {
  const klassen = new Map<string, { id: string; name: string; version: number }>([[KLASSE_ID, { id: KLASSE_ID, name: "5a", version: 2 }]]);
  const late = (send: () => void) => setTimeout(send, LATE_MS);
  const handler: Handler = (request, response) => {
    const { method, path } = request;
    if (method === "GET" && path === "/api/organisationen") {
      const name = request.query.get("name");
      const items = [...klassen.values()]
        .filter((klasse) => !name || klasse.name.includes(name))
        .map((klasse) => ({ ...klasseCurrent, ...klasse }));
      return json(response, 200, items, { "X-Paging-Total": String(items.length) });
    }
    const single = /^\/api\/organisationen\/([^/]+)$/.exec(path);
    if (method === "GET" && single) {
      const klasse = klassen.get(single[1]);
      return klasse
        ? json(response, 200, { ...klasseCurrent, ...klasse })
        : json(response, 404, { i18nKey: "ENTITY_NOT_FOUND", code: 404 });
    }
    if (method === "POST" && path === "/api/organisationen") {
      const name = (JSON.parse(request.body) as { name: string }).name;
      if ([...klassen.values()].some((klasse) => klasse.name === name)) {
        return json(response, 400, { i18nKey: "KLASSENNAME_AN_SCHULE_EINDEUTIG", code: 400 });
      }
      const created = { id: "1d2c3b4a-0000-4000-8000-000000000001", name, version: 1 };
      if (applyWrites) klassen.set(created.id, created);
      return late(() => json(response, 201, { ...klasseCurrent, ...created }));
    }
    const rename = /^\/api\/organisationen\/([^/]+)\/name$/.exec(path);
    if (method === "PATCH" && rename) {
      const { name } = JSON.parse(request.body) as { name: string };
      const klasse = klassen.get(rename[1])!;
      if (applyWrites) klassen.set(klasse.id, { ...klasse, name, version: klasse.version + 1 });
      return late(() => json(response, 200, { ...klasseCurrent, ...klasse, name }));
    }
    const remove = /^\/api\/organisationen\/([^/]+)(\/klasse)?$/.exec(path);
    if (method === "DELETE" && remove) {
      if (applyWrites) klassen.delete(remove[1]);
      return late(() => response.writeHead(204).end());
    }
    return routeMiss(request, response);
  };
  return { handler, klassen };
}

async function classWritesAgainst(handler: Handler) {
  standIn = await startStandIn(handler);
  pointPortalAt(standIn.url, { UPSTREAM_TIMEOUT_MS: String(PORTAL_TIMEOUT_MS) });
  return import("~/features/klassen/klassen-writes.server");
}

describe("eine Klasse anlegen, umbenennen oder löschen, wenn der Dienst zu spät antwortet", () => {
  it("meldet eine angelegte Klasse als gespeichert, obwohl die Antwort zu spät kam", async () => {
    const writes = await classWritesAgainst(slowUpstream({ applyWrites: true }).handler);
    const outcome = await writes.createKlasseWithOutcome(portalRequest("s1"), SCHULE_ID, "6c", { earlierAttemptUnanswered: false });
    expect(outcome).toMatchObject({ status: "saved", how: "found-after-timeout", value: { name: "6c" } });
  });

  it("sagt klar „nicht gespeichert“, wenn die Klasse auch beim Nachsehen fehlt", async () => {
    const writes = await classWritesAgainst(slowUpstream({ applyWrites: false }).handler);
    const outcome = await writes.createKlasseWithOutcome(portalRequest("s1"), SCHULE_ID, "6c", { earlierAttemptUnanswered: false });
    expect(outcome).toMatchObject({ status: "not-saved", unanswered: true, failure: { code: "WRITE_NOT_SAVED" } });
  });

  it("zeigt nach dem eigenen unbeantworteten Versuch nicht „Name schon vergeben“, sondern „angelegt“", async () => {
    const upstream = slowUpstream({ applyWrites: true });
    upstream.klassen.set("1d2c3b4a-0000-4000-8000-000000000009", { id: "1d2c3b4a-0000-4000-8000-000000000009", name: "6c", version: 1 });
    const writes = await classWritesAgainst(upstream.handler);
    const own = await writes.createKlasseWithOutcome(portalRequest("s1"), SCHULE_ID, "6c", { earlierAttemptUnanswered: true });
    expect(own).toMatchObject({ status: "saved", how: "found-after-conflict" });
    // Without an own earlier attempt the same name is someone else's class: "taken".
    const foreign = await writes.createKlasseWithOutcome(portalRequest("s1"), SCHULE_ID, "6c", { earlierAttemptUnanswered: false });
    expect(foreign).toMatchObject({ status: "not-saved", failure: { code: "KLASSENNAME_AN_SCHULE_EINDEUTIG" } });
  });

  it("meldet eine zu spät beantwortete Umbenennung als gespeichert, wenn die Klasse den neuen Namen trägt", async () => {
    const writes = await classWritesAgainst(slowUpstream({ applyWrites: true }).handler);
    const outcome = await writes.renameKlasseWithOutcome(portalRequest("s1"), KLASSE_ID, "5b", 2);
    expect(outcome).toMatchObject({ status: "saved", how: "found-after-timeout", value: { name: "5b" } });
  });

  it("meldet eine zu spät beantwortete Löschung als erledigt, wenn die Klasse fort ist, und sonst als nicht gespeichert", async () => {
    const gone = await classWritesAgainst(slowUpstream({ applyWrites: true }).handler);
    expect(await gone.deleteKlasseWithOutcome(portalRequest("s1"), KLASSE_ID)).toMatchObject({ status: "saved" });
    standIn?.close();

    const kept = await classWritesAgainst(slowUpstream({ applyWrites: false }).handler);
    expect(await kept.deleteKlasseWithOutcome(portalRequest("s1"), KLASSE_ID)).toMatchObject({
      status: "not-saved",
      failure: { code: "WRITE_NOT_SAVED" },
    });
  });

  it("sagt „unklar“ statt „nicht gespeichert“, wenn auch das Nachsehen keine Antwort bekommt", async () => {
    const upstream = slowUpstream({ applyWrites: true });
    const silentReads: Handler = (request, response) => {
      if (request.method === "GET" && request.path.startsWith("/api/organisationen")) return; // never answers
      upstream.handler(request, response);
    };
    const writes = await classWritesAgainst(silentReads);
    const outcome = await writes.renameKlasseWithOutcome(portalRequest("s1"), KLASSE_ID, "5b", 2);
    expect(outcome).toMatchObject({ status: "unknown", failure: { code: "WRITE_OUTCOME_UNKNOWN" } });
  });
});

vi.setConfig({ testTimeout: 10_000 });
