import { parseWithZod } from "@conform-to/zod";
import { afterEach, describe, expect, it } from "vitest";
import { RolleResponse } from "@contract";
import { CreateRolleSchema, EditRolleSchema } from "~/features/rollen/rolle-forms";
import { nachName, rollenartLabel, RollenListParams, systemrechtLabel } from "~/features/rollen/rollen.server";
import { hasState } from "~/features/rollen/rollen-writes.server";
import { merkmaleToSave } from "~/features/rollen/rolle-bearbeiten.server";
import { sharedI18nInstance as i18n } from "~/.server/i18n.server";
import { json, pointPortalAt, portalRequest, routeMiss, startStandIn, type Handler, type StandIn } from "./support/stand-in-upstream";

const EBENE = "00000000-0000-4000-8000-000000000001";
const ANGEBOT = "00000000-0000-4000-8000-0000000000a1";
const ROLLE = "00000000-0000-4000-8000-0000000000b1";

function submit(schema: typeof CreateRolleSchema | typeof EditRolleSchema, fields: Record<string, string | string[]>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const entry of [value].flat()) formData.append(name, entry);
  return parseWithZod(formData, { schema });
}
const errorsOf = (fields: Record<string, string | string[]>) => {
  const submission = submit(CreateRolleSchema, { ebene: EBENE, rollenart: "LEHR", ...fields });
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
};

