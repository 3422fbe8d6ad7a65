import { ParentOrganisationenResponse, PersonLockResponse, type LockUserBody, type ParentsByIdsBody } from "@contract";
import { callUpstream, callUpstreamJson } from "./client.server";

/** Named calls that lock, delete and re-synchronise one person (PERSONS.md §2.2.4, §2.2.7, §2.2.8). */

const personPath = (id: string, rest = "") => `/api/personen/${encodeURIComponent(id)}${rest}`;

/** Locks (`lock: true`, also to change a lock) or unlocks; `locked_by` is the locking organisation's id. */
export async function lockUser(request: Request, id: string, body: LockUserBody): Promise<void> {
  await callUpstreamJson(request, personPath(id, "/lock-user"), PersonLockResponse, { method: "PUT", body });
}

/** Deletes the person and its account at once (PERSONEN_SOFORT_LOESCHEN). */
export async function deletePerson(request: Request, id: string): Promise<void> {
  await callUpstream(request, personPath(id), { method: "DELETE" });
}

/** Asks the upstream to send the person to every connected system again (PERSON_SYNCHRONISIEREN). */
export async function syncPerson(request: Request, id: string): Promise<void> {
  await callUpstream(request, personPath(id, "/sync"), { method: "POST" });
}

/** The organisations and all their ancestors (ORGANISATIONS_ROLES.md §4.10): whom a lock can be set in the name of. */
export function parentsByIds(request: Request, organisationIds: string[]) {
  const body: ParentsByIdsBody = { organisationIds };
  return callUpstreamJson(request, "/api/organisationen/parents-by-ids", ParentOrganisationenResponse, { method: "POST", body });
}
