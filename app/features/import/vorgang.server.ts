import { z } from "zod";
import { IMPORT_RESULT_MAX_LIMIT, type ImportedUserResponse, type ImportStatus } from "@contract";
import { readFormData } from "~/.server/form-data.server";
import { guardWhileLoading, notFound, requireAdmin } from "~/.server/guards.server";
import { redirectWithToast } from "~/.server/responses.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { deleteImport, importedUsers, importStatus } from "~/.server/upstream/import.server";
import { IMPORT_FELD, IMPORT_PFAD, isKodierung } from "./personenimport";
import { IMPORT_RECHTE } from "./upload-form.server";

/**
 * One import, as the upstream keeps it (PERSONS.md §2.8): its status, and while its rows exist (until the user data
 * were downloaded or the import deleted) the school, the role and the rows with their start passwords. The passwords
 * stay on the server: the page gets names and counts, only the file carries the passwords.
 */

const UUID = z.string().uuid();

export interface Vorgang {
  id: string;
  status: ImportStatus | null;
  anzahl: number;
  bearbeitet: number;
  schule: string | null;
  rolle: string | null;
  zeilen: ImportedUserResponse[] | null;
}

/** Status and rows in one wave (the first page of rows with the status, the other pages after it). */
export async function loadVorgang(request: Request, id: string, { alleZeilen }: { alleZeilen: (status: ImportStatus | null) => boolean }) {
  const [status, ersteSeite] = await Promise.all([
    importStatus(request, id).catch(unbekannt),
    importedUsers(request, id, 0).catch(ohneZeilen),
  ]);
  let zeilen = ersteSeite?.importedUsers ?? null;
  if (ersteSeite && alleZeilen(status.status) && ersteSeite.total > zeilen!.length) {
    const weitere = [];
    for (let offset = IMPORT_RESULT_MAX_LIMIT; offset < ersteSeite.total; offset += IMPORT_RESULT_MAX_LIMIT) {
      weitere.push(importedUsers(request, id, offset).then((seite) => seite.importedUsers));
    }
    zeilen = [...zeilen!, ...(await Promise.all(weitere)).flat()];
  }
  return {
    id,
    status: status.status,
    anzahl: status.dataItemCount,
    bearbeitet: status.totalDataItemImported,
    schule: ersteSeite?.organisationsname || null,
    rolle: ersteSeite?.rollenname || null,
    zeilen,
  } satisfies Vorgang;
}

/** The import's page: guarded, then the import (an unknown id is the not-found page). */
export async function vorgangSeiteLaden(request: Request, id: string) {
  const search = new URL(request.url).searchParams;
  if (!UUID.safeParse(id).success) {
    await requireAdmin(request, IMPORT_RECHTE);
    throw notFound();
  }
  const [, vorgang] = await guardWhileLoading(requireAdmin(request, IMPORT_RECHTE), () =>
    loadVorgang(request, id, { alleZeilen: (status) => status === "FINISHED" }),
  );
  const kodierung = search.get("kodierung");
  const fertig = vorgang.status === "FINISHED" && vorgang.zeilen;
  return {
    id: vorgang.id,
    status: vorgang.status,
    anzahl: vorgang.anzahl,
    bearbeitet: vorgang.bearbeitet,
    schule: vorgang.schule,
    rolle: vorgang.rolle,
    kodierung: isKodierung(kodierung) ? kodierung : null,
    schuleId: UUID.safeParse(search.get(IMPORT_FELD.schule)).data ?? null,
    loeschenFragen: search.has("loeschen"),
    // "Import durchführen" asks first, naming school, role and count (as the original does); only a checked file.
    durchfuehrenFragen: search.has("durchfuehren") && vorgang.status === "VALID",
    ergebnis: fertig
      ? {
          angelegt: vorgang.zeilen!.filter((zeile) => zeile.status === "SUCCESS").length,
          // Names only: the start passwords never reach the page.
          nichtAngelegt: vorgang
            .zeilen!.filter((zeile) => zeile.status !== "SUCCESS")
            .map(({ klasse, vorname, nachname }) => ({ klasse, vorname, nachname })),
        }
      : null,
  };
}

function unbekannt(error: unknown): never {
  if (error instanceof UpstreamFailure && (error.status === 404 || error.status === 400)) throw notFound();
  throw error;
}

/** No rows (any more): the upstream answers 404 once they were downloaded or deleted. */
function ohneZeilen(error: unknown): null {
  if (error instanceof UpstreamFailure && error.status === 404) return null;
  throw error;
}

/**
 * Deleting an import: its rows and start passwords go, the persons stay. "Andere Datei hochladen" on a checked file
 * is the same call and says so.
 */
export async function vorgangLoeschen(request: Request, id: string) {
  await requireAdmin(request, IMPORT_RECHTE);
  if (!UUID.safeParse(id).success) throw notFound();
  const form = await readFormData(request);
  await deleteImport(request, id).catch(unbekannt);
  const verworfen = form.get("art") === "verwerfen";
  // A discarded file leads back to the form for another one, with its school still chosen.
  const schule = UUID.safeParse(form.get(IMPORT_FELD.schule)).data;
  const zurueck = verworfen && schule ? `${IMPORT_PFAD}?${new URLSearchParams({ [IMPORT_FELD.schule]: schule })}` : IMPORT_PFAD;
  return redirectWithToast(request, zurueck, {
    key: verworfen ? "personenimport:vorgang.loeschen.verworfen" : "personenimport:vorgang.loeschen.erfolg",
  });
}
