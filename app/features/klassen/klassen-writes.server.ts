import { data } from "@remix-run/node";
import { organisationLabel } from "~/organisation-label";
import { REVISION_CONFLICT_CODES } from "~/.server/error-codes.server";
import { redirectWithToast } from "~/.server/responses.server";
import {
  createKlasse,
  deleteKlasse,
  findOrganisationen,
  getOrganisation,
  renameOrganisation,
} from "~/.server/upstream/organisationen.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { writeWithOutcome } from "~/.server/write-outcome.server";
import { loadKlasseForAdmin } from "./klassen.server";

/**
 * The class writes, each with a plain answer to "was it saved?" when the upstream did not answer in time
 * (docs/decisions/011, "Writes that time out"): after a timeout the upstream is asked again whether the change
 * is in place, and a refusal that the user's own unanswered attempt caused is not shown as someone else's.
 */

/** The marker of an unanswered create in the portal cookie: the school and the name identify the attempt. */
export const CREATE_WRITE = "klasse-anlegen";
export const createKey = (schuleId: string, name: string) => `${schuleId}/${name}`;

export function createKlasseWithOutcome(
  request: Request,
  schuleId: string,
  name: string,
  { earlierAttemptUnanswered }: { earlierAttemptUnanswered: boolean },
) {
  return writeWithOutcome({
    write: () => createKlasse(request, schuleId, name),
    reread: () => findKlasse(request, schuleId, name),
    ownConflicts: ["KLASSENNAME_AN_SCHULE_EINDEUTIG"],
    earlierAttemptUnanswered,
  });
}

/** The class of this name at this school, if there is one. */
async function findKlasse(request: Request, schuleId: string, name: string) {
  const { items } = await findOrganisationen(request, { typ: "KLASSE", administriertVon: [schuleId], name, limit: 50 });
  return items.find((klasse) => klasse.name === name) ?? null;
}

export function renameKlasseWithOutcome(request: Request, id: string, name: string, version: number) {
  return writeWithOutcome({
    write: () => renameOrganisation(request, id, { name, version }),
    // Whoever gave the class this name, it now has the name the user asked for.
    reread: async () => {
      const klasse = await getOrganisation(request, id);
      return klasse.name === name ? klasse : null;
    },
    ownConflicts: [...REVISION_CONFLICT_CODES],
    earlierAttemptUnanswered: true,
  });
}

export function deleteKlasseWithOutcome(request: Request, id: string) {
  return writeWithOutcome({
    write: async () => {
      await deleteKlasse(request, id);
      return "gone" as const;
    },
    reread: async () => {
      try {
        await getOrganisation(request, id);
        return null;
      } catch (error) {
        if (error instanceof UpstreamFailure && (error.status === 404 || error.status === 403)) return "gone" as const;
        throw error;
      }
    },
    ownConflicts: ["ENTITY_NOT_FOUND", "NOT_FOUND", "KLASSE_ERROR"],
    earlierAttemptUnanswered: true,
  });
}

/**
 * The answer to the delete dialog's confirmation, on whichever page it opened: the class's permission is checked
 * again, then it is deleted and the user goes `to` the list with a message; a refusal stays in the dialog.
 */
export async function answerKlasseDelete(request: Request, id: string | null, to: string) {
  const { klasse, schule } = await loadKlasseForAdmin(request, id ?? undefined);
  const outcome = await deleteKlasseWithOutcome(request, klasse.id);
  if (outcome.status !== "saved") {
    const { code, status } = outcome.failure;
    return data({ deleteError: code }, { status: status >= 500 ? status : 400 });
  }
  const values = { name: klasse.name, schule: organisationLabel(schule) };
  return redirectWithToast(request, to, { key: "klassen:delete.done", values });
}
