import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { storeDb } from "~/.server/store/open.server";
import { lauf, laufPerson } from "~/.server/store/schema.server";
import type { MehrfachAktion } from "./aktionen";
import type { Ergebnis } from "./schritte.server";
import type { ZielPerson } from "./ziel.server";

/**
 * The durable record of a bulk run (issue 32 §2, docs/decisions/035): written before the first step, one row per
 * person, each row updated when its step ended. A run cut off midway (the portal process ended, the browser went
 * away) leaves the persons not done as `offen`, so its page can show what was done and finish the rest, nobody
 * twice. Names and results only; a new password never comes here.
 */
export type PersonStatus = "offen" | "erledigt" | "unveraendert" | "fehler";

export interface LaufProtokoll {
  id: string;
  aktion: MehrfachAktion;
  /** The confirmation page's address parameters of the run (action, its fields, the list's filter). */
  auftrag: string;
  schule: string | null;
  anzahl: number;
  startedAt: string;
  endedAt: string | null;
  /** The later run that finished this one's open persons. */
  fortgesetztVon: string | null;
  personen: { personId: string; bezeichnung: string; status: PersonStatus; code: string | null }[];
}

/** A run without an ended time whose last step is older than this is taken as cut off, not as still running. */
const LAEUFT_NOCH_MS = 60_000;

export async function startProtokoll(input: {
  id: string;
  adminId: string;
  aktion: MehrfachAktion;
  auftrag: string;
  schule: string | null;
  personen: readonly ZielPerson[];
}): Promise<void> {
  const db = await storeDb();
  await db.insert(lauf).values({
    id: input.id,
    adminId: input.adminId,
    aktion: input.aktion,
    auftrag: input.auftrag,
    schule: input.schule,
    anzahl: input.personen.length,
  });
  // In parts: one insert per person would be as many round trips, one insert for thousands a huge statement.
  for (let at = 0; at < input.personen.length; at += 200) {
    const teil = input.personen.slice(at, at + 200);
    if (teil.length === 0) break;
    await db.insert(laufPerson).values(
      teil.map((person, index) => ({
        laufId: input.id,
        personId: person.id,
        position: at + index,
        bezeichnung: person.benutzername ? `${person.name} (${person.benutzername})` : person.name,
        status: "offen" as const,
      })),
    );
  }
}

export async function notiereErgebnis(laufId: string, personId: string, ergebnis: Ergebnis): Promise<void> {
  const db = await storeDb();
  const code = ergebnis.art === "fehler" ? ergebnis.code : ergebnis.art === "unveraendert" ? ergebnis.grund : null;
  await db
    .update(laufPerson)
    .set({ status: ergebnis.art, code })
    .where(and(eq(laufPerson.laufId, laufId), eq(laufPerson.personId, personId)));
  await db
    .update(lauf)
    .set({ updatedAt: sql`now()` })
    .where(eq(lauf.id, laufId));
}

/** The run is over: every person had its step, or it stopped early for a reason the portal saw. */
export async function beendeProtokoll(laufId: string, abbruch: "verbindung" | "sitzung" | null): Promise<void> {
  const db = await storeDb();
  const ende = abbruch ? { abbruch } : { endedAt: sql`now()` };
  await db
    .update(lauf)
    .set({ ...ende, updatedAt: sql`now()` })
    .where(eq(lauf.id, laufId));
}

/** The run with its persons, if it is this administrator's; else null (someone else's run is "not found"). */
export async function loadProtokoll(laufId: string, adminId: string): Promise<(LaufProtokoll & { laeuftNoch: boolean }) | null> {
  const db = await storeDb();
  const [row] = await db
    .select()
    .from(lauf)
    .where(and(eq(lauf.id, laufId), eq(lauf.adminId, adminId)));
  if (!row) return null;
  const personen = await db
    .select({ personId: laufPerson.personId, bezeichnung: laufPerson.bezeichnung, status: laufPerson.status, code: laufPerson.code })
    .from(laufPerson)
    .where(eq(laufPerson.laufId, laufId))
    .orderBy(asc(laufPerson.position));
  // Stopped without a word (the process ended): no step for a while.
  const laeuftNoch = row.endedAt === null && row.abbruch === null && Date.now() - Date.parse(row.updatedAt) < LAEUFT_NOCH_MS;
  return {
    id: row.id,
    aktion: row.aktion as MehrfachAktion,
    auftrag: row.auftrag,
    schule: row.schule,
    anzahl: row.anzahl,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    fortgesetztVon: row.fortgesetztVon,
    personen,
    laeuftNoch,
  };
}

/** Not done: never reached, or its step failed (a failed step changed nothing, so trying again does nobody twice). */
export function nichtErledigt(status: PersonStatus): boolean {
  return status === "offen" || status === "fehler";
}

/** The persons of a run not done: what finishing it runs for. */
export async function offenePersonen(laufId: string, adminId: string): Promise<string[] | null> {
  const protokoll = await loadProtokoll(laufId, adminId);
  return protokoll ? protokoll.personen.filter((person) => nichtErledigt(person.status)).map((person) => person.personId) : null;
}

/** This administrator's latest run that was cut off (not ended, no step for a while) within the last week, if any. */
export async function letzterUnterbrochenerLauf(adminId: string): Promise<{ id: string; aktion: MehrfachAktion } | null> {
  const db = await storeDb();
  const [row] = await db
    .select({ id: lauf.id, aktion: lauf.aktion })
    .from(lauf)
    .where(
      and(
        eq(lauf.adminId, adminId),
        isNull(lauf.endedAt),
        isNull(lauf.fortgesetztVon),
        gt(lauf.startedAt, sql`now() - interval '7 days'`),
        sql`(${lauf.abbruch} IS NOT NULL OR ${lauf.updatedAt} < now() - make_interval(secs => ${LAEUFT_NOCH_MS / 1000}))`,
      ),
    )
    .orderBy(desc(lauf.startedAt))
    .limit(1);
  return row ? { id: row.id, aktion: row.aktion as MehrfachAktion } : null;
}
