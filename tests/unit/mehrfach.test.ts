import { describe, expect, it } from "vitest";
import { fehlerDatei, passwortDatei, zelle } from "~/features/mehrfach/dateien.server";
import { laufe } from "~/features/mehrfach/lauf.server";
import { inKlasse, LaufAbgebrochen, mitRolle, ohneRolle, ohneSchule, type Ergebnis } from "~/features/mehrfach/schritte.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import type { PersonenzuordnungResponse } from "../../upstream/contract";

const SCHULE = "11111111-1111-4111-8111-111111111111";
const ANDERE_SCHULE = "22222222-2222-4222-8222-222222222222";
const KLASSE_7A = "33333333-3333-4333-8333-333333333333";
const KLASSE_8A = "44444444-4444-4444-8444-444444444444";
const LERN = "55555555-5555-4555-8555-555555555555";
const LERN_2 = "66666666-6666-4666-8666-666666666666";
const LEHR = "77777777-7777-4777-8777-777777777777";

function z(sskId: string, rolleId: string, extra: Partial<PersonenzuordnungResponse> = {}): PersonenzuordnungResponse {
  const klasse = sskId === KLASSE_7A || sskId === KLASSE_8A;
  return {
    sskId,
    rolleId,
    sskName: klasse ? (sskId === KLASSE_7A ? "7a" : "8a") : "Schule",
    sskDstNr: null,
    rolle: rolleId === LEHR ? "Lehrkraft" : "Schüler",
    rollenArt: rolleId === LEHR ? "LEHR" : "LERN",
    administriertVon: klasse ? SCHULE : null,
    typ: klasse ? "KLASSE" : "SCHULE",
    editable: true,
    befristung: null,
    merkmale: [],
    admins: [],
    ...extra,
  } as PersonenzuordnungResponse;
}

const pupil = [z(SCHULE, LERN), z(KLASSE_7A, LERN)];
const lernRolle = { id: LERN, name: "Schüler", rollenart: "LERN" as const };

describe("Klasse versetzen", () => {
  it("moves a pupil's class at the school and keeps role and Befristung", () => {
    const befristet = [z(SCHULE, LERN), z(KLASSE_7A, LERN, { befristung: "2027-07-31T22:00:00.000Z" })];
    expect(inKlasse(befristet, SCHULE, KLASSE_8A)).toEqual([
      { organisationId: SCHULE, rolleId: LERN, befristung: null },
      { organisationId: KLASSE_8A, rolleId: LERN, befristung: "2027-07-31T22:00:00.000Z" },
    ]);
  });
  it("leaves a pupil already in the class unchanged and refuses a teacher", () => {
    expect(inKlasse([z(SCHULE, LERN), z(KLASSE_8A, LERN)], SCHULE, KLASSE_8A)).toEqual({ unveraendert: "schonInKlasse" });
    expect(inKlasse([z(SCHULE, LEHR)], SCHULE, KLASSE_8A)).toEqual({ fehler: "MEHRFACH_NUR_SCHUELER" });
  });
});

describe("Schulzuordnung aufheben", () => {
  it("removes the school with its classes and keeps the other school", () => {
    expect(ohneSchule([...pupil, z(ANDERE_SCHULE, LEHR)], SCHULE)).toEqual([
      { organisationId: ANDERE_SCHULE, rolleId: LEHR, befristung: null },
    ]);
  });
  it("changes nothing for a person without the school", () => {
    expect(ohneSchule([z(ANDERE_SCHULE, LEHR)], SCHULE)).toEqual({ unveraendert: "nichtAnSchule" });
  });
});

describe("Rolle entziehen", () => {
  it("takes a pupil role at the school together with its classes", () => {
    expect(ohneRolle(pupil, SCHULE, lernRolle)).toEqual([]);
  });
  it("keeps a second pupil role and its class", () => {
    const zwei = [...pupil, z(SCHULE, LERN_2), z(KLASSE_7A, LERN_2)];
    expect(ohneRolle(zwei, SCHULE, lernRolle)).toEqual([
      { organisationId: SCHULE, rolleId: LERN_2, befristung: null },
      { organisationId: KLASSE_7A, rolleId: LERN_2, befristung: null },
    ]);
  });
  it("changes nothing when the person lacks the role", () => {
    expect(ohneRolle([z(SCHULE, LEHR)], SCHULE, lernRolle)).toEqual({ unveraendert: "rolleNichtVorhanden" });
  });
});

