import { data } from "@remix-run/node";
import { redirectWithToast } from "~/.server/responses.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { updatePersonenkontexte } from "~/.server/upstream/personenkontext-workflow.server";
import { applyAenderungen, kopersOf } from "./aenderungen";
import type { LoadedZuordnungen } from "./zuordnungen.server";
import type { ZuordnungenAntwort } from "./views";

/**
 * The save: the staged changes applied to the set as it is now, sent with the state they were staged on. When
 * someone changed the person meanwhile, the upstream refuses; the answer then carries the new state and keeps the
 * staged changes, so that the user sees them on the reloaded set and can save again.
 */
export async function saveZuordnungen({
  request,
  loaded,
  base,
  detailsPath,
}: {
  request: Request;
  loaded: LoadedZuordnungen;
  base: ZuordnungenAntwort;
  detailsPath: string;
}) {
  if (base.aenderungen.length === 0) return data({ ...base, hinweis: "zuordnungen:nothingStaged" as const }, 400);
  const desired = applyAenderungen(loaded.zuordnungen, base.aenderungen);
  try {
    await updatePersonenkontexte(
      request,
      loaded.person.id,
      {
        lastModified: base.stand.lastModified ?? undefined,
        count: base.stand.count,
        personenkontexte: desired.map((kontext) => ({
          personId: loaded.person.id,
          organisationId: kontext.organisationId,
          rolleId: kontext.rolleId,
          ...(kontext.befristung ? { befristung: kontext.befristung } : {}),
        })),
      },
      // Only for a person without one: a KoPers number is never replaced this way (the edit form does that).
      loaded.person.personalnummer ? null : kopersOf(base.aenderungen),
    );
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    const conflict = error.code === "COUNT_MISMATCHING" || error.code === "NEWER_VERSION_OF_PERSONENKONTEXTE_AVAILABLE";
    // After a conflict the changes stand on the reloaded set; the next save is checked against that one.
    const status = conflict ? 409 : error.status >= 500 ? error.status : 400;
    const hinweis = conflict ? ("zuordnungen:conflictKept" as const) : null;
    return data({ ...base, fehler: error.code, hinweis, stand: conflict ? loaded.stand : base.stand }, status);
  }
  return redirectWithToast(request, detailsPath, { key: "zuordnungen:saved", values: { name: loaded.person.name } });
}
