import { afterEach, describe, expect, it, vi } from "vitest";
import { CreatePersonWithPersonenkontexteBody, LandesbediensteterCommitBody } from "../../upstream/contract";
import {
  json,
  pointPortalAt,
  portalRequest,
  routeMiss,
  SCHULE_ID,
  startStandIn,
  type Received,
  type StandIn,
} from "./support/stand-in-upstream";

/**
 * Issue 9, the portal's side: creating a person (and not twice after a lost answer) and finding and adding a state
 * employee, against a stand-in upstream that answers as the upstream does (PERSONS §2.2.13, §2.4.2, §2.6).
 */
let standIn: StandIn | undefined;
afterEach(() => {
  standIn?.close();
  vi.restoreAllMocks();
});

const LEHRKRAFT = "cd5ab79c-05b7-4073-bdfe-ed9bb01aaedf";
const PERSON_ID = "2a96101d-1f67-4677-8c3a-28c286be35fc";
const body = {
  vorname: "Wanda",
  familienname: "Wächter",
  personalnummer: "4719001",
  createPersonenkontexte: [{ organisationId: SCHULE_ID, rolleId: LEHRKRAFT }],
};
const personRow = (lastModified: string, extra: Record<string, unknown> = {}) => ({
  person: {
    id: PERSON_ID,
    username: "wwaechter",
    name: { vorname: "Wanda", familienname: "Wächter" },
    personalnummer: "4719001",
    revision: "1",
    lastModified,
    ...extra,
  },
});

interface Script {
  create?: (request: Received) => [number, unknown];
  list?: () => unknown[];
  search?: (request: Received) => [number, unknown];
  add?: () => [number, unknown];
}

/** A pinned-like upstream (no CSRF endpoint) with the calls of issue 9, as the test scripts them. */
async function upstreamWith(script: Script) {
  standIn = await startStandIn((request, response) => {
    const { method, path } = request;
    if (method === "POST" && path === "/api/personenkontext-workflow" && script.create) return json(response, ...script.create(request));
    if (method === "GET" && path === "/api/personen-frontend" && script.list) {
      const items = script.list();
      return json(response, 200, { total: items.length, offset: 0, limit: items.length, items });
    }
    if (method === "GET" && path === "/api/personen/landesbediensteter" && script.search) return json(response, ...script.search(request));
    if (method === "PUT" && path.startsWith("/api/landesbediensteter/") && script.add) return json(response, ...script.add());
    routeMiss(request, response);
  });
  pointPortalAt(standIn.url);
  return {
    writes: await import("~/features/person-anlegen/person-anlegen-writes.server"),
    workflow: await import("~/.server/upstream/personenkontext-workflow.server"),
    landesbedienstete: await import("~/.server/upstream/landesbedienstete.server"),
    posts: () => standIn!.received.filter((r) => r.method === "POST" && r.path === "/api/personenkontext-workflow"),
  };
}

const created = (request: Received): [number, unknown] => [
  201,
  {
    person: { ...personRow(new Date().toISOString()).person, mandant: "m", userLock: [], startpasswort: "Wattwurm42!" },
    dBiamPersonenkontextResponses: JSON.parse(request.body).createPersonenkontexte.map((z: object) => ({ personId: PERSON_ID, ...z })),
  },
];
const lost = (): [number, unknown] => [500, { i18nKey: "INTERNAL_SERVER_ERROR", code: 500 }];

