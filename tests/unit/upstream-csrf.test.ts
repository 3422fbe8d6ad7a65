import { afterEach, describe, expect, it } from "vitest";
import {
  currentUpstream,
  pinnedUpstream,
  portalModulesFor,
  portalRequest,
  SCHULE_ID,
  startStandIn,
  type StandIn,
  failureOf,
} from "./support/stand-in-upstream";

/**
 * Item 1 of issue 5 §5: the current upstream refuses writes without the session's CSRF token
 * (CHANGES-SINCE-PIN §2.1), the pinned one has no token endpoint. The upstream client must work with both.
 */
let standIn: StandIn | undefined;
afterEach(() => standIn?.close());

const tokenCalls = (upstream: StandIn) => upstream.received.filter((r) => r.path === "/api/auth/csrf-token");
const writes = (upstream: StandIn) => upstream.received.filter((r) => r.method !== "GET");

describe("Änderungen beim aktuellen Upstream (mit CSRF-Schutz)", () => {
  it("eine Änderung trägt das Token der Upstream-Sitzung, und weitere Änderungen derselben Sitzung kosten keinen Abruf mehr", async () => {
    const upstream = currentUpstream();
    standIn = await startStandIn(upstream.handler);
    const { organisationen } = await portalModulesFor(standIn.url);

    await organisationen.createKlasse(portalRequest("s1"), SCHULE_ID, "5a");
    await organisationen.renameOrganisation(portalRequest("s1", { method: "POST" }), "id", { name: "5b", version: 2 });

    expect(tokenCalls(standIn)).toHaveLength(1);
    expect(writes(standIn).map((w) => w.headers["x-csrf-token"])).toEqual([upstream.tokenOf("s1"), upstream.tokenOf("s1")]);
    // The portal's own cookie never reaches the upstream, not even on the token call.
    expect(tokenCalls(standIn)[0].headers.cookie).toBe("connect.sid=s1");
  });

  it("Lesen braucht kein Token", async () => {
    standIn = await startStandIn(currentUpstream().handler);
    const { organisationen } = await portalModulesFor(standIn.url);

    await organisationen.findOrganisationen(portalRequest("s1", { method: "GET" }), { typ: "KLASSE" });

    expect(tokenCalls(standIn)).toHaveLength(0);
    expect(standIn.received[0].headers["x-csrf-token"]).toBeUndefined();
  });

  it("jede Upstream-Sitzung bekommt ihr eigenes Token", async () => {
    const upstream = currentUpstream();
    standIn = await startStandIn(upstream.handler);
    const { organisationen } = await portalModulesFor(standIn.url);

    await organisationen.createKlasse(portalRequest("s1"), SCHULE_ID, "5a");
    await organisationen.createKlasse(portalRequest("s2"), SCHULE_ID, "5b");

    expect(tokenCalls(standIn)).toHaveLength(2);
    expect(writes(standIn).map((w) => w.headers["x-csrf-token"])).toEqual([upstream.tokenOf("s1"), upstream.tokenOf("s2")]);
    expect(upstream.tokenOf("s1")).not.toBe(upstream.tokenOf("s2"));
  });

  it("lehnt der Upstream ein gemerktes Token ab, holt der Client einmal ein frisches und sendet die Änderung erneut", async () => {
    const upstream = currentUpstream();
    standIn = await startStandIn(upstream.handler);
    const { organisationen } = await portalModulesFor(standIn.url);
    await organisationen.createKlasse(portalRequest("s3"), SCHULE_ID, "5a");
    const stale = upstream.tokenOf("s3");
    upstream.rotate("s3");

    const created = await organisationen.createKlasse(portalRequest("s3"), SCHULE_ID, "5b");

    expect(created.name).toBe("5b");
    expect(tokenCalls(standIn)).toHaveLength(2);
    expect(writes(standIn).map((w) => w.headers["x-csrf-token"])).toEqual([stale, stale, upstream.tokenOf("s3")]);
  });

  it("lehnt der Upstream auch das frische Token ab, sagt die Seite, was geschah – nicht nur die allgemeine Meldung des Aufrufs", async () => {
    const upstream = currentUpstream();
    standIn = await startStandIn((request, response) => {
      // A session store the instances do not share: every token this instance hands out is unknown to the next.
      if (request.method !== "GET") upstream.rotate("s4");
      upstream.handler(request, response);
    });
    const { organisationen } = await portalModulesFor(standIn.url);

    const failure = await failureOf(organisationen.createKlasse(portalRequest("s4"), SCHULE_ID, "5a"));

    expect(failure.code).toBe("CSRF_TOKEN_INVALID");
    expect(failure.status).toBe(502);
    // One retry, not a loop.
    expect(writes(standIn)).toHaveLength(2);
    expect(tokenCalls(standIn)).toHaveLength(2);
  });

  it("ohne Upstream-Sitzung wird kein Token geholt, und der Upstream schickt zur Anmeldung", async () => {
    standIn = await startStandIn(currentUpstream().handler);
    const { organisationen } = await portalModulesFor(standIn.url);

    const redirect = await failureOf(organisationen.createKlasse(portalRequest(null), SCHULE_ID, "5a"));

    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toMatch(/^\/api\/auth\/login\?redirectUrl=/);
    expect(tokenCalls(standIn)).toHaveLength(0);
  });

  it("ist die Upstream-Sitzung abgelaufen, führt die Änderung zur Anmeldung statt zu einem Fehler", async () => {
    standIn = await startStandIn(currentUpstream({ sessions: new Set() }).handler);
    const { organisationen } = await portalModulesFor(standIn.url);

    const redirect = await failureOf(organisationen.createKlasse(portalRequest("abgelaufen"), SCHULE_ID, "5a"));

    expect(redirect.status).toBe(302);
    expect(writes(standIn)).toHaveLength(1);
    expect(writes(standIn)[0].headers["x-csrf-token"]).toBeUndefined();
  });
});

describe("Änderungen beim festgelegten Upstream (ohne CSRF-Endpunkt)", () => {
  it("gehen ohne Token, und ob es Tokens gibt, wird nur einmal je Prozess gefragt", async () => {
    standIn = await startStandIn(pinnedUpstream());
    const { organisationen } = await portalModulesFor(standIn.url);

    await organisationen.createKlasse(portalRequest("s1"), SCHULE_ID, "5a");
    await organisationen.createKlasse(portalRequest("s2"), SCHULE_ID, "5b");
    await organisationen.deleteKlasse(portalRequest("s2"), "0b9e4d1c-8f3a-4e62-b1d7-5a2c9e7f3d10");

    expect(tokenCalls(standIn)).toHaveLength(1);
    expect(writes(standIn).every((w) => w.headers["x-csrf-token"] === undefined)).toBe(true);
  });

  it("wird der Upstream im laufenden Betrieb durch den aktuellen ersetzt, holt der Client doch ein Token", async () => {
    standIn = await startStandIn(pinnedUpstream());
    const { organisationen } = await portalModulesFor(standIn.url);
    await organisationen.createKlasse(portalRequest("s1"), SCHULE_ID, "5a");
    const upgraded = currentUpstream();
    standIn.replace(upgraded.handler);

    const created = await organisationen.createKlasse(portalRequest("s1"), SCHULE_ID, "5b");

    expect(created.name).toBe("5b");
    expect(writes(standIn).at(-1)?.headers["x-csrf-token"]).toBe(upgraded.tokenOf("s1"));
  });
});
