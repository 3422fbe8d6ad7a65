import { describe, expect, it } from "vitest";
import { befristungToUpstream } from "~/dates";
import { assignmentsBySchool } from "~/features/profil/profil.server";
import type { PersonenzuordnungResponse } from "../../upstream/contract";

const SCHULE = "schule-a";
const zuordnung = (fields: Partial<PersonenzuordnungResponse>): PersonenzuordnungResponse => ({
  sskId: SCHULE,
  rolleId: "rolle",
  sskName: "Gemeinschaftsschule am Deich",
  sskDstNr: "0710001",
  rolle: "Lehrkraft",
  rollenArt: "LEHR",
  administriertVon: "land",
  typ: "SCHULE",
  editable: false,
  befristung: null,
  merkmale: [],
  admins: [],
  ...fields,
});

describe("Mein Profil: Schulzuordnungen aus der Personenübersicht", () => {
  it("nennt je Schule ihre Schuladministration, jede Person einmal, und die Befristung als letzten Tag", () => {
    const groups = assignmentsBySchool([
      zuordnung({ rolle: "LiV", befristung: befristungToUpstream("2026-07-31"), admins: ["Sven Schulze", "Anja Albers"] }),
      zuordnung({ rolle: "Lehrkraft", admins: ["Anja Albers", "Sven Schulze"] }),
    ]);
    expect(groups).toEqual([
      {
        id: SCHULE,
        label: "0710001 (Gemeinschaftsschule am Deich)",
        rollen: [
          { name: "LiV", befristung: "31.07.2026" },
          { name: "Lehrkraft", befristung: null },
        ],
        klassen: [],
        admins: ["Sven Schulze", "Anja Albers"],
      },
    ]);
  });

  it("führt Klassen unter ihrer Schule, mit deren Befristung; die Schulleitung einer Klasse zählt nicht", () => {
    const [group, ...rest] = assignmentsBySchool([
      // the class first: the school's name and number still label the entry
      zuordnung({
        sskId: "klasse-7b",
        sskName: "7b",
        sskDstNr: null,
        typ: "KLASSE",
        administriertVon: SCHULE,
        rolle: "Schüler",
        befristung: befristungToUpstream("2027-01-31"),
        admins: ["Niemand Klassenleitung"],
      }),
      zuordnung({ rolle: "Schüler", rollenArt: "LERN", admins: ["Sven Schulze"] }),
    ]);
    expect(rest).toEqual([]);
    expect(group).toMatchObject({
      label: "0710001 (Gemeinschaftsschule am Deich)",
      rollen: [{ name: "Schüler", befristung: null }],
      klassen: [{ name: "7b", befristung: "31.01.2027" }],
      admins: ["Sven Schulze"],
    });
  });

  it("ein Schuladmin (LEIT) bekommt für seine Zuordnung keine Liste: der Eintrag bleibt leer", () => {
    const [group] = assignmentsBySchool([zuordnung({ rolle: "Schuladministrator", rollenArt: "LEIT" })]);
    expect(group.admins).toEqual([]);
  });

  it("mehrere Schulen sind mehrere Einträge, in der Reihenfolge der Zuordnungen", () => {
    const groups = assignmentsBySchool([zuordnung({ sskId: "b", sskName: "Grundschule Lindenweg", sskDstNr: "0710008" }), zuordnung({})]);
    expect(groups.map((group) => group.label)).toEqual(["0710008 (Grundschule Lindenweg)", "0710001 (Gemeinschaftsschule am Deich)"]);
  });
});
