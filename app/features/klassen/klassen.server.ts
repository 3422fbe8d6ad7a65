import { z } from "zod";
import { notFound } from "~/.server/guards.server";
import { PagingParams, searchText } from "~/.server/list-params.server";
import { findOrganisationen, getOrganisation } from "~/.server/upstream/organisationen.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";

/** The class list's state in the URL: school, search, sort and paging. */
export const KlassenListParams = PagingParams.extend({
  schule: z.string().uuid().optional().catch(undefined),
  suche: searchText,
  sortierung: z.enum(["name_asc", "name_desc"]).catch("name_asc"),
});

/**
 * A class together with its school, if the user may manage it. The upstream reads single
 * organisations without any permission check (ORGANISATIONS_ROLES.md §4.4), so the portal asks the
 * permission-filtered list whether this class is among the user's. It asks by id, never by name: a
 * rename by someone else in between must end in the conflict message, not in "not found".
 */
export async function loadKlasseForAdmin(request: Request, id: string | undefined) {
  if (!z.string().uuid().safeParse(id).success) throw notFound();
  const klasse = await getOrganisation(request, id!).catch((error: unknown) => {
    if (error instanceof UpstreamFailure && (error.status === 404 || error.status === 400)) throw notFound();
    throw error;
  });
  if (klasse.typ !== "KLASSE" || !klasse.administriertVon) throw notFound();

  const [permitted, schule] = await Promise.all([
    findOrganisationen(request, {
      typ: "KLASSE",
      systemrechte: ["KLASSEN_VERWALTEN"],
      // The listed ids come first when permitted, whatever the other criteria; one row answers the question.
      organisationIds: [klasse.id],
      limit: 1,
    }),
    getOrganisation(request, klasse.administriertVon),
  ]);
  if (!permitted.items.some((candidate) => candidate.id === klasse.id)) throw notFound();
  return { klasse, schule };
}
