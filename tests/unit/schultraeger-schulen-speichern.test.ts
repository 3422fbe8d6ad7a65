import { afterEach, describe, expect, it, vi } from "vitest";
import { json, pointPortalAt, portalRequest, routeMiss, startStandIn, type Handler, type StandIn } from "./support/stand-in-upstream";

/**
 * Saving a Schulträger's staged schools (decision 020, ORGANISATIONS_ROLES.md §4.13) against a stand-in upstream that
 * keeps a small hierarchy: each staged school is checked again, one call per school is sent, a refusal is reported
 * with its code and stays staged, and a move that answers only after the portal gave up is looked for.
 */
let standIn: StandIn | undefined;
afterEach(() => standIn?.close());

const LAND = "10000000-0000-4000-8000-000000000001";
const ERSATZ = "10000000-0000-4000-8000-000000000002";
const TRAEGER = "20000000-0000-4000-8000-000000000001";
const ANDERER = "20000000-0000-4000-8000-000000000002";
const schule = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const [FREI, BEIM_TRAEGER, VERWEIGERT, LANGSAM, BEIM_ANDEREN] = [1, 2, 3, 4, 5].map(schule);

interface Org {
  id: string;
  name: string;
  typ: string;
  kennung?: string;
  administriertVon: string;
  zugehoerigZu: string;
}

function hierarchy({ mayMove = true } = {}) {
  const orgs = new Map<string, Org>();
  const add = (org: Org) => orgs.set(org.id, org);
  add({ id: LAND, name: "Öffentliche Schulen", typ: "LAND", administriertVon: "root", zugehoerigZu: "root" });
  add({ id: ERSATZ, name: "Ersatzschulen", typ: "LAND", administriertVon: "root", zugehoerigZu: "root" });
  add({ id: TRAEGER, name: "Stadt", typ: "TRAEGER", administriertVon: LAND, zugehoerigZu: LAND });
  add({ id: ANDERER, name: "Kreis", typ: "TRAEGER", administriertVon: LAND, zugehoerigZu: LAND });
  const school = (id: string, n: number, zugehoerigZu: string) =>
    add({ id, name: `Schule ${n}`, kennung: `07100${n}`, typ: "SCHULE", administriertVon: LAND, zugehoerigZu });
  school(FREI, 1, LAND);
  school(BEIM_TRAEGER, 2, TRAEGER);
  school(VERWEIGERT, 3, LAND);
  school(LANGSAM, 4, LAND);
  school(BEIM_ANDEREN, 5, ANDERER);
  const moves: string[] = [];

  const handler: Handler = (request, response) => {
    const { method, path, query } = request;
    if (method === "GET" && path === "/api/auth/csrf-token") return json(response, 200, { csrfToken: "token" });
    const response200 = (items: Org[]) => json(response, 200, items, { "X-Paging-Total": String(items.length) });
    if (method === "GET" && path === "/api/organisationen/root/children") {
      return json(response, 200, { oeffentlich: orgs.get(LAND), ersatz: orgs.get(ERSATZ) });
    }
    if (method === "GET" && path === "/api/organisationen") {
      const ids = query.getAll("organisationIds");
      // The Träger admin of the second test holds the right at the Träger only: its form is not among its organisations.
      return response200([...orgs.values()].filter((org) => ids.includes(org.id) && (mayMove || org.typ !== "LAND")));
    }
    const zugehoerig = /^\/api\/organisationen\/([^/]+)\/zugehoerig$/.exec(path);
    if (method === "GET" && zugehoerig) return response200([...orgs.values()].filter((org) => org.zugehoerigZu === zugehoerig[1]));
    if (method === "POST" && zugehoerig) {
      const { organisationId } = JSON.parse(request.body) as { organisationId: string };
      moves.push(organisationId);
      if (organisationId === VERWEIGERT) return json(response, 400, { i18nKey: "ORGANISATION_WECHSELT_TEILBAUM", code: 400 });
      orgs.get(organisationId)!.zugehoerigZu = zugehoerig[1];
      if (organisationId === LANGSAM) return setTimeout(() => response.writeHead(201).end(), 1_500);
      return response.writeHead(201).end();
    }
    return routeMiss(request, response);
  };
  return { handler, orgs, moves };
}

