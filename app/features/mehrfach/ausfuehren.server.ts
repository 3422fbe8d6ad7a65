import type { TFunction } from "i18next";
import { errorMessageKey, errorTitleKey } from "~/errors";
import { parsePersonenListParams } from "~/features/personen/personen-list-params.server";
import { env } from "~/.server/env.server";
import { notFound, requireAdmin } from "~/.server/guards.server";
import { getFixedT } from "~/.server/i18n.server";
import { leavesApp, loginRedirect, redirectTo } from "~/.server/redirects.server";
import { assertSameOrigin } from "~/.server/security.server";
import { pageFrameOf, streamedPage } from "~/.server/streamed-page.server";
import { readFormData } from "~/.server/form-data.server";
import { spendOnce } from "~/.server/store/einmal.server";
import { fortschritt, seitenAnfang, seitenEnde, type Ergebnisse } from "./lauf-seite.server";
import { bestaetigungsAdresse, listenAdresse } from "./adressen";
import { aktionErlaubt, MEHRFACH_FELD, parseAktion, parseUmfang, type MehrfachAktion } from "./aktionen";
import { dateiname, fehlerDatei, passwortDatei, type Fehlerzeile, type Passwortzeile } from "./dateien.server";
import { laufe } from "./lauf.server";
import { fortzusetzenderLauf, laufAdresse, markiereFortgesetzt, protokollAuftrag } from "./lauf-fortsetzen.server";
import { beendeProtokoll, notiereErgebnis, startProtokoll } from "./lauf-protokoll.server";
import { auftragFromForm } from "./auftrag.server";
import { schrittFuer, type Ergebnis, type UnveraendertGrund } from "./schritte.server";
import { loadZiel, parseBezeichnungen, checkZiel, type ZielPerson } from "./ziel.server";

/** A progress step is sent at most this often: often enough to see it move, rarely enough for a screen reader. */
const FORTSCHRITT_INTERVALL_MS = 1000;
const PLACEHOLDER_ORIGIN = "http://portal.invalid";

/**
 * POST /admin/personen/mehrfach/ausfuehren (docs/decisions/026): checks everything again, then answers with a page
 * that streams the progress and ends in the result. The run lives in this one request; its record (who was done, who
 * not; never a password) is kept in the portal's store, so a run cut off midway can be seen and finished later.
 */
