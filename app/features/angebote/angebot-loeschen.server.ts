import { data } from "@remix-run/node";
import type { ManageableServiceProviderResponse } from "@contract";
import { notFound } from "~/.server/guards.server";
import { redirectWithToast } from "~/.server/responses.server";
import { deleteAngebot, getManageableAngebot } from "~/.server/upstream/angebote.server";
import { writeWithOutcome } from "~/.server/write-outcome.server";

/** The rights at the offer's owner that let its administrator change or delete it (current upstream). */
const VERWALTEN = ["ANGEBOTE_VERWALTEN", "ANGEBOTE_EINGESCHRAENKT_VERWALTEN"];

/**
 * Whether the user may delete this offer: the current upstream names a managing right at its owner, the offer did
 * not come from VIDIS (VIDIS decides about those), and the upstream has not switched offer editing off. The pinned
 * upstream has no delete and names no rights: never.
 */
export function mayDeleteAngebot(angebot: ManageableServiceProviderResponse, angeboteErstellen: boolean): boolean {
  return angeboteErstellen && !angebot.vidisAngebotId && angebot.relevantSystemrechte.some((recht) => VERWALTEN.includes(recht));
}

/**
 * The delete dialog's confirmation: the offer is read again (and with it the right), deleted, and the user goes `to`
 * the list with a message. A refusal (used by roles, extended by schools, from VIDIS) stays in the dialog in German.
 * A delete that was not answered in time is checked by reading the offer again (decision 011).
 */
export async function answerAngebotDelete(request: Request, id: string, angeboteErstellen: boolean, to: string) {
  const angebot = await getManageableAngebot(request, id);
  if (!angebot || !mayDeleteAngebot(angebot, angeboteErstellen)) throw notFound();
  const outcome = await writeWithOutcome({
    write: async () => {
      await deleteAngebot(request, angebot.id);
      return "gone" as const;
    },
    reread: async () => ((await getManageableAngebot(request, angebot.id)) ? null : ("gone" as const)),
    ownConflicts: ["ENTITY_NOT_FOUND"],
    earlierAttemptUnanswered: true,
  });
  if (outcome.status !== "saved") {
    const { code, status } = outcome.failure;
    return data({ deleteError: code }, { status: status >= 500 ? status : status === 409 ? 409 : 400 });
  }
  return redirectWithToast(request, to, { key: "angebote:delete.done", values: { name: angebot.name } });
}
