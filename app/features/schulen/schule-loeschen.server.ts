import { data } from "@remix-run/node";
import { organisationLabel } from "~/organisation-label";
import { redirectWithToast } from "~/.server/responses.server";
import { deleteSchule, findOrganisationen } from "~/.server/upstream/organisationen.server";
import { writeWithOutcome } from "~/.server/write-outcome.server";
import { loadSchuleForAdmin } from "./schulen.server";

/**
 * The answer to the delete dialog's confirmation, on the school list or the school's page: the school's permission is
 * checked again, then it is deleted and the user goes `to` the list with a message. A refusal (classes, persons,
 * roles, offers or role extensions still at the school) stays in the dialog, in the server's words made German.
 * A delete that was not answered in time is checked by asking for the school again (decision 011).
 */
export async function answerSchuleDelete(request: Request, id: string | null, to: string) {
  const schule = await loadSchuleForAdmin(request, id);
  const outcome = await writeWithOutcome({
    write: async () => {
      await deleteSchule(request, schule.id);
      return "gone" as const;
    },
    reread: async () => {
      const { items } = await findOrganisationen(request, { typ: "SCHULE", organisationIds: [schule.id], limit: 1 });
      return items.some((found) => found.id === schule.id) ? null : ("gone" as const);
    },
    // Gone already: the user's own unanswered attempt, or someone else's; either way the school is no more.
    ownConflicts: ["ENTITY_NOT_FOUND"],
    earlierAttemptUnanswered: true,
  });
  if (outcome.status !== "saved") {
    const { code, status } = outcome.failure;
    return data({ deleteError: code }, { status: status >= 500 ? status : 400 });
  }
  return redirectWithToast(request, to, { key: "schulen:delete.done", values: { schule: organisationLabel(schule) } });
}
