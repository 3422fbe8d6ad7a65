import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { DEMO_IDS } from "./klassen";

/**
 * Test data for the bulk journeys, set up without the UI (creating a person has its own journey,
 * person-anlegen.spec.ts): the same form post the create page sends when its "anlegen" button is pressed, with the
 * logged-in page's cookies.
 */

export interface NeuePerson {
  vorname: string;
  familienname: string;
  /** The school; with a class for pupils. */
  schuleId: string;
  klasseId?: string;
  /** Default: itslearning-Schüler. */
  rolleId?: string;
}

export interface AngelegtePerson {
  id: string;
  vorname: string;
  familienname: string;
  /** "Vorname Nachname", as the bulk pages name a person. */
  name: string;
}

/**
 * Creates a person through the create form's post. The school's administrator uses "Andere Person (neu anlegen)"
 * (/admin/limited/personen/new), the state administrator "Benutzer anlegen" (/admin/personen/new). A teacher is
 * created without a KoPers number ("Keine KoPers-Nr. vorhanden").
 */
export async function createPersonDirectly(page: Page, person: NeuePerson, { eingeschraenkt = false } = {}): Promise<AngelegtePerson> {
  const path = eingeschraenkt ? "/admin/limited/personen/new" : "/admin/personen/new";
  const rolleId = person.rolleId ?? DEMO_IDS.rolleSchueler;
  const form: Record<string, string> = {
    intent: "anlegen",
    organisation: person.schuleId,
    // The roles count only for the organisation they were offered for.
    vorherigeOrganisation: person.schuleId,
    rollen: rolleId,
    "befristung.art": "unbefristet",
    vorname: person.vorname,
    familienname: person.familienname,
    einmal: randomUUID(),
  };
  if (person.klasseId) form.klasse = person.klasseId;
  if (rolleId === DEMO_IDS.rolleLehrkraft) form.ohneKopers = "on";
  const response = await page.request.post(path, { form });
  const html = await response.text();
  const label = `Anlegen von ${person.vorname} ${person.familienname}`;
  expect(response.status(), label).toBe(200);
  expect(html, label).toMatch(/wurde erfolgreich (angelegt|hinzugefügt)/);
  // The success page links to the new person's details.
  const id = /href="\/admin\/personen\/([0-9a-f-]{36})/.exec(html)?.[1];
  expect(id, `${label}: keine Id auf der Erfolgsseite`).toBeTruthy();
  return { id: id!, vorname: person.vorname, familienname: person.familienname, name: `${person.vorname} ${person.familienname}` };
}

/** Clean-up: deletes a person through the details page's delete action (the state administrator may); gone is fine. */
export async function deletePersonDirectly(page: Page, id: string) {
  return page.request.post(`/admin/personen/${id}?loeschen`, { form: {} });
}

/**
 * A last name no other test uses: person names take letters only, so the digits of a token become letters
 * (0 → a, 1 → b, …). The first letter is capital.
 */
export function uniqueFamilienname(stamm: string, token: string): string {
  return `${stamm}${[...token].map((digit) => String.fromCharCode(97 + Number(digit))).join("")}`;
}
