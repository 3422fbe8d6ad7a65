import type { OrganisationResponse } from "@contract";
import { can } from "~/permissions";
import { organisationLabel } from "~/organisation-label";
import type { CurrentUser } from "~/.server/auth.server";
import { notFound } from "~/.server/guards.server";
import { parentsByIds } from "~/.server/upstream/person-lock.server";
import { getPersonenuebersicht } from "~/.server/upstream/person.server";
import { LOESCHEN, SYNCHRONISIEREN } from "./dialog-names";
import type { LockingOffice, LockActions } from "./views";

/**
 * "Gesperrt durch" (inventory §4.8.7): the administrator's own organisations (those of the user's Personenkontexte)
 * that are one of the person's organisations or above one of them. `parents` is the answer of parents-by-ids for
 * the person's organisations, which holds them and all their ancestors.
 */
export function lockingOffices(user: Pick<CurrentUser, "personenkontexte">, parents: readonly OrganisationResponse[]): LockingOffice[] {
  const own = new Set(user.personenkontexte.map((kontext) => kontext.organisation.id));
  const offices = parents
    .filter((organisation) => own.has(organisation.id))
    .map((organisation) => ({
      id: organisation.id,
      label: organisationLabel(organisation),
    }));
  return offices.sort((a, b) => a.label.localeCompare(b.label, "de"));
}

/** The person's organisations (schools, classes, …), each once, for parents-by-ids. */
export async function organisationIdsOfPerson(request: Request, personId: string): Promise<string[]> {
  const { zuordnungen } = await getPersonenuebersicht(request, personId);
  return [...new Set(zuordnungen.map((zuordnung) => zuordnung.sskId))];
}

/** The offices for a lock post, read afresh: the form's choice is checked against them, never trusted. */
export async function loadLockingOffices(request: Request, user: CurrentUser, personId: string): Promise<LockingOffice[]> {
  const ids = await organisationIdsOfPerson(request, personId);
  if (ids.length === 0) return [];
  const { parents } = await parentsByIds(request, ids);
  return lockingOffices(user, parents);
}

/**
 * The actions of the person's page beyond its own dialogs. A delete or sync dialog opened by its address without
 * the right is "not found", like any missing right (the buttons are not shown; the action refuses the post too).
 */
export function lockActions(user: CurrentUser, parents: readonly OrganisationResponse[], search: URLSearchParams): LockActions {
  const mayDelete = can(user, "personLoeschen");
  const maySync = can(user, "personSynchronisieren");
  if ((search.has(LOESCHEN) && !mayDelete) || (search.has(SYNCHRONISIEREN) && !maySync)) throw notFound();
  return { offices: lockingOffices(user, parents), mayDelete, maySync };
}