describe("Rolle anlegen und bearbeiten: die Regeln des Formulars", () => {
  it("nimmt einen üblichen Namen mit Merkmalen, Angeboten und Rechten an, jede Wahl einmal", () => {
    const submission = submit(CreateRolleSchema, {
      ebene: EBENE,
      rollenart: "LEHR",
      name: "Lehrkraft (Vertretung) – Süd",
      merkmale: ["KOPERS_PFLICHT", "KOPERS_PFLICHT"],
      angebote: [ANGEBOT, ANGEBOT],
      systemrechte: ["KLASSEN_VERWALTEN"],
    });
    // The dash is no character of names: the upstream would refuse it.
    expect(submission.status).toBe("error");
    const ok = submit(CreateRolleSchema, {
      ebene: EBENE,
      rollenart: "LEHR",
      name: "Lehrkraft (Vertretung) Süd",
      merkmale: ["KOPERS_PFLICHT", "KOPERS_PFLICHT"],
      angebote: [ANGEBOT, ANGEBOT],
      systemrechte: ["KLASSEN_VERWALTEN"],
    });
    expect(ok.status === "success" && ok.value).toEqual({
      ebene: EBENE,
      rollenart: "LEHR",
      name: "Lehrkraft (Vertretung) Süd",
      merkmale: ["KOPERS_PFLICHT"],
      angebote: [ANGEBOT],
      systemrechte: ["KLASSEN_VERWALTEN"],
    });
    expect(errorsOf({ name: "Ohne Auswahl" })).toEqual({});
  });

  it("verlangt einen Namen von höchstens 200 Zeichen: 200 gehen, 201 werden abgelehnt", () => {
    expect(errorsOf({ name: "" }).name).toEqual(["rollen:validation.name.required"]);
    expect(errorsOf({ name: "   " }).name).toContain("rollen:validation.name.required");
    expect(errorsOf({ name: "a".repeat(200) })).toEqual({});
    expect(errorsOf({ name: "a".repeat(201) }).name).toEqual(["rollen:validation.name.tooLong"]);
    // "é" typed as e and a combining accent is one character (NFC, as the upstream counts).
    expect(errorsOf({ name: "e\u0301".repeat(200) })).toEqual({});
  });

  it("lehnt Leerzeichen am Rand und Zeichen ab, die in Namen nicht vorkommen", () => {
    expect(errorsOf({ name: " Lehrkraft" }).name).toEqual(["rollen:validation.name.outerSpaces"]);
    expect(errorsOf({ name: "Lehrkraft " }).name).toEqual(["rollen:validation.name.outerSpaces"]);
    expect(errorsOf({ name: "Lehrkraft <b>" }).name).toEqual(["rollen:validation.name.invalidCharacters"]);
    expect(errorsOf({ name: "Rolle\u0000" }).name).toEqual(["rollen:validation.name.invalidCharacters"]);
  });

  it("verlangt Verwaltungsebene und Rollenart und nimmt nur bekannte Merkmale und Angebots-Ids", () => {
    const submission = submit(CreateRolleSchema, { name: "Rolle" });
    const errors = submission.status === "success" ? {} : submission.reply().error;
    expect(errors?.ebene).toEqual(["rollen:validation.ebene.required"]);
    expect(errors?.rollenart).toEqual(["rollen:validation.rollenart.required"]);
    expect(errorsOf({ name: "Rolle", rollenart: "CHEF" }).rollenart).toEqual(["rollen:validation.rollenart.required"]);
    expect(errorsOf({ name: "Rolle", merkmale: "GEHEIM" })["merkmale[0]"]).toEqual(["rollen:validation.merkmale.unknown"]);
    expect(errorsOf({ name: "Rolle", angebote: "kein-angebot" })["angebote[0]"]).toEqual(["rollen:validation.angebote.unknown"]);
    expect(errorsOf({ name: "Rolle", systemrechte: "<script>" })["systemrechte[0]"]).toEqual(["rollen:validation.systemrechte.unknown"]);
    expect(errorsOf({ name: "Rolle", angebote: Array.from({ length: 201 }, () => ANGEBOT) }).angebote).toEqual([
      "rollen:validation.tooMany",
    ]);
  });

  it("das Bearbeiten trägt die gelesene Version; eine unsinnige Version wird 0, die der Upstream als veraltet ablehnt", () => {
    const edit = (version: string) => {
      const formData = new FormData();
      formData.set("name", "Rolle");
      formData.set("version", version);
      const submission = parseWithZod(formData, { schema: EditRolleSchema });
      return submission.status === "success" ? submission.value.version : null;
    };
    expect(edit("3")).toBe(3);
    expect(edit("9".repeat(400))).toBe(0);
    expect(edit("-1")).toBe(0);
    expect(edit("drei")).toBe(0);
  });

  it("jede Meldung des Formulars ist ein deutscher Text", () => {
    const keys = [
      ...Object.values(errorsOf({ name: "" })),
      ...Object.values(errorsOf({ name: "a".repeat(201) })),
      ...Object.values(errorsOf({ name: " a" })),
      ...Object.values(errorsOf({ name: "<" })),
      ...Object.values(errorsOf({ name: "a", rollenart: "X", merkmale: "X", angebote: "X", systemrechte: "x" })),
    ]
      .flat()
      .filter((key): key is string => typeof key === "string");
    expect(keys.length).toBeGreaterThan(5);
    expect(keys.filter((key) => !key || !i18n.exists(key))).toEqual([]);
  });
});