export async function fuehreAus(request: Request): Promise<Response> {
  assertSameOrigin(request);
  const form = await readFormData(request);
  const search = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === "string") search.append(name, value);
  const user = await requireAdmin(request, { permissions: ["personenverwaltung"] }).catch((thrown: unknown) =>
    zurueckZurBestaetigung(request, thrown, search),
  );
  const aktion = parseAktion(search.get(MEHRFACH_FELD.aktion));
  if (!aktion || !aktionErlaubt(aktion, user)) throw notFound();
  // Finishing a cut-off run: its open persons, from its record.
  const fortsetzung = await fortzusetzenderLauf(
    search,
    parsePersonenListParams(search),
    parseUmfang(search.get(MEHRFACH_FELD.umfang)),
    user.personId,
  );
  const { umfang, params } = fortsetzung;
  const bezeichnungen = parseBezeichnungen(search.getAll(MEHRFACH_FELD.bezeichnung));
  const geladen = await loadZiel(request, { umfang, params, bezeichnungen }, async () => null);
  const ziel = checkZiel(geladen, { aktion, params, eigeneId: user.personId });
  const zurBestaetigung = (fehler: string | null) => redirectTo(bestaetigungsAdresse(search, fehler), 303);
  // A precondition that no longer holds (the filter, the persons) is shown where it was checked first.
  if (ziel.probleme.length) throw zurBestaetigung(null);
  const auftrag = await auftragFromForm(request, aktion, search, ziel);
  if ("fehler" in auftrag) throw zurBestaetigung(auftrag.fehler);

  // A second send of the same confirmation (the result page reloaded) must not reset passwords again.
  // Spent in the shared store: a double click or a second portal instance gets this notice (docs/decisions/035).
  const einmal = search.get(MEHRFACH_FELD.einmal) ?? "";
  if (!(await spendOnce(einmal, "mehrfach"))) {
    throw new Response(JSON.stringify({ code: "MEHRFACH_BEREITS_AUSGEFUEHRT" }), {
      status: 409,
      headers: { "Content-Type": "application/json" },
    });
  }

  const t = await getFixedT(request);
  const step = schrittFuer(request, auftrag, ziel.schule?.id ?? null);
  const personen = ziel.personen;
  const schule = ziel.schule?.label ?? null;
  // The record comes first: a run cut off midway leaves who was done and who was not (docs/decisions/035).
  await startProtokoll({
    id: einmal,
    adminId: user.personId,
    aktion,
    auftrag: protokollAuftrag(search),
    schule,
    personen,
  });
  if (fortsetzung.id) await markiereFortgesetzt(fortsetzung.id, einmal);
  const notiert: Promise<void>[] = [];

  return streamedPage(async (send, nonce) => {
    const frame = pageFrameOf(request, user);
    send(seitenAnfang(t, { nonce, aktion, anzahl: personen.length, schule, protokoll: laufAdresse(einmal), frame }));
    send(fortschritt(t, 0, personen.length));
    const ergebnisse = new Map<ZielPerson, Ergebnis>();
    let gezeigt = 0;
    const timer = setInterval(() => {
      if (ergebnisse.size === gezeigt) return;
      gezeigt = ergebnisse.size;
      send(fortschritt(t, gezeigt, personen.length));
    }, FORTSCHRITT_INTERVALL_MS);
    try {
      const ende = await laufe(personen, step, {
        concurrency: env.BULK_CONCURRENCY,
        signal: request.signal,
        onDone: (person, ergebnis) => {
          ergebnisse.set(person, ergebnis);
          notiert.push(notiereErgebnis(einmal, person.id, ergebnis).catch((error: unknown) => console.error("bulk record:", error)));
          // The first finished person shows at once that the run moves; later steps come with the timer.
          if (gezeigt === 0) {
            gezeigt = ergebnisse.size;
            send(fortschritt(t, gezeigt, personen.length));
          }
        },
      });
      clearInterval(timer);
      logLauf(aktion, ergebnisse, ende.abbruch);
      await Promise.all(notiert);
      // A run the browser left (or whose session ended) keeps its open persons: its record's page offers the rest.
      await beendeProtokoll(einmal, ende.abbruch).catch((error: unknown) => console.error("bulk record:", error));
      send(
        seitenEnde(
          t,
          zusammenfassen(t, {
            aktion,
            personen,
            ergebnisse,
            ende,
            schuleId: ziel.schule?.id ?? null,
            kennung: ziel.schule?.kennung ?? null,
            zurueck: listenAdresse(params),
          }),
          nonce,
        ),
      );
    } finally {
      clearInterval(timer);
    }
  });
}

/**
 * A login (session ended, or the one-time password is due again) interrupted the run before it started: after it the
 * user comes back to the confirmation page, whose address holds every choice, with the portal's notice that nothing
 * was done. Returning to this route would only find a GET with nothing to run.
 */
