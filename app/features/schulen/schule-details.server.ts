import { z } from "zod";
import type { OrganisationResponse, OrganisationRootChildrenResponse } from "@contract";
import { organisationLabel } from "~/organisation-label";
import { BUILT_ADMIN_AREAS, mayOpen } from "~/permissions";
import { findOrganisationen, getRootChildren } from "~/.server/upstream/organisationen.server";
import { standOf } from "./schule-bearbeiten.server";
import { loadSchuleForAdmin, SCHULFORM_LABELS, schulformOf, schultraegerIds, schultraegerNames } from "./schulen.server";

/**
 * What a school's page shows, in two waves of upstream calls: the school (through the permission-filtered list), the
 * two school forms and the number of its classes together, then the name of its Schulträger.
 */
export async function loadSchuleDetails(request: Request, id: string | undefined) {
  const [schule, forms, klassen] = await Promise.all([
    loadSchuleForAdmin(request, id),
    getRootChildren(request),
    klassenCount(request, id),
  ]);
  const traeger = await schultraegerNames(request, schultraegerIds([schule], forms));
  return { schule, forms, traeger, klassen };
}

/** How many classes the school has: the paging total of a one-row page (null for an id that is none). */
async function klassenCount(request: Request, id: string | undefined): Promise<number | null> {
  if (!z.string().uuid().safeParse(id).success) return null;
  const { total } = await findOrganisationen(request, { typ: "KLASSE", administriertVon: [id!], limit: 1 });
  return total;
}

/** The page's data with every label resolved, and the links the user's rights allow. */
export function schuleDetailsView(
  {
    schule,
    forms,
    traeger,
    klassen,
  }: { schule: OrganisationResponse; forms: OrganisationRootChildrenResponse; traeger: Map<string, string>; klassen: number | null },
  rights: ReadonlySet<string>,
) {
  const traegerName = schule.zugehoerigZu ? traeger.get(schule.zugehoerigZu) : undefined;
  return {
    schule: {
      id: schule.id,
      kennung: schule.kennung ?? "",
      name: schule.name,
      label: organisationLabel(schule),
      schulform: SCHULFORM_LABELS[schulformOf(schule, forms) ?? "unbekannt"],
      itslearning: Boolean(schule.itslearningEnabled),
      klassen,
    },
    stand: standOf(schule),
    traeger: traegerName && schule.zugehoerigZu ? { id: schule.zugehoerigZu, name: traegerName } : null,
    links: {
      // The Schulträger's page, once it is built and the user may manage Schulträger.
      traeger: mayOpen(rights, "/admin/schultraeger") && BUILT_ADMIN_AREAS.has("/admin/schultraeger"),
      klassen: mayOpen(rights, "/admin/klassen"),
      personen: mayOpen(rights, "/admin/personen"),
    },
  };
}
