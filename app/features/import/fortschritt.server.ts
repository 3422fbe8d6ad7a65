import { setTimeout as pause } from "node:timers/promises";
import { z } from "zod";
import { notFound, requireAdmin } from "~/.server/guards.server";
import { getFixedT } from "~/.server/i18n.server";
import { pageFrameOf, streamedPage } from "~/.server/streamed-page.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { executeImport, importStatus } from "~/.server/upstream/import.server";
import { runOnce } from "~/.server/store/einmal.server";
import { importAdresse } from "./personenimport";
import { fortschrittAnfang, fortschrittEnde, fortschrittSchritt, type FortschrittEnde } from "./fortschritt-seite.server";
import { IMPORT_RECHTE } from "./upload-form.server";

/**
 * "Import durchführen" and the page that follows it (docs/decisions/028). The post starts the import in the upstream
 * (only a checked, not yet started one: a second post, a reload, starts nothing again) and answers a page that asks
 * the upstream for the status once a second and streams each new count, until the import is finished. A GET follows
 * an import that runs already. The upstream imports in the background, so a closed page or a lost connection
 * changes nothing but what this page shows.
 */

const ABFRAGE_MS = 1000;
/** The page gives up following after this long; the import goes on, and its page shows the state. */
const HOECHSTENS_MS = 15 * 60 * 1000;
const MAX_FEHLVERSUCHE = 3;
const UUID = z.string().uuid();

export async function importFortschritt(request: Request, id: string, { starten }: { starten: boolean }): Promise<Response> {
  const user = await requireAdmin(request, IMPORT_RECHTE);
  if (!UUID.safeParse(id).success) throw notFound();
  const status = await importStatus(request, id).catch((error: unknown) => {
    if (error instanceof UpstreamFailure && (error.status === 404 || error.status === 400)) throw notFound();
    throw error;
  });
  // Only a checked import is started, only by the post, and only once: the import's id is spent in the shared store,
  // so a double click or a second instance follows the run the first post started (docs/decisions/035). A running
  // one is followed; any other is shown on its page.
  const gestartet = starten && status.status === "VALID" && (await runOnce(id, "import", () => executeImport(request, id))).ran;
  if (!gestartet && status.status !== "INPROGRESS" && !(starten && status.status === "VALID")) {
    return new Response(null, { status: 303, headers: { Location: importAdresse(id) } });
  }

  const t = await getFixedT(request);
  const ergebnis = importAdresse(id);
  return streamedPage(async (send, nonce) => {
    send(fortschrittAnfang(t, { nonce, anzahl: status.dataItemCount, ergebnis, frame: pageFrameOf(request, user) }));
    send(fortschrittSchritt(t, status.totalDataItemImported, status.dataItemCount));
    const ende = await verfolge(request, id, status.totalDataItemImported, (bearbeitet, anzahl) =>
      send(fortschrittSchritt(t, bearbeitet, anzahl)),
    );
    if (ende) send(fortschrittEnde(t, ende, { nonce, ergebnis }));
  });
}

/** Asks for the status until the import is over; null when the browser went away. */
async function verfolge(
  request: Request,
  id: string,
  /** The count already shown: a step is sent only when it changes. */
  gezeigtAnfangs: number,
  zeige: (bearbeitet: number, anzahl: number) => void,
): Promise<FortschrittEnde | null> {
  const bis = Date.now() + HOECHSTENS_MS;
  let gezeigt = gezeigtAnfangs;
  let fehlversuche = 0;
  while (!request.signal.aborted) {
    // Once a second; the page's first step was sent with a fresh status, so even the first question waits.
    await pause(ABFRAGE_MS, undefined, { signal: request.signal }).catch(() => undefined);
    if (request.signal.aborted) break;
    if (Date.now() > bis) return { art: "dauertLaenger" };
    let stand;
    try {
      stand = await importStatus(request, id);
      fehlversuche = 0;
    } catch (error) {
      // The login redirect of an ended session cannot be followed from inside a page that is already being sent.
      if (error instanceof Response && !(error instanceof UpstreamFailure)) return { art: "sitzung" };
      // One slow or failed answer is no reason to stop following; three in a row are.
      if (++fehlversuche < MAX_FEHLVERSUCHE) continue;
      return { art: "fehler", code: error instanceof UpstreamFailure ? error.code : "ERROR_IMPORTING_FILE" };
    }
    if (stand.status === "FINISHED") return { art: "fertig", anzahl: stand.dataItemCount };
    if (stand.status !== "INPROGRESS" && stand.status !== "VALID") return { art: "fehler", code: "ERROR_IMPORTING_FILE" };
    if (stand.totalDataItemImported !== gezeigt) {
      gezeigt = stand.totalDataItemImported;
      zeige(stand.totalDataItemImported, stand.dataItemCount);
    }
  }
  return null;
}
