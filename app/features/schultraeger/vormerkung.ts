import { z } from "zod";
import type { ErrorCode } from "~/errors";
import { organisationLabel } from "~/organisation-label";

/**
 * A Schulträger's schools, assigned and unassigned on `/admin/schultraeger/{id}/schulen` (decision 020). The staged
 * changes travel in the form and in the search's URL as repeated `hinzu` (assign) and `weg` (unassign) school ids; the
 * portal keeps nothing between the steps. These are the pure rules: reading the staged set, checking it against the
 * upstream's current state, and what the page says about it.
 */

/**
 * At most this many changes at once: the staged ids ride in the search's URL (200 ids are about 8 kB, well within
 * what browsers and servers take), and the save sends one call per school.
 */
export const MAX_VORGEMERKT = 200;

/** How many calls the save sends at the same time: a few, never hundreds in parallel. */
export const GLEICHZEITIG = 4;

export interface Vormerkung {
  hinzu: string[];
  weg: string[];
}

export const LEER: Vormerkung = { hinzu: [], weg: [] };

const Ids = z.array(z.string().uuid());

const VormerkungSchema = z
  .object({ hinzu: Ids, weg: Ids })
  .transform(({ hinzu, weg }) => ({ hinzu: [...new Set(hinzu)], weg: [...new Set(weg)] }))
  .refine(({ hinzu, weg }) => !hinzu.some((id) => weg.includes(id)), { message: "ungueltig" })
  .refine(({ hinzu, weg }) => hinzu.length + weg.length <= MAX_VORGEMERKT, { message: "zuViele" });

export type VormerkungFehler = "ungueltig" | "zuViele";

export type VormerkungGelesen = { ok: true; vormerkung: Vormerkung } | { ok: false; fehler: VormerkungFehler };

/** The staged set of a form post or a URL. Anything but school ids (and the same school both ways) is refused whole. */
export function readVormerkung(source: { getAll(name: string): unknown[] }): VormerkungGelesen {
  const parsed = VormerkungSchema.safeParse({ hinzu: source.getAll("hinzu"), weg: source.getAll("weg") });
  if (parsed.success) return { ok: true, vormerkung: parsed.data };
  const fehler = parsed.error.issues.some((issue) => issue.message === "zuViele") ? "zuViele" : "ungueltig";
  return { ok: false, fehler };
}

/** The few fields of an organisation these rules read. */
export interface Schule {
  id: string;
  typ: string | null;
  kennung?: string | null;
  name: string;
  zugehoerigZu?: string | null;
  administriertVon?: string | null;
}

/** A school as the page names it, "(kennung) name" as administrators know it. */
export interface Eintrag {
  id: string;
  label: string;
}

export type Art = "hinzu" | "weg";

/** Why a staged school was not changed: it is no longer where the change starts from. */
export type Grund = "andererTraeger" | "andereSchulform" | "nichtGefunden" | "nichtMehrZugeordnet";

export interface Uebersprungen extends Eintrag {
  art: Art;
  grund: Grund;
}

export interface Pruefung {
  /** Still to do. */
  offen: { hinzu: Eintrag[]; weg: Eintrag[] };
  /** Already as wanted (a save that went through, someone else's identical change): nothing to send. */
  erledigt: { hinzu: Eintrag[]; weg: Eintrag[] };
  /** Changed meanwhile so that the change no longer applies. */
  uebersprungen: Uebersprungen[];
}

export const eintrag = (schule: Schule): Eintrag => ({ id: schule.id, label: organisationLabel(schule) });

/** Schools in the order the page lists them: by Dienststellennummer, then name. */
export function sortiert<T extends Eintrag>(eintraege: T[]): T[] {
  return [...eintraege].sort((a, b) => a.label.localeCompare(b.label, "de"));
}

/**
 * The staged set against the current state. An addition is open while the school belongs to the Träger's form
 * directly (no Träger, same form, as the original offers them); a removal while the school belongs to this Träger.
 * `schulenDesTraegers` is the Träger's schools now, `gelesen` the staged schools as read now (missing = not found).
 */