describe("Rolle zuweisen", () => {
  const auftrag = {
    aktion: "rolle-zuweisen" as const,
    organisationId: SCHULE,
    rolleId: LERN_2,
    klassen: { wahl: "behalten" as const },
    befristung: null,
  };
  it("adds a pupil role at the school and at the pupil's own classes", () => {
    expect(mitRolle(pupil, auftrag)).toEqual([
      { organisationId: SCHULE, rolleId: LERN, befristung: null },
      { organisationId: KLASSE_7A, rolleId: LERN, befristung: null },
      { organisationId: SCHULE, rolleId: LERN_2, befristung: null },
      { organisationId: KLASSE_7A, rolleId: LERN_2, befristung: null },
    ]);
  });
  it("puts the role at one chosen class", () => {
    const result = mitRolle(pupil, { ...auftrag, klassen: { wahl: "neu", klasseId: KLASSE_8A } });
    expect(result).toContainEqual({ organisationId: KLASSE_8A, rolleId: LERN_2, befristung: null });
    expect(result).not.toContainEqual({ organisationId: KLASSE_7A, rolleId: LERN_2, befristung: null });
  });
  it("keeps the earlier of an existing and the chosen Befristung at the organisation", () => {
    const frueh = "2027-01-31T23:00:00.000Z";
    const spaet = "2027-07-31T22:00:00.000Z";
    const befristet = [z(SCHULE, LEHR, { befristung: frueh })];
    const lehr = { ...auftrag, rolleId: LERN_2, klassen: null, befristung: spaet };
    expect(mitRolle(befristet, lehr)).toContainEqual({ organisationId: SCHULE, rolleId: LERN_2, befristung: frueh });
  });
  it("makes the role unlimited when 'unbefristet' is chosen, and changes nothing when it is there already", () => {
    const befristet = [z(SCHULE, LERN_2, { befristung: "2027-01-31T23:00:00.000Z" }), z(KLASSE_7A, LERN_2)];
    expect(mitRolle(befristet, auftrag)).toContainEqual({ organisationId: SCHULE, rolleId: LERN_2, befristung: null });
    const vorhanden = [z(SCHULE, LERN_2), z(KLASSE_7A, LERN_2)];
    expect(mitRolle(vorhanden, auftrag)).toEqual({ unveraendert: "schonVorhanden" });
  });
});

describe("Dateien", () => {
  it("neutralises spreadsheet formulas and quotes separators", () => {
    expect(zelle("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(zelle("+49")).toBe("'+49");
    expect(zelle("Müller;Meier")).toBe('"Müller;Meier"');
    expect(zelle("Ölsen")).toBe("Ölsen");
  });
  it("writes the password file sorted by class and name with the original's header", () => {
    const text = passwortDatei([
      { klasse: "8a", nachname: "Zander", vorname: "Zoe", benutzername: "zzander", passwort: "Geheim1!" },
      { klasse: "10a", nachname: "Albers", vorname: "Ali", benutzername: "aalbers", passwort: "-Minus2" },
      { klasse: "8a", nachname: "Albers", vorname: "Anna", benutzername: "aalbers2", passwort: "Wort3" },
    ]);
    expect(text.split("\r\n")).toEqual([
      "Klasse;Nachname;Vorname;Benutzername;Passwort",
      "8a;Albers;Anna;aalbers2;Wort3",
      "8a;Zander;Zoe;zzander;Geheim1!",
      "10a;Albers;Ali;aalbers;'-Minus2",
      "",
    ]);
  });
  it("writes the error list with an intro line, a blank line and the header", () => {
    const text = fehlerDatei("Die Aktion „Rolle entziehen“ …", [
      {
        id: "x",
        person: "Eva Ernst (eernst)",
        vorname: "Eva",
        nachname: "Ernst",
        benutzername: "eernst",
        code: "PERSON_NOT_FOUND",
        meldung: "Person wurde gelöscht.",
      },
    ]);
    expect(text.split("\r\n").slice(0, 4)).toEqual([
      "Die Aktion „Rolle entziehen“ …",
      "",
      "Vorname;Nachname;Benutzername;Fehlermeldung",
      "Eva;Ernst;eernst;Person wurde gelöscht.",
    ]);
  });
});

describe("Lauf", () => {
  const ok: Ergebnis = { art: "erledigt" };
  it("never runs more steps at once than allowed and gives every item an outcome", async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const ende = await laufe(
      Array.from({ length: 20 }, (_, index) => index),
      async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 2));
        running--;
        return ok;
      },
      { concurrency: 3, signal: new AbortController().signal, onDone: (item) => done.push(item) },
    );
    expect(most).toBe(3);
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index));
    expect(ende).toEqual({ abbruch: null, offen: 0 });
  });
  it("stops starting steps when the browser went away", async () => {
    const controller = new AbortController();
    let steps = 0;
    const ende = await laufe(
      Array.from({ length: 10 }, (_, index) => index),
      async () => {
        if (++steps === 2) controller.abort();
        return ok;
      },
      { concurrency: 1, signal: controller.signal, onDone: () => undefined },
    );
    expect(ende).toEqual({ abbruch: "verbindung", offen: 8 });
  });
  it("stops when the session ended and marks that person with the upstream's code", async () => {
    const outcomes: Ergebnis[] = [];
    const ende = await laufe(
      [1, 2, 3],
      async (item) => {
        if (item === 2) throw new LaufAbgebrochen(new UpstreamFailure("REQUIRED_STEP_UP_LEVEL_NOT_MET", 403));
        return ok;
      },
      { concurrency: 1, signal: new AbortController().signal, onDone: (_, ergebnis) => outcomes.push(ergebnis) },
    );
    expect(outcomes).toEqual([ok, { art: "fehler", code: "REQUIRED_STEP_UP_LEVEL_NOT_MET" }]);
    expect(ende).toEqual({ abbruch: "sitzung", offen: 1 });
  });
});
