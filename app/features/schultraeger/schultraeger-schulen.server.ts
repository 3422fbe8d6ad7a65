import { data } from "@remix-run/node";
import { z } from "zod";
import type { OrganisationResponse } from "@contract";
import type { ErrorCode } from "~/errors";
import { searchText } from "~/.server/list-params.server";
import { redirectWithToast } from "~/.server/responses.server";
import { assignZugehoerig, findOrganisationen, getRootChildren } from "~/.server/upstream/organisationen.server";
import { writeWithOutcome } from "~/.server/write-outcome.server";
import { loadSchultraegerForAdmin, loadTraegerSchulen, traegerformLabel } from "./schultraeger.server";
import {
  eintrag,
  GLEICHZEITIG,
  LEER,
  MAX_VORGEMERKT,
  nachUndNach,
  checkVormerkung,
  readVormerkung,
  sortiert,
  zaehlung,
  type Art,
  type Eintrag,
  type Pruefung,
  type Schule,
  type SpeicherErgebnis,
  type Vormerkung,
} from "./vormerkung";
import type { Hinweis, SchulenSeiteView, SpeicherAntwort } from "./views";

/** How many schools a search shows, as the original's search (ORGANISATIONS_ROLES.md §4.3); the page says when there are more. */
export const SUCHE_LIMIT = 50;

/** Ids per read of the staged schools: the query string stays short. */
const IDS_PRO_ABFRAGE = 50;

/** The Träger (or the not-found page), its schools and the two forms. */
async function loadTraeger(request: Request, id: string | undefined) {
  const [traeger, schulen, forms] = await Promise.all([
    loadSchultraegerForAdmin(request, id),
    loadTraegerSchulen(request, id),
    getRootChildren(request),
  ]);
  return { traeger, schulen: schulen.map((schule): Schule => ({ ...schule, typ: "SCHULE", zugehoerigZu: traeger.id })), forms };
}

/**
 * Whether the user may move schools below this Träger and back: the upstream asks SCHULTRAEGER_VERWALTEN at the
 * school's old and new parent (§4.13), and one of them is always the Träger's form. An administrator of one Träger
 * holds the right there only: the page shows the Träger's schools without the controls the upstream would refuse.
 */
async function mayMoveSchools(request: Request, traeger: OrganisationResponse): Promise<boolean> {
  const form = traeger.zugehoerigZu;
  if (!form) return false;
  const { items } = await findOrganisationen(request, {
    systemrechte: ["SCHULTRAEGER_VERWALTEN"],
    organisationIds: [form],
    limit: 1,
  });
  return items.some((organisation) => organisation.id === form);
}

/** The schools with these ids as the user may see them for Träger work; an id not answered is not found. */
async function readSchulen(request: Request, ids: string[]): Promise<OrganisationResponse[]> {
  const parts: string[][] = [];
  for (let start = 0; start < ids.length; start += IDS_PRO_ABFRAGE) parts.push(ids.slice(start, start + IDS_PRO_ABFRAGE));
  const answers = await Promise.all(
    parts.map(async (part) => {
      // Listed ids come first whatever the other criteria; with the limit at their count nothing else comes along.
      const { items } = await findOrganisationen(request, {
        typ: "SCHULE",
        systemrechte: ["SCHULTRAEGER_VERWALTEN"],
        organisationIds: part,
        limit: part.length,
      });
      return items.filter((schule) => part.includes(schule.id));
    }),
  );
  return answers.flat();
}

/** The staged set checked against the upstream as it is now. */
async function pruefe(request: Request, vormerkung: Vormerkung, traeger: OrganisationResponse, schulen: Schule[]) {
  const beimTraeger = new Set(schulen.map((schule) => schule.id));
  const zuLesen = [...vormerkung.hinzu, ...vormerkung.weg].filter((id) => !beimTraeger.has(id));
  return checkVormerkung(vormerkung, traeger, schulen, await readSchulen(request, zuLesen));
}

/** Schools of the Träger's form without a Träger, by name or Dienststellennummer. */
async function searchSchulenOhneTraeger(request: Request, traeger: OrganisationResponse, suche: string) {
  if (!traeger.zugehoerigZu) return { items: [], total: 0 };
  return findOrganisationen(request, {
    typ: "SCHULE",
    systemrechte: ["SCHULTRAEGER_VERWALTEN"],
    zugehoerigZu: [traeger.zugehoerigZu],
    searchString: suche,
    sortField: "name",
    limit: SUCHE_LIMIT,
  });
}

/** What the page shows: the Träger, its schools, the staged changes still open, the search and its schools. */
export async function loadSeite(
  request: Request,
  id: string | undefined,
  search: URLSearchParams,
): Promise<Omit<SchulenSeiteView, "zurueck">> {
  const { traeger, schulen, forms } = await loadTraeger(request, id);
  const gelesen = readVormerkung(search);
  const vormerkung = gelesen.ok ? gelesen.vormerkung : LEER;
  const suche = searchText.parse(search.get("suche") ?? undefined) ?? "";
  const [darf, pruefung, gefunden] = await Promise.all([
    mayMoveSchools(request, traeger),
    pruefe(request, vormerkung, traeger, schulen),
    suche ? searchSchulenOhneTraeger(request, traeger, suche) : null,
  ]);
  const vorgemerkt = new Set(pruefung.offen.hinzu.map((schule) => schule.id));
  const hinweis: Hinweis = !gelesen.ok
    ? { art: "fehler", fehler: gelesen.fehler }
    : pruefung.uebersprungen.length > 0
      ? { art: "uebersprungen", uebersprungen: pruefung.uebersprungen }
      : null;
  return {
    darf,
    traeger: { id: traeger.id, name: traeger.name, schulform: traegerformLabel(traeger, forms) },
    schulen: sortiert(schulen.map(eintrag)),
    vorgemerkt: pruefung.offen,
    hinweis,
    suche,
    treffer: gefunden && {
      schulen: gefunden.items.filter((schule) => schule.typ === "SCHULE" && !vorgemerkt.has(schule.id)).map(eintrag),
      weitere: gefunden.total > SUCHE_LIMIT,
      // Sent along: the page's module cannot import a `.server` value (the browser gets none, and the text would differ).
      limit: SUCHE_LIMIT,
    },
  };
}

