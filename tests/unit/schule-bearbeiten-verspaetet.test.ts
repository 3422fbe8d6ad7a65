import { afterEach, describe, expect, it } from "vitest";
import { json, pointPortalAt, portalRequest, routeMiss, startStandIn, type Handler, type StandIn } from "./support/stand-in-upstream";

/**
 * ADR 011 §5 for the full update of a school: a PUT that the upstream answers only after the portal gave up may still
 * have been applied; the portal reads the school again and says whether it has the new Dienststellennummer and name.
 */
let standIn: StandIn | undefined;
afterEach(() => standIn?.close());

const SCHULE_ID = "3a5b7c9d-1e2f-4a3b-8c4d-5e6f7a8b9c0d";
const LAND_ID = "3a5b7c9d-1e2f-4a3b-8c4d-000000000001";
const TRAEGER_ID = "3a5b7c9d-1e2f-4a3b-8c4d-000000000002";
const gelesen = {
  id: SCHULE_ID,
  administriertVon: LAND_ID,
  zugehoerigZu: TRAEGER_ID,
  kennung: "0780001",
  name: "Schule am Hafen",
  typ: "SCHULE" as const,
  itslearningEnabled: false,
  version: 3,
};

function slowUpstream({ applyWrites }: { applyWrites: boolean }) {
  let stored = { ...gelesen };
  const bodies: unknown[] = [];
  const handler: Handler = (request, response) => {
    if (request.method === "GET" && request.path === "/api/organisationen") {
      return json(response, 200, [stored], { "X-Paging-Total": "1" });
    }
    if (request.method === "PUT" && request.path === `/api/organisationen/${SCHULE_ID}`) {
      const body = JSON.parse(request.body) as { kennung: string; name: string };
      bodies.push(body);
      if (body.kennung === stored.kennung) return json(response, 400, { i18nKey: "SCHULE_KENNUNG_EINDEUTIG", code: 400 });
      const updated = { ...stored, ...body, version: stored.version + 1 };
      if (applyWrites) stored = updated;
      return setTimeout(() => json(response, 200, updated), 1_500);
    }
    return routeMiss(request, response);
  };
  return { handler, bodies };
}

async function writesAgainst(handler: Handler) {
  standIn = await startStandIn(handler);
  pointPortalAt(standIn.url, { UPSTREAM_TIMEOUT_MS: "500" });
  return import("~/features/schulen/schule-bearbeiten.server");
}

describe("Dienststellennummer und Namen einer Schule ändern, wenn der Dienst zu spät antwortet", () => {
  it("meldet die Änderung als gespeichert, wenn die Schule danach die neuen Werte trägt, und behält ihren Schulträger", async () => {
    const upstream = slowUpstream({ applyWrites: true });
    const writes = await writesAgainst(upstream.handler);
    const outcome = await writes.updateSchuleWithOutcome(portalRequest("s1"), gelesen, { kennung: "0780002", name: "Schule am See" });
    expect(outcome).toMatchObject({ status: "saved", how: "found-after-timeout", value: { kennung: "0780002", name: "Schule am See" } });
    expect(upstream.bodies).toEqual([
      { administriertVon: LAND_ID, zugehoerigZu: TRAEGER_ID, typ: "SCHULE", kennung: "0780002", name: "Schule am See" },
    ]);
  });

  it("sagt klar „nicht gespeichert“, wenn die Schule beim Nachsehen noch die alten Werte hat", async () => {
    const writes = await writesAgainst(slowUpstream({ applyWrites: false }).handler);
    const outcome = await writes.updateSchuleWithOutcome(portalRequest("s1"), gelesen, { kennung: "0780002", name: "Schule am See" });
    expect(outcome).toMatchObject({ status: "not-saved", failure: { code: "WRITE_NOT_SAVED" } });
  });

  it("nach dem eigenen unbeantworteten Versuch ist „Nummer vergeben“ die eigene, gespeicherte Änderung", async () => {
    const upstream = slowUpstream({ applyWrites: true });
    const writes = await writesAgainst(upstream.handler);
    await writes.updateSchuleWithOutcome(portalRequest("s1"), gelesen, { kennung: "0780002", name: "Schule am See" });
    // Sent again: the school already has the number, the upstream refuses it as taken, a look shows it is the wanted state.
    const again = await writes.updateSchuleWithOutcome(
      portalRequest("s1"),
      { ...gelesen, kennung: "0780002", name: "Schule am See" },
      {
        kennung: "0780002",
        name: "Schule am See",
      },
    );
    expect(again).toMatchObject({ status: "saved", how: "found-after-conflict" });
    // Only the name with the old number: refused, and nothing found that would count as saved.
    const nameOnly = await writes.updateSchuleWithOutcome(
      portalRequest("s1"),
      { ...gelesen, kennung: "0780002", name: "Schule am See" },
      {
        kennung: "0780002",
        name: "Schule am Strand",
      },
    );
    expect(nameOnly).toMatchObject({ status: "not-saved", failure: { code: "SCHULE_KENNUNG_EINDEUTIG" } });
  });
});
