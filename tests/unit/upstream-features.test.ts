import { afterEach, describe, expect, it } from "vitest";
import {
  BELEGTE_KLASSE_ID,
  currentUpstream,
  json,
  KLASSE_ID,
  pinnedUpstream,
  portalModulesFor,
  portalRequest,
  routeMiss,
  startStandIn,
  type StandIn,
  failureOf,
} from "./support/stand-in-upstream";

/**
 * Item 5 of issue 5 §5: routes that moved between the pinned and the current upstream. The client
 * learns from the upstream's own answers which variant it offers, once per process.
 */
let standIn: StandIn | undefined;
afterEach(() => standIn?.close());

const deletes = (upstream: StandIn) => upstream.received.filter((r) => r.method === "DELETE").map((r) => r.path);

describe("was als Routen-Fehlschlag des Frameworks gilt", () => {
  it("nur die NestJS-Antwort auf einen unbekannten Pfad, keine fachliche 404", async () => {
    const { features } = await portalModulesFor("http://127.0.0.1:9");
    const answer = (status: number, body: unknown) => ({ status, text: typeof body === "string" ? body : JSON.stringify(body) });

    expect(features.isRouteMiss(answer(404, { message: "Cannot DELETE /api/organisationen/x", error: "Not Found", statusCode: 404 }))).toBe(
      true,
    );
    expect(features.isRouteMiss(answer(404, { message: "Cannot GET /api/auth/csrf-token", error: "Not Found", statusCode: 404 }))).toBe(
      true,
    );
    // current upstream's domain 404s
    expect(features.isRouteMiss(answer(404, { i18nKey: "ENTITY_NOT_FOUND", code: 404 }))).toBe(false);
    expect(features.isRouteMiss(answer(404, { i18nKey: "MISSING_PERMISSIONS", code: 404 }))).toBe(false);
    // pinned SchulConneX 404 and the NestJS not-found of PUT /organisationen/{id}
    expect(
      features.isRouteMiss(answer(404, { code: 404, subcode: "01", titel: "Angefragte Entität existiert nicht", beschreibung: "x" })),
    ).toBe(false);
    expect(features.isRouteMiss(answer(404, { message: "Not Found", statusCode: 404 }))).toBe(false);
    // an ingress's own page is not the upstream speaking
    expect(features.isRouteMiss(answer(404, "<html><body>404 Not Found</body></html>"))).toBe(false);
    expect(features.isRouteMiss(answer(400, { message: "Cannot DELETE /api/x", statusCode: 400 }))).toBe(false);
  });
});