describe("Person anlegen", () => {
  it("sendet genau einen Körper des Vertrags und gibt das Startpasswort einmal zurück", async () => {
    const { workflow, posts } = await upstreamWith({ create: created });
    const answer = await workflow.createPersonWithPersonenkontexte(portalRequest("s1"), body);
    expect(answer.person.startpasswort).toBe("Wattwurm42!");
    expect(CreatePersonWithPersonenkontexteBody.parse(JSON.parse(posts()[0].body))).toEqual(body);
  });

  it("eine Antwort ohne Startpasswort liegt außerhalb des Vertrags", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { workflow } = await upstreamWith({
      create: (request) => {
        const [status, answer] = created(request);
        const { person } = answer as { person: Record<string, unknown> };
        return [status, { ...(answer as object), person: { ...person, startpasswort: undefined } }];
      },
    });
    await expect(workflow.createPersonWithPersonenkontexte(portalRequest("s1"), body)).rejects.toMatchObject({
      code: "ENTITY_COULD_NOT_BE_CREATED",
    });
  });

  it("ging die Antwort verloren, sieht das Portal nach und meldet die angelegte Person, ohne Startpasswort", async () => {
    const { writes } = await upstreamWith({ create: lost, list: () => [personRow(new Date().toISOString())] });
    const outcome = await writes.createPersonWithOutcome(portalRequest("s1"), body, { earlierAttemptUnanswered: false });
    expect(outcome).toMatchObject({
      status: "saved",
      how: "found-after-timeout",
      value: { id: PERSON_ID, username: "wwaechter", startpasswort: null },
    });
    const look = standIn!.received.find((r) => r.path === "/api/personen-frontend")!;
    expect(look.query.getAll("organisationIDs")).toEqual([SCHULE_ID]);
    expect(look.query.get("vorname")).toBe("Wanda");
    expect(look.query.get("familienname")).toBe("Wächter");
  });

  it("eine gleichnamige Person, die schon vorher da war oder eine andere KoPers-Nummer hat, zählt nicht", async () => {
    const old = new Date(Date.now() - 60 * 60_000).toISOString();
    const { writes } = await upstreamWith({
      create: lost,
      list: () => [personRow(old), personRow(new Date().toISOString(), { personalnummer: "4719999" })],
    });
    const outcome = await writes.createPersonWithOutcome(portalRequest("s1"), body, { earlierAttemptUnanswered: false });
    expect(outcome).toMatchObject({ status: "not-saved", failure: { code: "WRITE_NOT_SAVED" } });
  });

  it("nach einem eigenen verlorenen Versuch wird zuerst nachgesehen: ist die Person da, wird nicht noch einmal angelegt", async () => {
    const { writes, posts } = await upstreamWith({
      create: created,
      list: () => [personRow(new Date(Date.now() - 5 * 60_000).toISOString())],
    });
    const outcome = await writes.createPersonWithOutcome(portalRequest("s1"), body, { earlierAttemptUnanswered: true });
    expect(outcome).toMatchObject({ status: "saved", how: "found-after-timeout", value: { startpasswort: null } });
    expect(posts()).toHaveLength(0);
  });

  it("ist sie nicht da, wird angelegt; ohne frühere verlorene Antwort wird gar nicht erst nachgesehen", async () => {
    const { writes, posts } = await upstreamWith({ create: created, list: () => [] });
    const outcome = await writes.createPersonWithOutcome(portalRequest("s1"), body, { earlierAttemptUnanswered: true });
    expect(outcome).toMatchObject({ status: "saved", how: "answered", value: { startpasswort: "Wattwurm42!" } });
    expect(posts()).toHaveLength(1);
    const lookups = standIn!.received.filter((r) => r.path === "/api/personen-frontend").length;
    await writes.createPersonWithOutcome(portalRequest("s1"), { ...body, personalnummer: "4719002" }, { earlierAttemptUnanswered: false });
    expect(standIn!.received.filter((r) => r.path === "/api/personen-frontend")).toHaveLength(lookups);
  });

  it("lässt sich nicht nachsehen, ob der frühere Versuch ankam, wird nichts gesendet und das Ergebnis offen gelassen", async () => {
    const { writes, posts } = await upstreamWith({ create: created });
    const outcome = await writes.createPersonWithOutcome(portalRequest("s1"), body, { earlierAttemptUnanswered: true });
    expect(outcome).toMatchObject({ status: "unknown", failure: { code: "WRITE_OUTCOME_UNKNOWN" } });
    expect(posts()).toHaveLength(0);
  });

  it("eine Ablehnung wird mit dem Schlüssel des Upstreams gemeldet, auch mit führendem Leerzeichen", async () => {
    const { writes } = await upstreamWith({ create: () => [400, { i18nKey: " BEFRISTUNG_REQUIRED_FOR_PERSONENKONTEXT", code: 400 }] });
    const outcome = await writes.createPersonWithOutcome(portalRequest("s1"), body, { earlierAttemptUnanswered: false });
    expect(outcome).toMatchObject({ status: "not-saved", failure: { code: "BEFRISTUNG_REQUIRED_FOR_PERSONENKONTEXT" } });
  });
});

