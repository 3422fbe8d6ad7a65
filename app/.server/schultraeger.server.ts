import { z } from "zod";
import type { OrganisationResponse } from "../../upstream/contract";
import { notFound } from "./guards.server";
import { findOrganisationen } from "./upstream/organisationen.server";

/**
 * A Schulträger the user may manage, else the not-found page. The upstream reads single organisations without a
 * permission check, so the permission-filtered list is asked, by id; it answers the Träger itself with its version
 * (the rename's optimistic lock).
 */
export async function loadSchultraegerForAdmin(request: Request, id: string | null | undefined): Promise<OrganisationResponse> {
  if (!z.string().uuid().safeParse(id).success) throw notFound();
  const { items } = await findOrganisationen(request, {
    typ: "TRAEGER",
    systemrechte: ["SCHULTRAEGER_VERWALTEN"],
    organisationIds: [id!],
    limit: 1,
  });
  const traeger = items.find((candidate) => candidate.id === id);
  // Listed ids come first whatever the typ: a school's or a class's id is not a Träger.
  if (!traeger || traeger.typ !== "TRAEGER") throw notFound();
  return traeger;
}
