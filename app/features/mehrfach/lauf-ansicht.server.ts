import { z } from "zod";
import { notFound, requireAdmin } from "~/.server/guards.server";
import { fortsetzenAdresse, laufAdresse } from "./lauf-fortsetzen.server";
import { letzterUnterbrochenerLauf, loadProtokoll, nichtErledigt } from "./lauf-protokoll.server";
import type { LaufAnsicht } from "./lauf-ansicht";

const ID = z.string().uuid();
const TAG = new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", day: "2-digit", month: "2-digit", year: "numeric" });
const UHRZEIT = new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit" });

/**
 * GET /admin/personen/mehrfach/lauf/<id>: the record of one of the user's own bulk runs (issue 32 §2). Someone else's
 * run, an unknown id or a missing right is the not-found page. No upstream call: the record holds what the page shows.
 */
export async function laufAnsichtLaden(request: Request, id: string | undefined): Promise<LaufAnsicht> {
  const user = await requireAdmin(request, { permissions: ["personenverwaltung"] });
  const parsed = ID.safeParse(id);
  const protokoll = parsed.success ? await loadProtokoll(parsed.data, user.personId) : null;
  if (!protokoll) throw notFound();
  const gestartet = new Date(protokoll.startedAt);
  const zahl = (status: string) => protokoll.personen.filter((person) => person.status === status).length;
  const offen = zahl("offen");
  const rest = protokoll.personen.filter((person) => nichtErledigt(person.status)).length;
  const zustand = protokoll.fortgesetztVon
    ? "fortgesetzt"
    : protokoll.endedAt
      ? "beendet"
      : protokoll.laeuftNoch
        ? "laeuftNoch"
        : "unterbrochen";
  return {
    aktion: protokoll.aktion,
    schule: protokoll.schule,
    anzahl: protokoll.anzahl,
    datum: TAG.format(gestartet),
    uhrzeit: UHRZEIT.format(gestartet),
    zustand,
    zaehlung: { erledigt: zahl("erledigt"), unveraendert: zahl("unveraendert"), fehler: zahl("fehler"), offen },
    personen: protokoll.personen.map(({ personId, bezeichnung, status }) => ({ personId, bezeichnung, status })),
    rest,
    fortsetzen: zustand === "unterbrochen" && rest > 0 ? fortsetzenAdresse(protokoll.id, protokoll.auftrag) : null,
    fortgesetzt: protokoll.fortgesetztVon ? laufAdresse(protokoll.fortgesetztVon) : null,
  };
}

/** The person list's notice: the user's latest cut-off run and the way to its record; a store failure shows none. */
export async function unterbrochenerLauf(adminId: string) {
  const lauf = await letzterUnterbrochenerLauf(adminId).catch((error: unknown) => {
    console.error("bulk record: reading cut-off runs failed:", error);
    return null;
  });
  return lauf ? { aktion: lauf.aktion, adresse: laufAdresse(lauf.id) } : null;
}