async function zurueckZurBestaetigung(request: Request, thrown: unknown, search: URLSearchParams): Promise<never> {
  if (!(thrown instanceof Response)) throw thrown;
  const location = thrown.headers.get("Location");
  if (!location || !leavesApp(location)) throw thrown;
  const bestaetigung = new Request(new URL(bestaetigungsAdresse(search, null), PLACEHOLDER_ORIGIN), {
    method: "POST",
    headers: { Cookie: request.headers.get("Cookie") ?? "" },
  });
  // The cookies the refusal set (an ended upstream session is cleared) go along with the new redirect.
  const headers = new Headers();
  for (const cookie of thrown.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  throw await loginRedirect(bestaetigung, { level: "gold", headers });
}

function zusammenfassen(
  t: TFunction,
  input: {
    aktion: MehrfachAktion;
    personen: ZielPerson[];
    ergebnisse: Map<ZielPerson, Ergebnis>;
    ende: { abbruch: Ergebnisse["abbruch"]; offen: number };
    schuleId: string | null;
    kennung: string | null;
    zurueck: string;
  },
): Ergebnisse {
  const { aktion, personen, ergebnisse } = input;
  const fehler: Array<Fehlerzeile & { meldung: string }> = [];
  const unveraendert: Ergebnisse["unveraendert"] = [];
  const passwoerter: Passwortzeile[] = [];
  let erledigt = 0;
  for (const person of personen) {
    const ergebnis = ergebnisse.get(person);
    if (!ergebnis) continue;
    const namen = namenVon(person);
    if (ergebnis.art === "fehler") {
      fehler.push({
        ...namen,
        id: person.id,
        code: ergebnis.code,
        meldung: `${t(errorTitleKey(ergebnis.code))}. ${t(errorMessageKey(ergebnis.code))}`,
      });
    } else if (ergebnis.art === "unveraendert") {
      unveraendert.push({ name: namen.person, grund: t(`mehrfach:unveraendert.${ergebnis.grund satisfies UnveraendertGrund}`) });
    } else {
      erledigt++;
      if (ergebnis.passwort !== undefined) {
        passwoerter.push({
          klasse: klassenVon(person, input.schuleId),
          nachname: namen.nachname,
          vorname: namen.vorname,
          benutzername: namen.benutzername,
          passwort: ergebnis.passwort,
        });
      }
    }
  }
  return {
    aktion,
    anzahl: personen.length,
    erledigt,
    unveraendert,
    fehler,
    abbruch: input.ende.abbruch,
    offen: input.ende.offen,
    passwortDatei:
      aktion === "passwort" && passwoerter.length
        ? { inhalt: passwortDatei(passwoerter), kennung: input.kennung, name: dateiname("passwoerter", input.kennung) }
        : null,
    fehlerDatei: fehler.length
      ? {
          inhalt: fehlerDatei(t("mehrfach:ergebnis.dateiEinleitung", { aktion: t(`mehrfach:aktion.${aktion}`) }), fehler),
          name: dateiname("fehler", null),
        }
      : null,
    zurueck: input.zurueck,
  };
}

function namenVon(person: ZielPerson) {
  const name = person.name || person.id;
  const vorname = person.uebersicht?.vorname ?? "";
  // A person deleted meanwhile has no overview: the error file names them as the page did ("Vorname Nachname").
  const nachname = person.uebersicht ? person.uebersicht.nachname : name;
  const benutzername = person.benutzername ?? "";
  return { vorname, nachname, benutzername, person: benutzername ? `${name} (${benutzername})` : name };
}

/** The person's classes at the school, as the file's first column names them. */
function klassenVon(person: ZielPerson, schuleId: string | null): string {
  const klassen = (person.uebersicht?.zuordnungen ?? []).filter(
    (z) => z.typ === "KLASSE" && (!schuleId || z.administriertVon === schuleId),
  );
  return [...new Set(klassen.map((z) => z.sskName))].sort((a, b) => a.localeCompare(b, "de", { numeric: true })).join(", ");
}

/** One line per run: counts only, never a name or a password. */
function logLauf(aktion: MehrfachAktion, ergebnisse: Map<ZielPerson, Ergebnis>, abbruch: Ergebnisse["abbruch"]) {
  const counts = { erledigt: 0, unveraendert: 0, fehler: 0 };
  for (const ergebnis of ergebnisse.values()) counts[ergebnis.art]++;
  console.warn(
    `bulk ${aktion}: ${counts.erledigt} done, ${counts.unveraendert} unchanged, ${counts.fehler} failed${abbruch ? `, stopped (${abbruch})` : ""}`,
  );
}
