import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { stableId } from "../../../upstream/reference/lib/ids.ts";
import { uniqueToken } from "./klassen";

/**
 * Test persons for the bulk-action journeys (mehrfach-rollen-schule-loeschen.spec.ts): created through the portal's
 * own "Benutzer anlegen" form, posted with the logged-in page's cookies (the UI of creating is covered by its own
 * journey), so every project and run has persons of its own that no other test touches.
 */

export const MEHRFACH_ROLLEN = {
  itslearningSchueler: { id: stableId("rolle:itslearning-schueler"), name: "itslearning-Schüler" },
  webuntisSchueler: { id: stableId("rolle:webuntis-schueler"), name: "Webuntis-Schüler" },
  religionslehrkraft: { id: stableId("rolle:religionslehrkraft"), name: "Ev./Kat. Religionslehrkraft" },
} as const;

/** A class of school A that no other journey empties or deletes. */
export const KLASSE_8B_SCHULE_A = { id: stableId("org:schule-a:8b"), name: "8b" } as const;

export interface Testperson {
  id: string;
  vorname: string;
  familienname: string;
  /** "Vorname Familienname", as the list's checkbox and the bulk pages name the person. */
  name: string;
}

/** Digits are no name characters: the token becomes letters (0 → a … 9 → j). */
const buchstaben = (token: string) => token.replace(/\d/g, (digit) => String.fromCharCode(97 + Number(digit)));

/**
 * A last name of letters only that no other test or run uses, the same for all persons of one journey so the list's
 * search finds exactly them: `<stamm><project letter><token as letters>`.
 */
export function testFamilienname(stamm: string): string {
  const projekt = test.info().project.name === "ohne-js" ? "o" : "m";
  return `${stamm}${projekt}${buchstaben(uniqueToken().slice(-9))}`;
}

interface Anlegen {
  vorname: string;
  familienname: string;
  organisation: string;
  rolle: string;
  /** A pupil's class (required with a LERN role). */
  klasse?: string;
}

/** Posts the create form once; returns the new person, read from the success page's "Zur Gesamtübersicht" link. */
export async function legeTestpersonAn(page: Page, eingabe: Anlegen): Promise<Testperson> {
  const form: Record<string, string> = {
    intent: "anlegen",
    einmal: randomUUID(),
    organisation: eingabe.organisation,
    vorherigeOrganisation: eingabe.organisation,
    rollen: eingabe.rolle,
    "befristung.art": "unbefristet",
    vorname: eingabe.vorname,
    familienname: eingabe.familienname,
  };
  if (eingabe.klasse) form.klasse = eingabe.klasse;
  const name = `${eingabe.vorname} ${eingabe.familienname}`;
  const response = await page.request.post("/admin/personen/new", { form });
  const html = await response.text();
  expect(response.status(), `Anlegen der Testperson „${name}“`).toBe(200);
  expect(html, `Anlegen der Testperson „${name}“`).toContain(`${name} wurde erfolgreich hinzugefügt.`);
  const id = /href="\/admin\/personen\/([0-9a-f-]{36})"/.exec(html)?.[1];
  expect(id, `Anlegen der Testperson „${name}“ lieferte keine Id`).toBeTruthy();
  return { id: id!, vorname: eingabe.vorname, familienname: eingabe.familienname, name };
}

/** Several persons of one last name, one per first name, at one organisation with one role (and class). */
export async function legeTestpersonenAn(
  page: Page,
  familienname: string,
  vornamen: string[],
  zuordnung: Omit<Anlegen, "vorname" | "familienname">,
): Promise<Testperson[]> {
  const personen: Testperson[] = [];
  // One after another: the create form's workflow step and the upstream's username choice are per person anyway.
  for (const vorname of vornamen) personen.push(await legeTestpersonAn(page, { ...zuordnung, vorname, familienname }));
  return personen;
}

/**
 * Set-up only: gives a person a LEHR role at another organisation through the bulk run's own form post (the same one
 * the confirmation page sends), so a journey can start with a person at two schools.
 */
export async function weiseRolleDirektZu(page: Page, person: Testperson, organisation: string, rolle: string) {
  const response = await page.request.post("/admin/personen/mehrfach/ausfuehren", {
    form: {
      aktion: "rolle-zuweisen",
      umfang: "auswahl",
      auswahl: person.id,
      zielOrganisation: organisation,
      zielRolle: rolle,
      "befristung.art": "unbefristet",
      einmal: randomUUID(),
    },
  });
  expect(response.status(), `Zuordnung für „${person.name}“`).toBe(200);
  expect(await response.text(), `Zuordnung für „${person.name}“`).toContain("Einer Person wurde die Rolle zugewiesen.");
}