describe("Landesbedienstete suchen und hinzufügen", () => {
  const hit = {
    id: PERSON_ID,
    vorname: "Birgit",
    familienname: "Tadsen",
    username: "btadsen",
    personalnummer: "4712803",
    primaryEmailAddress: "birgit.tadsen@schule-sh.de",
    personenkontexte: [
      { rolleId: LEHRKRAFT, rolleName: "Lehrkraft", organisationId: SCHULE_ID, organisationName: "Schule", organisationDstNr: "0710008" },
    ],
  };

  it("ein Treffer, keiner, mehrere: drei Antworten für die Seite, keine davon ein Fehler", async () => {
    const answers: Array<[number, unknown]> = [
      [200, [hit]],
      [200, []],
      [400, { i18nKey: "LANDESBEDIENSTETER_SEARCH_NO_PERSON_FOUND", code: 400 }],
      [400, { i18nKey: "LANDESBEDIENSTETER_SEARCH_MULTIPLE_PERSONS_FOUND", code: 400 }],
    ];
    const { landesbedienstete } = await upstreamWith({ search: () => answers.shift()! });
    const request = portalRequest("s1", { method: "GET", path: "/admin/limited/personen/search" });
    expect(await landesbedienstete.searchLandesbediensteter(request, { personalnummer: "4712803" })).toEqual({
      status: "one",
      person: hit,
    });
    expect(await landesbedienstete.searchLandesbediensteter(request, { personalnummer: "1" })).toEqual({ status: "none" });
    expect(await landesbedienstete.searchLandesbediensteter(request, { username: "rrickmers" })).toEqual({ status: "none" });
    expect(await landesbedienstete.searchLandesbediensteter(request, { vorname: "Henning", familienname: "Hamkens" })).toEqual({
      status: "several",
    });
  });

  it("leere Suchfelder gehen nicht mit; andere Fehler bleiben Fehler", async () => {
    const { landesbedienstete } = await upstreamWith({ search: () => [500, { i18nKey: "INTERNAL_SERVER_ERROR", code: 500 }] });
    const request = portalRequest("s1", { method: "GET", path: "/admin/limited/personen/search" });
    await expect(
      landesbedienstete.searchLandesbediensteter(request, { personalnummer: "", primaryEmailAddress: "b@schule-sh.de", username: "" }),
    ).rejects.toMatchObject({ code: "INTERNAL_SERVER_ERROR", status: 502 });
    const sent = standIn!.received.find((r) => r.path === "/api/personen/landesbediensteter")!;
    expect([...sent.query.keys()]).toEqual(["primaryEmailAddress"]);
  });

  it("eine Person, die nicht mehr hinzugefügt werden kann, bekommt einen eigenen Text statt „Seite nicht gefunden“", async () => {
    const { landesbedienstete } = await upstreamWith({ add: () => [404, { i18nKey: "NOT_FOUND", code: 404 }] });
    const commit = LandesbediensteterCommitBody.parse({
      count: 1,
      newPersonenkontexte: [{ personId: PERSON_ID, organisationId: SCHULE_ID, rolleId: LEHRKRAFT }],
    });
    await expect(landesbedienstete.addLandesbediensteter(portalRequest("s1"), PERSON_ID, commit)).rejects.toMatchObject({
      code: "LANDESBEDIENSTETER_NICHT_HINZUFUEGBAR",
      status: 404,
    });
  });
});