export function checkVormerkung(
  vormerkung: Vormerkung,
  traeger: { id: string; zugehoerigZu?: string | null },
  schulenDesTraegers: Schule[],
  gelesen: Schule[],
): Pruefung {
  const beimTraeger = new Map(schulenDesTraegers.map((schule) => [schule.id, schule]));
  const byId = new Map(gelesen.filter((schule) => schule.typ === "SCHULE").map((schule) => [schule.id, schule]));
  const pruefung: Pruefung = { offen: { hinzu: [], weg: [] }, erledigt: { hinzu: [], weg: [] }, uebersprungen: [] };
  const skip = (art: Art, id: string, grund: Grund) => {
    const schule = byId.get(id) ?? beimTraeger.get(id);
    // A school the user can no longer see has no name to show: the page says "a school no longer found".
    pruefung.uebersprungen.push({ id, label: schule ? organisationLabel(schule) : "", art, grund });
  };

  for (const id of vormerkung.hinzu) {
    const schule = byId.get(id);
    if (beimTraeger.has(id)) pruefung.erledigt.hinzu.push(eintrag(beimTraeger.get(id)!));
    else if (!schule) skip("hinzu", id, "nichtGefunden");
    else if (schule.zugehoerigZu === traeger.zugehoerigZu) pruefung.offen.hinzu.push(eintrag(schule));
    // Not below the form directly: below another Träger of its form, or in the other form altogether.
    else skip("hinzu", id, schule.administriertVon === traeger.zugehoerigZu ? "andererTraeger" : "andereSchulform");
  }
  for (const id of vormerkung.weg) {
    const schule = byId.get(id);
    if (beimTraeger.has(id)) pruefung.offen.weg.push(eintrag(beimTraeger.get(id)!));
    else if (schule && schule.zugehoerigZu === traeger.zugehoerigZu) pruefung.erledigt.weg.push(eintrag(schule));
    else skip("weg", id, schule ? "nichtMehrZugeordnet" : "nichtGefunden");
  }
  pruefung.offen = { hinzu: sortiert(pruefung.offen.hinzu), weg: sortiert(pruefung.offen.weg) };
  return pruefung;
}

/** The staged set that is still open, as ids: what the form carries on after an answer. */
export function offeneIds(offen: Pruefung["offen"]): Vormerkung {
  return { hinzu: offen.hinzu.map((schule) => schule.id), weg: offen.weg.map((schule) => schule.id) };
}

/** The ids as URL parameters (`hinzu=…&weg=…`), for links that keep the staged set. */
export function vormerkungParams(vormerkung: Vormerkung, extra: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams(extra);
  for (const id of vormerkung.hinzu) params.append("hinzu", id);
  for (const id of vormerkung.weg) params.append("weg", id);
  return params;
}

/** One school's change that the upstream refused. */
export interface Fehlgeschlagen extends Eintrag {
  art: Art;
  code: ErrorCode;
}

/** What a save did, school by school. */
export interface SpeicherErgebnis {
  gespeichert: (Eintrag & { art: Art })[];
  /** Already as wanted when the save read it (a save before, someone else's identical change): nothing sent. */
  bereits: (Eintrag & { art: Art })[];
  fehlgeschlagen: Fehlgeschlagen[];
  uebersprungen: Uebersprungen[];
}

export const LEERES_ERGEBNIS: SpeicherErgebnis = { gespeichert: [], bereits: [], fehlgeschlagen: [], uebersprungen: [] };

/** Two answers of batches of one save as one. */
export function zusammen(a: SpeicherErgebnis, b: SpeicherErgebnis): SpeicherErgebnis {
  return {
    gespeichert: [...a.gespeichert, ...b.gespeichert],
    bereits: [...a.bereits, ...b.bereits],
    fehlgeschlagen: [...a.fehlgeschlagen, ...b.fehlgeschlagen],
    uebersprungen: [...a.uebersprungen, ...b.uebersprungen],
  };
}

/** What stays staged after a save: the refused changes, so nothing the user chose is lost. */
export function nachDemSpeichern(ergebnis: SpeicherErgebnis): Vormerkung {
  const ids = (art: Art) => ergebnis.fehlgeschlagen.filter((eintrag) => eintrag.art === art).map((eintrag) => eintrag.id);
  return { hinzu: ids("hinzu"), weg: ids("weg") };
}

/** The counts of the success message: what this save changed, and what it found already as wanted. */
export function zaehlung(ergebnis: SpeicherErgebnis): { hinzu: number; weg: number; bereits: number } {
  return {
    hinzu: ergebnis.gespeichert.filter((eintrag) => eintrag.art === "hinzu").length,
    weg: ergebnis.gespeichert.filter((eintrag) => eintrag.art === "weg").length,
    bereits: ergebnis.bereits.length,
  };
}

/** Runs `task` over `items`, at most `limit` at the same time, and answers the results in the items' order. */
export async function nachUndNach<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Splits the staged set into parts of `size` changes, for a save that shows its progress part by part. */
export function inTeilen(vormerkung: Vormerkung, size: number): Vormerkung[] {
  const all = [...vormerkung.hinzu.map((id) => ["hinzu", id] as const), ...vormerkung.weg.map((id) => ["weg", id] as const)];
  const teile: Vormerkung[] = [];
  for (let start = 0; start < all.length; start += size) {
    const teil: Vormerkung = { hinzu: [], weg: [] };
    for (const [art, id] of all.slice(start, start + size)) teil[art].push(id);
    teile.push(teil);
  }
  return teile;
}

export { istAbgebrochenerTeil, type Abbruchgrund, type TeilAbgebrochen } from "./teil-abgebrochen";