describe("Rollen: Bezeichnungen, Listenzustand und Vergleich", () => {
  it("ein Recht oder eine Rollenart, die das Portal nicht kennt, steht unter der neutralen Bezeichnung", () => {
    expect(systemrechtLabel("KLASSEN_VERWALTEN").label.key).toBe("rollen:systemrecht.KLASSEN_VERWALTEN.label");
    const unknown = systemrechtLabel("ZEITREISEN");
    expect(i18n.t(unknown.label.key, unknown.label.values)).toBe("Weiteres Recht (ZEITREISEN)");
    expect(rollenartLabel("ZAUBER").key).toBe("rollen:rollenart.unbekannt");
    expect(rollenartLabel("NLEHR").key).toBe("rollen:rollenart.NLEHR");
  });

  it("Angebote stehen in deutscher Reihenfolge, klein geschriebene Namen zwischen den anderen", () => {
    const namen = ["WebUntis", "E-Mail", "itslearning", "Äpfel-Portal", "Kalender", "Adressbuch", "OP.SH"].map((name) => ({ name }));
    expect(nachName(namen).map((angebot) => angebot.name)).toEqual([
      "Adressbuch",
      "Äpfel-Portal",
      "E-Mail",
      "itslearning",
      "Kalender",
      "OP.SH",
      "WebUntis",
    ]);
  });

  it("die Liste liest Suche und Seite aus der Adresse, Unsinn fällt auf Vorgaben zurück", () => {
    const parse = (query: string) => RollenListParams.parse(Object.fromEntries(new URLSearchParams(query)));
    const leer = { organisation: undefined, rollenart: [], merkmal: [] };
    expect(parse("suche=%20Lehr%00kraft%20&seite=2&anzahl=5")).toEqual({ ...leer, suche: "Lehrkraft", seite: 2, anzahl: 5 });
    expect(parse("seite=-3&anzahl=7")).toEqual({ ...leer, suche: undefined, seite: 1, anzahl: 30 });
  });

  it("die Filter der Liste: eine Ebene als UUID, bekannte Rollenarten und Merkmale in fester Reihenfolge, Unsinn fällt weg", () => {
    const parse = (query: string) => {
      const search = new URLSearchParams(query);
      return RollenListParams.parse({
        ...Object.fromEntries(search),
        rollenart: search.getAll("rollenart"),
        merkmal: search.getAll("merkmal"),
      });
    };
    expect(parse(`organisation=${EBENE}&rollenart=LERN&rollenart=LEHR&rollenart=GIBTESNICHT&merkmal=KOPERS_PFLICHT`)).toMatchObject({
      organisation: EBENE,
      rollenart: ["LERN", "LEHR"],
      merkmal: ["KOPERS_PFLICHT"],
    });
    expect(parse("organisation=keine-uuid&merkmal=MPT_ROLLE")).toMatchObject({ organisation: undefined, merkmal: [] });
  });

  it("ein Merkmal, das das Portal nicht kennt, bleibt beim Lesen erhalten und wird beim Speichern mitgeschickt", () => {
    const gelesen = RolleResponse.parse({ id: ROLLE, name: "MPT", merkmale: ["KOPERS_PFLICHT", "MPT_ROLLE", 7], systemrechte: [] });
    expect(gelesen.merkmale).toEqual(["KOPERS_PFLICHT", "MPT_ROLLE"]);
    // The form shows the known ones; the user unticked KOPERS_PFLICHT and ticked BEFRISTUNG_PFLICHT.
    expect(merkmaleToSave(["BEFRISTUNG_PFLICHT"], gelesen.merkmale)).toEqual(["BEFRISTUNG_PFLICHT", "MPT_ROLLE"]);
    expect(merkmaleToSave([], ["KOPERS_PFLICHT"])).toEqual([]);
  });

  it("gleich ist eine Rolle nur mit demselben Namen und denselben Mengen, die Reihenfolge zählt nicht", () => {
    const rolle = {
      id: ROLLE,
      name: "Rolle",
      administeredBySchulstrukturknoten: EBENE,
      rollenart: "LEHR" as const,
      merkmale: ["KOPERS_PFLICHT" as const, "BEFRISTUNG_PFLICHT" as const],
      systemrechte: [{ name: "KLASSEN_VERWALTEN", isTechnical: false }],
      version: 2,
      administeredBySchulstrukturknotenName: null,
      administeredBySchulstrukturknotenKennung: null,
      serviceProviders: [
        { id: ANGEBOT, name: "A" },
        { id: EBENE, name: "B" },
      ],
    };
    const wanted = {
      name: "Rolle",
      merkmale: ["BEFRISTUNG_PFLICHT" as const, "KOPERS_PFLICHT" as const],
      serviceProviderIds: [EBENE, ANGEBOT],
      systemrechte: ["KLASSEN_VERWALTEN" as const],
    };
    expect(hasState(rolle, wanted)).toBe(true);
    expect(hasState(rolle, { ...wanted, name: "Rolle 2" })).toBe(false);
    expect(hasState(rolle, { ...wanted, serviceProviderIds: [ANGEBOT] })).toBe(false);
    expect(hasState(rolle, { ...wanted, systemrechte: [] })).toBe(false);
    expect(hasState(rolle, { ...wanted, merkmale: ["KOPERS_PFLICHT"] })).toBe(false);
  });
});