async function speichernGegen(handler: Handler) {
  standIn = await startStandIn(handler);
  pointPortalAt(standIn.url, { UPSTREAM_TIMEOUT_MS: "500", SESSION_SECRET: "unit-session-secret-with-at-least-32-characters" });
  return (await import("~/features/schultraeger/schultraeger-schulen.server")).speichern;
}

function form(entries: [string, string][]) {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  return formData;
}

const ZIEL = `/admin/schultraeger/${TRAEGER}/schulen`;

async function answerOf(response: unknown) {
  const init = response as { data: unknown; init: { status?: number } | null };
  return { status: init.init?.status ?? 200, data: init.data };
}

describe("Schulen eines Schulträgers speichern", () => {
  it("alles gespeichert: zurück zur Seite mit einer Meldung", async () => {
    const upstream = hierarchy();
    const speichern = await speichernGegen(upstream.handler);
    const response = await speichern(
      portalRequest("s1", { path: ZIEL }),
      TRAEGER,
      form([
        ["hinzu", FREI],
        ["weg", BEIM_TRAEGER],
      ]),
      ZIEL,
    );
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get("Location")).toBe(ZIEL);
    expect((response as Response).headers.get("Set-Cookie"), "the one-time message").toBeTruthy();
    expect(upstream.orgs.get(FREI)!.zugehoerigZu).toBe(TRAEGER);
    // Unassigned means: back to the Träger's form.
    expect(upstream.orgs.get(BEIM_TRAEGER)!.zugehoerigZu).toBe(LAND);
  });

  it("eine verweigerte Schule wird mit ihrem Code gemeldet, eine zu spät beantwortete nachgesehen, eine geänderte übersprungen", async () => {
    const upstream = hierarchy();
    const speichern = await speichernGegen(upstream.handler);
    const response = await speichern(
      portalRequest("s1", { path: ZIEL }),
      TRAEGER,
      form([
        ["hinzu", VERWEIGERT],
        ["hinzu", LANGSAM],
        ["hinzu", BEIM_ANDEREN],
        ["hinzu", BEIM_TRAEGER],
      ]),
      ZIEL,
    );
    const { status, data } = await answerOf(response);
    expect(status).toBe(200);
    expect(data).toMatchObject({
      antwort: "ergebnis",
      ergebnis: {
        // Only what this save did counts as saved.
        gespeichert: [{ id: LANGSAM, art: "hinzu", label: "071004 (Schule 4)" }],
        // Already at the Träger (someone else's identical change): as wanted, nothing sent, reported as such.
        bereits: [{ id: BEIM_TRAEGER, art: "hinzu", label: "071002 (Schule 2)" }],
        fehlgeschlagen: [{ id: VERWEIGERT, art: "hinzu", code: "ORGANISATION_WECHSELT_TEILBAUM" }],
        uebersprungen: [{ id: BEIM_ANDEREN, art: "hinzu", grund: "andererTraeger" }],
      },
    });
    expect(upstream.moves.sort()).toEqual([VERWEIGERT, LANGSAM].sort());
    expect(upstream.orgs.get(BEIM_ANDEREN)!.zugehoerigZu).toBe(ANDERER);
  });

  it("ungültige Vormerkungen und Nutzer ohne das Recht an der Schulform ändern nichts", async () => {
    const refused = hierarchy();
    const speichern = await speichernGegen(refused.handler);
    const invalid = await answerOf(await speichern(portalRequest("s1", { path: ZIEL }), TRAEGER, form([["weg", "kaputt"]]), ZIEL));
    expect(invalid).toEqual({ status: 400, data: { antwort: "ungueltig", fehler: "ungueltig" } });
    expect(refused.moves).toEqual([]);
    standIn?.close();

    const traegerAdmin = hierarchy({ mayMove: false });
    const speichernOhneRecht = await speichernGegen(traegerAdmin.handler);
    const answer = await answerOf(
      await speichernOhneRecht(portalRequest("s1", { path: ZIEL }), TRAEGER, form([["weg", BEIM_TRAEGER]]), ZIEL),
    );
    expect(answer).toEqual({ status: 403, data: { antwort: "keinRecht" } });
    expect(traegerAdmin.moves).toEqual([]);
  });
});

vi.setConfig({ testTimeout: 10_000 });
