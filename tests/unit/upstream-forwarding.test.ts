import { afterEach, describe, expect, it } from "vitest";
import {
  currentUpstream,
  json,
  pointPortalAt,
  portalModulesFor,
  portalRequest,
  SCHULE_ID,
  startStandIn,
  type StandIn,
} from "./support/stand-in-upstream";

/**
 * Items 4 and 6 of issue 5 §5: query arrays as repeated keys, and the browser's scheme and host
 * forwarded to the upstream so its Secure session cookie works behind a plain-http hop.
 */
let standIn: StandIn | undefined;
afterEach(() => standIn?.close());

describe("Listen in der Anfrage", () => {
  it("gehen als wiederholte Schlüssel, nie in Klammerform, die der aktuelle Upstream stillschweigend verwirft", async () => {
    standIn = await startStandIn(currentUpstream().handler);
    const { client, organisationen } = await portalModulesFor(standIn.url);

    await organisationen.findOrganisationen(portalRequest("s1", { method: "GET" }), {
      typ: "KLASSE",
      systemrechte: ["KLASSEN_VERWALTEN", "SCHULEN_VERWALTEN"],
      administriertVon: [SCHULE_ID],
    });

    const [{ query, rawQuery }] = standIn.received;
    expect(query.getAll("systemrechte")).toEqual(["KLASSEN_VERWALTEN", "SCHULEN_VERWALTEN"]);
    expect(query.getAll("administriertVon")).toEqual([SCHULE_ID]);
    expect(decodeURIComponent(rawQuery)).not.toContain("[");
    expect(client.upstreamUrl("/api/x", { ids: ["a", "b"], leer: [], offset: 0, nichts: undefined }).search).toBe("?ids=a&ids=b&offset=0");
  });
});

describe("Schema und Host des Browsers", () => {
  it("erfährt der Upstream bei jedem Aufruf aus PUBLIC_ORIGIN, auch beim Abruf des CSRF-Tokens", async () => {
    standIn = await startStandIn(currentUpstream().handler);
    const { organisationen } = await portalModulesFor(standIn.url, { PUBLIC_ORIGIN: "https://schulportal.example" });

    await organisationen.createKlasse(portalRequest("s1"), SCHULE_ID, "5a");

    expect(standIn.received.map((r) => r.path)).toEqual(["/api/auth/csrf-token", "/api/organisationen"]);
    for (const received of standIn.received) {
      expect(received.headers["x-forwarded-proto"]).toBe("https");
      expect(received.headers["x-forwarded-host"]).toBe("schulportal.example");
    }
  });

  it("ohne PUBLIC_ORIGIN aus der Adresse der Anfrage", async () => {
    standIn = await startStandIn(currentUpstream().handler);
    const { organisationen } = await portalModulesFor(standIn.url, { PUBLIC_ORIGIN: undefined });

    await organisationen.findOrganisationen(portalRequest("s1", { method: "GET" }), {});

    expect(standIn.received[0].headers["x-forwarded-proto"]).toBe("http");
    expect(standIn.received[0].headers["x-forwarded-host"]).toBe("127.0.0.1:3000");
  });

  it("auch über die /api-Durchreichung, und was ein Browser selbst als X-Forwarded-* schickt, kommt nicht an", async () => {
    standIn = await startStandIn((request, response) => json(response, 200, {}));
    pointPortalAt(standIn.url, { PUBLIC_ORIGIN: "https://schulportal.example" });
    const route = await import("~/routes/api.$");

    await route.loader({
      request: new Request("https://schulportal.example/api/auth/login?redirectUrl=%2Fstart", {
        headers: { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http", Cookie: "connect.sid=s1" },
      }),
      params: {},
      context: {},
    });

    expect(standIn.received[0].headers["x-forwarded-proto"]).toBe("https");
    expect(standIn.received[0].headers["x-forwarded-host"]).toBe("schulportal.example");
  });
});