let standIn: StandIn | undefined;
afterEach(() => standIn?.close());

const createdRolle = {
  id: ROLLE,
  name: "Neue Rolle",
  administeredBySchulstrukturknoten: EBENE,
  rollenart: "LEHR",
  merkmale: [],
  systemrechte: [],
  version: 1,
};
const body = {
  name: "Neue Rolle",
  administeredBySchulstrukturknoten: EBENE,
  rollenart: "LEHR" as const,
  merkmale: [],
  systemrechte: [],
  serviceProviderIds: [ANGEBOT],
};

async function rollenModuleAgainst(handler: Handler, env: Record<string, string> = {}) {
  standIn = await startStandIn(handler);
  pointPortalAt(standIn.url, env);
  return {
    ...(await import("~/features/rollen/rollen.server")),
    ...(await import("~/features/rollen/rollen-writes.server")),
    ...(await import("~/.server/upstream/ebenen.server")),
  };
}

describe("Rolle anlegen gegen beide Upstream-Versionen", () => {
  it("die ältere Version: erst die Rolle, dann ihre Angebote; scheitert das Zweite, heißt es so, und die Rolle bleibt", async () => {
    const module = await rollenModuleAgainst((request, response) => {
      if (request.path === "/api/provider/all") return json(response, 200, []);
      if (request.method === "POST" && request.path === "/api/rolle") return json(response, 201, createdRolle);
      if (request.method === "PUT" && request.path === `/api/rolle/${ROLLE}/serviceProviders`) return json(response, 500, {});
      return routeMiss(request, response);
    });
    const outcome = await module.createRolleWithOutcome(portalRequest("s1"), body, { earlierAttemptUnanswered: false });
    expect(outcome).toMatchObject({ status: "saved", how: "answered", value: { rolle: { id: ROLLE }, angeboteFehler: true } });
    const post = standIn!.received.find((request) => request.method === "POST" && request.path === "/api/rolle");
    expect(JSON.parse(post!.body)).not.toHaveProperty("serviceProviderIds");
    const put = standIn!.received.find((request) => request.method === "PUT");
    expect(JSON.parse(put!.body)).toEqual({ serviceProviderIds: [ANGEBOT], version: 1 });
  });

  it("die aktuelle Version: ein Aufruf; kommt die Antwort zu spät, wird die Rolle nach Name und Ebene gesucht", async () => {
    const module = await rollenModuleAgainst(
      (request, response) => {
        if (request.path === "/api/provider/assignable-for-rolle") return json(response, 400, { code: 400, i18nKey: "VALIDATION_ERROR" });
        if (request.method === "POST" && request.path === "/api/rolle") return void setTimeout(() => json(response, 201, {}), 600);
        if (request.method === "GET" && request.path === "/api/rolle") {
          const found = { ...createdRolle, serviceProviders: [{ id: ANGEBOT, name: "A" }] };
          const other = { ...found, id: EBENE, administeredBySchulstrukturknoten: ANGEBOT };
          return json(response, 200, [other, found], { "X-Paging-Total": "2" });
        }
        return routeMiss(request, response);
      },
      { UPSTREAM_TIMEOUT_MS: "200" },
    );
    const outcome = await module.createRolleWithOutcome(portalRequest("s1"), body, { earlierAttemptUnanswered: false });
    expect(outcome).toMatchObject({
      status: "saved",
      how: "found-after-timeout",
      value: { rolle: { id: ROLLE }, angeboteFehler: false },
    });
    const post = standIn!.received.find((request) => request.method === "POST");
    expect(JSON.parse(post!.body)).toMatchObject({ serviceProviderIds: [ANGEBOT] });
    expect(standIn!.received.find((request) => request.method === "GET" && request.path === "/api/rolle")?.query.get("searchStr")).toBe(
      "Neue Rolle",
    );
  });
});