interface Auftrag extends Eintrag {
  art: Art;
  /** The new parent: the Träger to assign, its form to unassign. */
  ziel: string | null | undefined;
}

/** One school's change (ADR 011): after a timeout the school is read again, as the move is idempotent. */
async function sende(request: Request, auftrag: Auftrag): Promise<{ ok: true } | { ok: false; code: ErrorCode }> {
  const ziel = auftrag.ziel;
  if (!ziel) return { ok: false, code: "SCHULTRAEGER_ERROR" };
  const outcome = await writeWithOutcome({
    write: async () => {
      await assignZugehoerig(request, ziel, auftrag.id);
      return true;
    },
    reread: async () => {
      const [schule] = await readSchulen(request, [auftrag.id]);
      return schule?.zugehoerigZu === ziel ? true : null;
    },
  });
  return outcome.status === "saved" ? { ok: true } : { ok: false, code: outcome.failure.code };
}

/** Sends the open changes, a few at a time; what was already as wanted is reported as such, not as saved. */
async function sendAll(request: Request, traeger: OrganisationResponse, pruefung: Pruefung): Promise<SpeicherErgebnis> {
  const auftraege: Auftrag[] = [
    ...pruefung.offen.hinzu.map((schule) => ({ ...schule, art: "hinzu" as const, ziel: traeger.id })),
    ...pruefung.offen.weg.map((schule) => ({ ...schule, art: "weg" as const, ziel: traeger.zugehoerigZu })),
  ];
  const antworten = await nachUndNach(auftraege, GLEICHZEITIG, (auftrag) => sende(request, auftrag));
  const ergebnis: SpeicherErgebnis = {
    gespeichert: [],
    bereits: [
      ...pruefung.erledigt.hinzu.map((schule) => ({ ...schule, art: "hinzu" as const })),
      ...pruefung.erledigt.weg.map((schule) => ({ ...schule, art: "weg" as const })),
    ],
    fehlgeschlagen: [],
    uebersprungen: pruefung.uebersprungen,
  };
  auftraege.forEach(({ id, label, art }, index) => {
    const antwort = antworten[index];
    if (antwort.ok) ergebnis.gespeichert.push({ id, label, art });
    else ergebnis.fehlgeschlagen.push({ id, label, art, code: antwort.code });
  });
  return ergebnis;
}

/** The counts of the earlier parts of a save in parts, for the final message only. */
const Bisher = z.coerce.number().int().min(0).max(MAX_VORGEMERKT).catch(0);
const bisher = (formData: FormData, name: string) => Bisher.parse(formData.get(name) ?? 0);

/**
 * Saves the posted staged set. The Träger's schools and each staged school are read again first: a change that no
 * longer applies is skipped and reported. All saved: on to `ziel` (the Träger's details page) with a message.
 * Otherwise the page shows what was saved and what not; the refused changes stay staged (the page reads them from
 * the answer). A part of a save that shows its progress (`teil`) always answers its result.
 */
export async function speichern(request: Request, id: string | undefined, formData: FormData, ziel: string) {
  const { traeger, schulen } = await loadTraeger(request, id);
  if (!(await mayMoveSchools(request, traeger))) return data<SpeicherAntwort>({ antwort: "keinRecht" }, { status: 403 });
  const gelesen = readVormerkung(formData);
  if (!gelesen.ok) return data<SpeicherAntwort>({ antwort: "ungueltig", fehler: gelesen.fehler }, { status: 400 });
  const { hinzu, weg } = gelesen.vormerkung;
  if (hinzu.length + weg.length === 0) return data<SpeicherAntwort>({ antwort: "nichtsVorgemerkt" });

  const ergebnis = await sendAll(request, traeger, await pruefe(request, gelesen.vormerkung, traeger, schulen));
  const gezaehlt = zaehlung(ergebnis);
  const allesGespeichert = ergebnis.fehlgeschlagen.length === 0 && ergebnis.uebersprungen.length === 0;
  if (allesGespeichert && formData.get("teil") === null) {
    const bereits = gezaehlt.bereits + bisher(formData, "bisherBereits");
    return redirectWithToast(request, ziel, {
      key: bereits > 0 ? "schultraegerSchulen:gespeichertMitBereits" : "schultraegerSchulen:gespeichert",
      values: {
        hinzu: String(gezaehlt.hinzu + bisher(formData, "bisherHinzu")),
        weg: String(gezaehlt.weg + bisher(formData, "bisherWeg")),
        bereits: String(bereits),
      },
    });
  }
  // 200 also when some failed: the page reads the Träger's schools again (single fetch skips that after a 4xx).
  return data<SpeicherAntwort>({ antwort: "ergebnis", ergebnis, zaehlung: gezaehlt });
}
