import { z } from "zod";
import type { OrganisationResponse, Systemrecht } from "@contract";
import { findOrganisationen } from "./organisationen.server";

/**
 * The levels a thing may belong to (a role's or an offer's organisation): every organisation but a class where the
 * user holds `right`. The levels above the schools (root, Länder, Träger: few) come first and whole; then the schools,
 * by Dienststellennummer, at most `EBENEN_LIMIT` of them. Both are asked side by side and narrowed by the same search.
 */
export const EBENEN_LIMIT = 50;

export async function findEbenen(request: Request, right: Systemrecht, suche: string | undefined) {
  const [oben, schulen] = await Promise.all([
    findOrganisationen(request, {
      systemrechte: [right],
      excludeTyp: ["KLASSE", "SCHULE"],
      searchString: suche,
      sortField: "name",
      sortOrder: "asc",
    }),
    findOrganisationen(request, {
      systemrechte: [right],
      excludeTyp: ["KLASSE"],
      typ: "SCHULE",
      searchString: suche,
      sortField: "kennung",
      sortOrder: "asc",
      limit: EBENEN_LIMIT,
    }),
  ]);
  const items = [...oben.items, ...schulen.items].filter((organisation) => organisation.typ !== "KLASSE");
  return { items, total: oben.total + schulen.total, schulenGekuerzt: schulen.total > schulen.items.length };
}

/** One level by id, if the user holds `right` there; null for anything else (a class, a foreign or bad id). */
export async function findEbene(request: Request, right: Systemrecht, id: string | null | undefined): Promise<OrganisationResponse | null> {
  if (!z.string().uuid().safeParse(id).success) return null;
  const { items } = await findOrganisationen(request, { systemrechte: [right], excludeTyp: ["KLASSE"], organisationIds: [id!], limit: 1 });
  return items.find((organisation) => organisation.id === id && organisation.typ !== "KLASSE") ?? null;
}