describe("die Anlegeseite: Verwaltungsebenen und Rechte", () => {
  const schule = (index: number) => ({
    id: `30000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    kennung: `07${String(index).padStart(5, "0")}`,
    name: `Schule ${index}`,
    typ: "SCHULE",
  });
  const root = { id: EBENE, name: "Land", typ: "ROOT" };

  it("zeigt die übergeordneten Ebenen zuerst, von vielen Schulen höchstens 50 mit Suche, die gewählte immer; keine technischen Rechte", async () => {
    const module = await rollenModuleAgainst((request, response) => {
      if (request.path === "/api/organisationen") {
        if (request.query.has("organisationIds")) return json(response, 200, [schule(59)], { "X-Paging-Total": "1" });
        if (request.query.get("typ") === "SCHULE") {
          const limit = Number(request.query.get("limit"));
          return json(
            response,
            200,
            Array.from({ length: limit }, (_, index) => schule(index)),
            { "X-Paging-Total": "60" },
          );
        }
        expect(request.query.getAll("excludeTyp").sort()).toEqual(["KLASSE", "SCHULE"]);
        return json(response, 200, [root], { "X-Paging-Total": "1" });
      }
      if (request.path === "/api/provider/assignable-for-rolle") {
        if (!request.query.has("schulstrukturknotenOfRolle")) return json(response, 400, { code: 400, i18nKey: "VALIDATION_ERROR" });
        return json(response, 200, [{ id: ANGEBOT, name: "Mediathek", target: "URL", kategorie: "ANGEBOTE", merkmale: [] }]);
      }
      if (request.path === "/api/rolle/systemrechte")
        return json(response, 200, [
          { name: "KLASSEN_VERWALTEN", isTechnical: false },
          { name: "CRON_DURCHFUEHREN", isTechnical: true },
          { name: "ZEITREISEN", isTechnical: false },
        ]);
      return routeMiss(request, response);
    });
    const { loadCreateForm } = await import("~/features/rollen/rolle-anlegen.server");
    const search = new URLSearchParams({ ebene: schule(59).id, rollenart: "LEHR", name: "Entwurf" });
    search.append("angebote", ANGEBOT);
    search.append("angebote", ROLLE);
    const form = await loadCreateForm(portalRequest("s1", { method: "GET" }), search);
    expect(form.ebenen.slice(0, 2).map((ebene) => ebene.label)).toEqual(["0700059 (Schule 59)", "Land"]);
    expect(form.ebenen).toHaveLength(52);
    expect(form).toMatchObject({ ebenenTotal: 61, ebenenGekuerzt: true, bereit: true, ebeneUnbekannt: false });
    expect(form.systemrechte.map((recht) => recht.name)).toEqual(["KLASSEN_VERWALTEN", "ZEITREISEN"]);
    // Offers of another level are not ticked.
    expect(form.defaults).toMatchObject({ ebene: schule(59).id, rollenart: "LEHR", name: "Entwurf", angebote: [ANGEBOT] });
    expect(form.auswahlFehler).toBeNull();
    expect(module.EBENEN_LIMIT).toBe(50);

    // "Weiter" without a rollenart names what is missing at its field; a mere visit without a choice does not.
    const halb = new URLSearchParams({ ebene: schule(59).id, rollenart: "" });
    const weiter = await loadCreateForm(portalRequest("s1", { method: "GET" }), halb, { weiter: true });
    expect(weiter.bereit).toBe(false);
    expect(weiter.auswahlFehler?.error).toEqual({ rollenart: ["rollen:validation.rollenart.required"] });
    const besuch = await loadCreateForm(portalRequest("s1", { method: "GET" }), new URLSearchParams());
    expect(besuch.auswahlFehler).toBeNull();
  });
});
