import { PersonendatensatzResponse, PersonenuebersichtResponse, type PersonMetadataBody } from "@contract";
import { callUpstreamJson, callUpstreamText } from "./client.server";

/** Named calls of one person's record (PERSONS.md §2.2.2, §2.2.5, §2.2.6, §2.2.9, §2.3.2). */

const personPath = (id: string, rest = "") => `/api/personen/${encodeURIComponent(id)}${rest}`;

export async function getPerson(request: Request, id: string) {
  const { person } = await callUpstreamJson(request, personPath(id), PersonendatensatzResponse);
  return person;
}

/** The person with all Zuordnungen (school, role, class, Befristung, the role's merkmale). */
export function getPersonenuebersicht(request: Request, id: string) {
  return callUpstreamJson(request, `/api/dbiam/personenuebersicht/${encodeURIComponent(id)}`, PersonenuebersichtResponse);
}

/**
 * Changes names and KoPers number (the edit form, and the KoPers dialog that lifts a KoPers lock). `revision` and
 * `lastModified` are those of the record the form was built from; any key of the revision-conflict family is
 * shown as NEWER_VERSION_OF_PERSON_AVAILABLE, which offers to load the current data.
 */
export async function updatePersonMetadata(request: Request, id: string, body: PersonMetadataBody) {
  const { person } = await callUpstreamJson(request, personPath(id, "/metadata"), PersonendatensatzResponse, {
    method: "PATCH",
    body,
    defaultError: "ERROR_LOADING_USER",
    errorCodes: { conflict: "NEWER_VERSION_OF_PERSON_AVAILABLE" },
  });
  return person;
}

/** A new temporary password; the text is handed on once and never logged. */
export function resetPassword(request: Request, id: string) {
  return callUpstreamText(request, personPath(id, "/password"), { method: "PATCH" });
}

/** A new device (UEM) password of a teacher; same handling as a login password. */
export function resetDevicePassword(request: Request, id: string) {
  return callUpstreamText(request, personPath(id, "/uem-password"), { method: "PATCH" });
}
