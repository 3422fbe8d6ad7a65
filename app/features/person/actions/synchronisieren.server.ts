import { can } from "~/permissions";
import { notFound } from "~/.server/guards.server";
import { redirectWithToast } from "~/.server/responses.server";
import { syncPerson } from "~/.server/upstream/person-lock.server";
import { loadPerson } from "../person-details.server";
import { refusedConfirmation } from "./bestaetigung.server";
import type { PersonActionHandler } from "./types.server";

/** Send the person to all connected systems again (PERSON_SYNCHRONISIEREN only, else "not found"). */
export const synchronisieren: PersonActionHandler = async ({ request, personId, detailsPath, user }) => {
  if (!can(user, "personSynchronisieren")) throw notFound();
  const person = await loadPerson(request, personId);
  try {
    await syncPerson(request, person.id);
  } catch (error) {
    return refusedConfirmation("synchronisieren", error);
  }
  const name = `${person.name.vorname} ${person.name.familienname}`;
  return redirectWithToast(request, detailsPath, { key: "personAktionen:sync.done", values: { name } });
};
