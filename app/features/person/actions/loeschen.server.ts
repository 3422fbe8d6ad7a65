import { can } from "~/permissions";
import { returnPathFrom } from "~/return-path";
import { notFound } from "~/.server/guards.server";
import { redirectWithToast } from "~/.server/responses.server";
import { deletePerson } from "~/.server/upstream/person-lock.server";
import { loadPerson } from "../person-details.server";
import { refusedConfirmation } from "./bestaetigung.server";
import type { PersonActionHandler } from "./types.server";

/**
 * Delete the person at once (PERSONEN_SOFORT_LOESCHEN only; without it the page shows no button and this answers
 * "not found", as for any missing right), then back to the list the user came from, with a message.
 */
export const loeschen: PersonActionHandler = async ({ request, personId, user }) => {
  if (!can(user, "personLoeschen")) throw notFound();
  const person = await loadPerson(request, personId);
  try {
    await deletePerson(request, person.id);
  } catch (error) {
    return refusedConfirmation("loeschen", error);
  }
  const list = returnPathFrom(new URL(request.url).searchParams, "/admin/personen");
  const name = `${person.name.vorname} ${person.name.familienname}`;
  return redirectWithToast(request, list, { key: "personAktionen:delete.done", values: { name } });
};
