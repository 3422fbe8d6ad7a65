import { parseWithZod } from "@conform-to/zod";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CreateSchultraegerSchema, RenameSchultraegerSchema } from "~/features/schultraeger/schultraeger-forms";
import { SchultraegerListParams, schultraegerQuery, schultraegerRows } from "~/features/schultraeger/schultraeger.server";
import { sharedI18nInstance as i18n } from "~/.server/i18n.server";
import { json, pointPortalAt, portalRequest, routeMiss, startStandIn, type Handler, type StandIn } from "./support/stand-in-upstream";

const OEFFENTLICH = "00000000-0000-4000-8000-000000000001";
const ERSATZ = "00000000-0000-4000-8000-000000000002";
const forms = {
  oeffentlich: { id: OEFFENTLICH, name: "Öffentliche Schulen", typ: "LAND" as const },
  ersatz: { id: ERSATZ, name: "Ersatzschulen", typ: "LAND" as const },
};
const traegerId = (index: number) => `10000000-0000-4000-8000-${String(index).padStart(12, "0")}`;
const schuleOf = (traeger: string, index: number) => ({
  id: `20000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
  kennung: `07${String(index).padStart(5, "0")}`,
  name: `Schule ${index}`,
  typ: "SCHULE",
  administriertVon: OEFFENTLICH,
  zugehoerigZu: traeger,
});

function errorsOf(schema: typeof CreateSchultraegerSchema | typeof RenameSchultraegerSchema, fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  const submission = parseWithZod(formData, { schema });
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}

describe("Schulträger anlegen und umbenennen: die Regeln des Formulars", () => {
  it("verlangt einen Namen, den der Upstream leer annähme, ohne Leerzeichen am Rand und mit den Zeichen von Namen", () => {
    expect(errorsOf(CreateSchultraegerSchema, { schulform: OEFFENTLICH, name: "" }).name).toEqual([
      "schultraeger:validation.name.required",
    ]);
    expect(errorsOf(CreateSchultraegerSchema, { schulform: OEFFENTLICH, name: " Amt Geest" }).name).toEqual([
      "schultraeger:validation.name.outerSpaces",
    ]);
    expect(errorsOf(CreateSchultraegerSchema, { schulform: OEFFENTLICH, name: "Amt <Geest>" }).name).toEqual([
      "schultraeger:validation.name.invalidCharacters",
    ]);
    expect(errorsOf(CreateSchultraegerSchema, { schulform: OEFFENTLICH, name: "x".repeat(201) }).name).toEqual([
      "schultraeger:validation.name.tooLong",
    ]);
    expect(errorsOf(CreateSchultraegerSchema, { schulform: "keine-id", name: "Amt Geest" }).schulform).toEqual([
      "schultraeger:validation.form.required",
    ]);
    expect(errorsOf(CreateSchultraegerSchema, { schulform: ERSATZ, name: "Evangelisches Schulwerk Süd-Ost (Förde) & Söhne" })).toEqual({});
    expect(errorsOf(RenameSchultraegerSchema, { name: "Amt Geest", version: "0" }).version).toBeDefined();
    expect(errorsOf(RenameSchultraegerSchema, { name: "Amt Geest", version: "3" })).toEqual({});
  });

  it("jede Meldung des Formulars hat einen deutschen Text", () => {
    const messages = [
      ...Object.values(errorsOf(CreateSchultraegerSchema, {})).flat(),
      ...Object.values(errorsOf(CreateSchultraegerSchema, { schulform: OEFFENTLICH, name: "Amt " })).flat(),
      ...Object.values(errorsOf(CreateSchultraegerSchema, { schulform: OEFFENTLICH, name: "<" })).flat(),
    ];
    expect(messages.length).toBeGreaterThanOrEqual(3);
    expect(messages.filter((key) => key && !i18n.exists(key))).toEqual([]);
  });
});

describe("Schulträgerliste: Zustand in der Adresse und Zeilen", () => {
  const parse = (query: string) => SchultraegerListParams.parse(Object.fromEntries(new URLSearchParams(query)));

  it("fragt die Träger mit dem Recht der Schulträgerverwaltung, nach Namen sortiert, Seite für Seite", () => {
    expect(schultraegerQuery(parse(""))).toMatchObject({
      typ: "TRAEGER",
      systemrechte: ["SCHULTRAEGER_VERWALTEN"],
      sortField: "name",
      sortOrder: "asc",
      offset: 0,
      limit: 30,
    });
    expect(schultraegerQuery(parse("sortierung=-name&seite=2&anzahl=5&suche=Amt"))).toMatchObject({
      sortOrder: "desc",
      offset: 5,
      limit: 5,
      searchString: "Amt",
    });
    expect(parse("sortierung=kennung&seite=0&anzahl=7")).toMatchObject({ sortierung: "name", seite: 1, anzahl: 30 });
  });

  it("nennt die Form jedes Trägers nach dem Kind der Wurzel und seine Schulen", () => {
    const rows = schultraegerRows(
      [
        { id: traegerId(1), name: "Amt A", typ: "TRAEGER", administriertVon: OEFFENTLICH, zugehoerigZu: OEFFENTLICH },
        { id: traegerId(2), name: "Stiftung B", typ: "TRAEGER", administriertVon: ERSATZ, zugehoerigZu: ERSATZ },
      ],
      forms,
      new Map([[traegerId(1), [{ id: "s", kennung: "0710001", name: "Schule" }]]]),
    );
    expect(rows).toEqual([
      {
        id: traegerId(1),
        name: "Amt A",
        form: "schultraeger:form.oeffentlich",
        schulen: [{ id: "s", kennung: "0710001", name: "Schule" }],
      },
      { id: traegerId(2), name: "Stiftung B", form: "schultraeger:form.ersatz", schulen: [] },
    ]);
  });
});

let standIn: StandIn | undefined;
afterEach(() => standIn?.close());

/** An organisation search that answers the schools of the asked Träger, at most `cap` per answer (as a capped upstream would). */
function schoolSearch(schulen: ReturnType<typeof schuleOf>[], { cap = Infinity } = {}): Handler {
  return (request, response) => {
    if (request.method !== "GET" || request.path !== "/api/organisationen") return routeMiss(request, response);
    const traeger = new Set(request.query.getAll("zugehoerigZu"));
    const matches = schulen.filter((schule) => traeger.has(schule.zugehoerigZu));
    const offset = Number(request.query.get("offset") ?? 0);
    const limit = Math.min(Number(request.query.get("limit") ?? Infinity), cap);
    json(response, 200, matches.slice(offset, offset + limit), { "X-Paging-Total": String(matches.length) });
  };
}

async function schultraegerModuleAgainst(handler: Handler) {
  standIn = await startStandIn(handler);
  pointPortalAt(standIn.url);
  return import("~/features/schultraeger/schultraeger.server");
}

describe("die Schulen der Träger einer Seite", () => {
  it("kommen vollständig, ohne Grenze, in Anfragen zu höchstens hundert Trägern nebeneinander", async () => {
    const ids = Array.from({ length: 250 }, (_, index) => traegerId(index));
    const schulen = ids.flatMap((id, index) => [schuleOf(id, index * 2 + 1), schuleOf(id, index * 2)]);
    const module = await schultraegerModuleAgainst(schoolSearch(schulen));
    const byTraeger = await module.schulenOfTraeger(portalRequest("s1", { method: "GET" }), ids);
    expect(standIn!.received).toHaveLength(3);
    expect(standIn!.received.map((request) => request.query.getAll("zugehoerigZu").length)).toEqual([100, 100, 50]);
    expect(standIn!.received.every((request) => !request.query.has("limit") && !request.query.has("systemrechte"))).toBe(true);
    expect(byTraeger.size).toBe(250);
    // Sorted by Dienststellennummer within each Träger, whatever order they came in.
    expect(byTraeger.get(traegerId(7))?.map((schule) => schule.kennung)).toEqual(["0700014", "0700015"]);
  });

  it("fragt den Rest nach, wenn ein Upstream weniger schickt als seine Gesamtzahl", async () => {
    const schulen = Array.from({ length: 5 }, (_, index) => schuleOf(traegerId(1), index));
    const module = await schultraegerModuleAgainst(schoolSearch(schulen, { cap: 2 }));
    const byTraeger = await module.schulenOfTraeger(portalRequest("s1", { method: "GET" }), [traegerId(1)]);
    expect(byTraeger.get(traegerId(1))).toHaveLength(5);
    expect(standIn!.received.map((request) => request.query.get("offset"))).toEqual([null, "2", "4"]);
  });

  it("fragt für eine leere Seite gar nicht", async () => {
    const module = await schultraegerModuleAgainst(schoolSearch([]));
    expect((await module.schulenOfTraeger(portalRequest("s1", { method: "GET" }), [])).size).toBe(0);
    expect(standIn!.received).toHaveLength(0);
  });
});

vi.setConfig({ testTimeout: 10_000 });

describe("Schulträger anlegen und umbenennen, wenn der Dienst zu spät oder mit einem Konflikt antwortet", () => {
  const TRAEGER = traegerId(42);
  const PORTAL_TIMEOUT_MS = 300;

  /** A Träger store that applies each write at once and answers it late, as a slow upstream does. */
  function slowUpstream() {
    const traeger = new Map<string, { id: string; name: string; version: number; zugehoerigZu: string }>([
      [TRAEGER, { id: TRAEGER, name: "Amt Geest", version: 3, zugehoerigZu: OEFFENTLICH }],
    ]);
    const render = (entry: { id: string; name: string; version: number; zugehoerigZu: string }) => ({
      ...entry,
      typ: "TRAEGER",
      administriertVon: entry.zugehoerigZu,
    });
    const handler: Handler = (request, response) => {
      if (request.method === "GET" && request.path === "/api/organisationen") {
        const name = request.query.get("name");
        const zugehoerigZu = request.query.getAll("zugehoerigZu");
        const ids = request.query.getAll("organisationIds");
        const items = [...traeger.values()]
          .filter((entry) => (!name || entry.name === name) && (zugehoerigZu.length === 0 || zugehoerigZu.includes(entry.zugehoerigZu)))
          .filter((entry) => ids.length === 0 || ids.includes(entry.id))
          .map(render);
        return json(response, 200, items, { "X-Paging-Total": String(items.length) });
      }
      if (request.method === "POST" && request.path === "/api/organisationen") {
        const body = JSON.parse(request.body) as { name: string; zugehoerigZu: string };
        const created = { id: traegerId(43), name: body.name, version: 1, zugehoerigZu: body.zugehoerigZu };
        traeger.set(created.id, created);
        return setTimeout(() => json(response, 201, render(created)), PORTAL_TIMEOUT_MS * 3);
      }
      if (request.method === "PATCH" && request.path === `/api/organisationen/${TRAEGER}/name`) {
        const body = JSON.parse(request.body) as { name: string; version: number };
        const current = traeger.get(TRAEGER)!;
        if (body.version !== current.version) return json(response, 400, { i18nKey: "NEWER_VERSION_ORGANISATION", code: 400 });
        traeger.set(TRAEGER, { ...current, name: body.name, version: current.version + 1 });
        return json(response, 200, render(traeger.get(TRAEGER)!));
      }
      return routeMiss(request, response);
    };
    return { handler, traeger };
  }

  async function writesAgainst(handler: Handler) {
    standIn = await startStandIn(handler);
    pointPortalAt(standIn.url, { UPSTREAM_TIMEOUT_MS: String(PORTAL_TIMEOUT_MS) });
    return import("~/features/schultraeger/schultraeger.server");
  }

  it("meldet einen angelegten Schulträger als gespeichert, obwohl die Antwort zu spät kam: er wird nach Name und Form gesucht", async () => {
    const module = await writesAgainst(slowUpstream().handler);
    const outcome = await module.createSchultraegerWithOutcome(
      portalRequest("s1"),
      { schulform: OEFFENTLICH, name: "Amt Marsch" },
      { earlierAttemptUnanswered: false },
    );
    expect(outcome).toMatchObject({ status: "saved", how: "found-after-timeout", value: { name: "Amt Marsch" } });
    const reread = standIn!.received.find((request) => request.method === "GET" && request.path === "/api/organisationen");
    expect(reread?.query.get("name")).toBe("Amt Marsch");
    expect(reread?.query.getAll("zugehoerigZu")).toEqual([OEFFENTLICH]);
  });

  it("ein veralteter Stand beim Umbenennen ist der Konflikt; trägt der Träger schon den gewünschten Namen, gilt er als gespeichert", async () => {
    const upstream = slowUpstream();
    const module = await writesAgainst(upstream.handler);
    const stale = await module.renameSchultraegerWithOutcome(portalRequest("s1"), TRAEGER, "Amt Geest-Nord", 2);
    expect(stale).toMatchObject({ status: "not-saved", failure: { code: "NEWER_VERSION_ORGANISATION" } });
    expect(upstream.traeger.get(TRAEGER)?.name).toBe("Amt Geest");

    upstream.traeger.set(TRAEGER, { ...upstream.traeger.get(TRAEGER)!, name: "Amt Geest-Nord", version: 4 });
    const alreadyThere = await module.renameSchultraegerWithOutcome(portalRequest("s1"), TRAEGER, "Amt Geest-Nord", 3);
    expect(alreadyThere).toMatchObject({ status: "saved", how: "found-after-conflict" });

    const current = await module.renameSchultraegerWithOutcome(portalRequest("s1"), TRAEGER, "Amt Geest-Süd", 4);
    expect(current).toMatchObject({ status: "saved", how: "answered", value: { name: "Amt Geest-Süd", version: 5 } });
  });
});
