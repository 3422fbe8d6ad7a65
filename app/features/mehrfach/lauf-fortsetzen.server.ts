import { eq } from "drizzle-orm";
import { z } from "zod";
import type { PersonenListParams } from "~/features/personen/personen-list-params";
import { notFound } from "~/.server/guards.server";
import { storeDb } from "~/.server/store/open.server";
import { lauf } from "~/.server/store/schema.server";
import { MEHRFACH_FELD, MEHRFACH_PFAD, type Umfang } from "./aktionen";
import { offenePersonen } from "./lauf-protokoll.server";

/**
 * Finishing a cut-off bulk run (issue 32 §2): the confirmation page and the run take `lauf=<id>`, and the persons are
 * then the ones of that run still `offen` in its record, read from the store, never from the address (they may be
 * more than an address holds, and a person done meanwhile must not be done twice).
 */
export const LAUF_FELD = "lauf";
const ID = z.string().uuid();

export function laufAdresse(id: string): string {
  return `${MEHRFACH_PFAD}/lauf/${id}`;
}

/** The confirmation page that finishes the run: its action and fields as recorded, for its open persons. */
export function fortsetzenAdresse(id: string, auftrag: string): string {
  const search = new URLSearchParams(auftrag);
  search.set(MEHRFACH_FELD.umfang, "auswahl");
  search.set(LAUF_FELD, id);
  return `${MEHRFACH_PFAD}?${search}`;
}

/** What a run records of its form: everything but the persons, the names and the token. */
export function protokollAuftrag(search: URLSearchParams): string {
  const skip = new Set<string>([MEHRFACH_FELD.bezeichnung, MEHRFACH_FELD.einmal, MEHRFACH_FELD.umfang, "auswahl", LAUF_FELD, "fehler"]);
  return new URLSearchParams([...search].filter(([name]) => !skip.has(name))).toString();
}

/** The run being finished, if the form names one (an unknown or someone else's run is "not found"). */
export async function fortzusetzenderLauf(
  search: URLSearchParams,
  params: PersonenListParams,
  umfang: Umfang,
  adminId: string,
): Promise<{ id: string | null; params: PersonenListParams; umfang: Umfang }> {
  const raw = search.get(LAUF_FELD);
  if (raw === null) return { id: null, params, umfang };
  const id = ID.safeParse(raw);
  const offen = id.success ? await offenePersonen(id.data, adminId) : null;
  if (!id.success || offen === null) throw notFound();
  return { id: id.data, params: { ...params, auswahl: offen }, umfang: "auswahl" };
}

/** The earlier run is finished by a later one: no longer offered as cut off, and its page links the later one. */
export async function markiereFortgesetzt(id: string, von: string): Promise<void> {
  const db = await storeDb();
  await db.update(lauf).set({ fortgesetztVon: von }).where(eq(lauf.id, id));
}