describe("Klasse löschen beim festgelegten und beim aktuellen Upstream", () => {
  it("der festgelegte Upstream löscht über …/klasse; nach dem ersten Mal geht der Client direkt dorthin", async () => {
    standIn = await startStandIn(pinnedUpstream());
    const { organisationen } = await portalModulesFor(standIn.url);

    await organisationen.deleteKlasse(portalRequest("s1"), KLASSE_ID);
    await organisationen.deleteKlasse(portalRequest("s2"), KLASSE_ID);

    expect(deletes(standIn)).toEqual([
      `/api/organisationen/${KLASSE_ID}`,
      `/api/organisationen/${KLASSE_ID}/klasse`,
      `/api/organisationen/${KLASSE_ID}/klasse`,
    ]);
  });

  it("der aktuelle Upstream löscht über /api/organisationen/{id}, mit dem Token der Sitzung", async () => {
    const upstream = currentUpstream();
    standIn = await startStandIn(upstream.handler);
    const { organisationen } = await portalModulesFor(standIn.url);

    await organisationen.deleteKlasse(portalRequest("s1"), KLASSE_ID);
    await organisationen.deleteKlasse(portalRequest("s1"), KLASSE_ID);

    expect(deletes(standIn)).toEqual([`/api/organisationen/${KLASSE_ID}`, `/api/organisationen/${KLASSE_ID}`]);
    expect(standIn.received.filter((r) => r.method === "DELETE").every((r) => r.headers["x-csrf-token"] === upstream.tokenOf("s1"))).toBe(
      true,
    );
  });

  it("eine Klasse mit zugeordneten Personen: beide Versionen nennen denselben Grund, der Client weicht nicht auf den alten Pfad aus", async () => {
    standIn = await startStandIn(currentUpstream().handler);
    const current = await portalModulesFor(standIn.url);
    const refusedNow = await failureOf(current.organisationen.deleteKlasse(portalRequest("s1"), BELEGTE_KLASSE_ID));
    // The class delete shows the current key with the class-specific text of the pinned one.
    expect(refusedNow.code).toBe("ORGANISATION_IST_BEREITS_ZUGEWIESEN_ERROR");
    expect(refusedNow.status).toBe(400);
    expect(deletes(standIn)).toEqual([`/api/organisationen/${BELEGTE_KLASSE_ID}`]);
    standIn.close();

    standIn = await startStandIn(pinnedUpstream());
    const pinned = await portalModulesFor(standIn.url);
    const refusedThen = await failureOf(pinned.organisationen.deleteKlasse(portalRequest("s1"), BELEGTE_KLASSE_ID));
    expect(refusedThen.code).toBe("ORGANISATION_IST_BEREITS_ZUGEWIESEN_ERROR");
  });

  it("eine fachliche 404 des aktuellen Upstreams ist kein Grund, den alten Pfad zu versuchen", async () => {
    standIn = await startStandIn(currentUpstream().handler);
    const { organisationen } = await portalModulesFor(standIn.url);

    const failure = await failureOf(organisationen.deleteKlasse(portalRequest("s1"), "1c2d3e4f-0000-4000-8000-000000000000"));

    expect(failure.code).toBe("ENTITY_NOT_FOUND");
    expect(deletes(standIn)).toHaveLength(1);
  });

  it("wird der festgelegte Upstream im laufenden Betrieb ersetzt, lernt der Client den neuen Pfad und merkt ihn sich", async () => {
    standIn = await startStandIn(pinnedUpstream());
    const { organisationen } = await portalModulesFor(standIn.url);
    await organisationen.deleteKlasse(portalRequest("s1"), KLASSE_ID);
    standIn.replace(currentUpstream().handler);
    standIn.received.length = 0;

    await organisationen.deleteKlasse(portalRequest("s1"), KLASSE_ID);
    await organisationen.deleteKlasse(portalRequest("s1"), KLASSE_ID);

    expect(deletes(standIn)).toEqual([
      `/api/organisationen/${KLASSE_ID}/klasse`,
      // The client also believed "no CSRF tokens here": the new upstream refuses once, then gets its token.
      `/api/organisationen/${KLASSE_ID}`,
      `/api/organisationen/${KLASSE_ID}`,
      `/api/organisationen/${KLASSE_ID}`,
    ]);
    expect(standIn.received.filter((r) => r.method === "DELETE").map((r) => r.headers["x-csrf-token"] !== undefined)).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it("bietet keiner der Pfade das Löschen an, zeigt die Seite die Meldung des Aufrufs", async () => {
    standIn = await startStandIn((request, response) => routeMiss(request, response));
    const { organisationen } = await portalModulesFor(standIn.url);

    const failure = await failureOf(organisationen.deleteKlasse(portalRequest("s1"), KLASSE_ID));

    expect(failure.code).toBe("KLASSE_ERROR");
  });
});

describe("ein Namenskonflikt beim Umbenennen ist in beiden Versionen derselbe", () => {
  it("409 MISMATCHED_REVISION des aktuellen Upstreams erscheint wie NEWER_VERSION_ORGANISATION des festgelegten", async () => {
    standIn = await startStandIn(currentUpstream().handler);
    const current = await portalModulesFor(standIn.url);
    const now = await failureOf(current.organisationen.renameOrganisation(portalRequest("s1"), KLASSE_ID, { name: "5c", version: 1 }));
    standIn.close();
    standIn = await startStandIn(pinnedUpstream());
    const pinned = await portalModulesFor(standIn.url);
    const then = await failureOf(pinned.organisationen.renameOrganisation(portalRequest("s1"), KLASSE_ID, { name: "5c", version: 1 }));

    expect(now.code).toBe("NEWER_VERSION_ORGANISATION");
    expect(then.code).toBe("NEWER_VERSION_ORGANISATION");
  });
});

describe("der Mechanismus für spätere Bildschirme", () => {
  it("wählt auch unter Lesezugriffen den Pfad, den der Upstream anbietet (Angebote für Rollen: neu assignable-for-rolle, früher /all)", async () => {
    standIn = await startStandIn((request, response) => {
      if (request.path === "/api/provider/all") return json(response, 200, [{ id: "p1" }]);
      routeMiss(request, response);
    });
    const { client, features } = await portalModulesFor(standIn.url);
    const providersForRolle = new features.UpstreamFeature("provider-for-rolle", ["assignable-for-rolle", "all"]);
    const request = portalRequest("s1", { method: "GET" });
    const load = () =>
      providersForRolle.exchange((variant) =>
        client.exchangeWithUpstream(request, variant === "all" ? "/api/provider/all" : "/api/provider/assignable-for-rolle", {
          query: variant === "all" ? {} : { schulstrukturknotenOfRolle: "org" },
        }),
      );

    expect(JSON.parse((await load()).text)).toEqual([{ id: "p1" }]);
    expect(providersForRolle.known()).toBe("all");
    await load();
    expect(standIn.received.map((r) => r.path)).toEqual(["/api/provider/assignable-for-rolle", "/api/provider/all", "/api/provider/all"]);
  });

  it("merkt sich eine Variante, die sich an der Form einer Antwort zeigt (Rolle mit Angeboten anlegen)", async () => {
    const { features } = await portalModulesFor("http://127.0.0.1:9");
    const rolleAnlegen = new features.UpstreamFeature("rolle-anlegen", ["with-service-providers", "follow-up-put"]);
    expect(rolleAnlegen.known()).toBeUndefined();
    rolleAnlegen.learn("follow-up-put");
    expect(rolleAnlegen.known()).toBe("follow-up-put");
    // Per process and upstream: another instance of the same feature sees what was learnt.
    expect(new features.UpstreamFeature("rolle-anlegen", ["with-service-providers", "follow-up-put"]).known()).toBe("follow-up-put");
  });
});
