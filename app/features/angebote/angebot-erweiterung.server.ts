import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import type { ManageableServiceProviderResponse, OrganisationResponse } from "@contract";
import { organisationLabel } from "~/organisation-label";
import { readFormData } from "~/.server/form-data.server";
import { notFound, requireAdmin } from "~/.server/guards.server";
import { findRollenerweiterungen, getManageableAngebot, rollenFuerErweiterung } from "~/.server/upstream/angebote.server";
import { schulenWithRight } from "~/.server/upstream/organisationen.server";
import { ErweiterungenSchema, RollenerweiterungSchema } from "./angebot-forms";
import { erweiterungRows, isErweiterbar, rolleOptions } from "./angebote.server";

/**
 * The role extension of an offer (`/admin/angebote/{id}/erweiterungen`, decision 024): what its loader and action
 * read. First wave: the offer (the upstream decides whether this user may read it), the schools where the user holds
 * ROLLEN_ERWEITERN and the offer's existing extensions; second wave: the roles of the chosen school.
 */

export const requireErweiterer = (request: Request) => requireAdmin(request, { permissions: ["rollenerweiterung"] });

export interface ErweiterungContext {
  angebot: ManageableServiceProviderResponse;
  schulen: OrganisationResponse[];
  erweiterungen: Awaited<ReturnType<typeof findRollenerweiterungen>>;
  /** The pinned upstream's detail lacks the current one's `availableForRollenerweiterung`. */
  pinned: boolean;
}

/** The first wave; an offer the user cannot read or that allows no extension is not found. */
export async function loadErweiterungContext(request: Request, id: string | undefined): Promise<ErweiterungContext> {
  if (!z.string().uuid().safeParse(id).success) throw notFound();
  const [angebot, schulen, erweiterungen] = await Promise.all([
    getManageableAngebot(request, id!),
    schulenWithRight(request, "ROLLEN_ERWEITERN"),
    findRollenerweiterungen(request, id!),
  ]);
  if (!angebot || !isErweiterbar(angebot)) throw notFound();
  return { angebot, schulen, erweiterungen, pinned: angebot.availableForRollenerweiterung == null };
}

/** The school the form is for: the one asked for if the user may extend there, else the only one he has. */
export function chosenSchule(schulen: readonly OrganisationResponse[], asked: string | null): OrganisationResponse | null {
  return schulen.find((schule) => schule.id === asked) ?? (schulen.length === 1 ? schulen[0] : null);
}

/**
 * Whether the address asks for a school that is not chosen: none picked before "show", or one where the user may not
 * extend roles. The choice then says so instead of leaving the page silently as it was.
 */
export function isSchuleAskedButNotChosen(searchParams: URLSearchParams, schule: OrganisationResponse | null): boolean {
  return searchParams.has("schule") && !schule;
}

/**
 * The second wave: the school's roles for the form, and every name the answer gives for the list. The pinned
 * upstream's role answer does not depend on the school, and its extensions come without role names: there the roles
 * are read even before a school is chosen.
 */
export async function loadRollen(request: Request, context: ErweiterungContext, schule: OrganisationResponse | null) {
  if (!schule && !(context.pinned && context.erweiterungen?.length)) {
    return { options: [], namen: new Map<string, string>(), holdingOffer: new Set<string>() };
  }
  const { rollen, vorfahren } = await rollenFuerErweiterung(request, schule?.id ?? null, { pinned: context.pinned });
  return {
    options: schule ? rolleOptions(rollen, { vorfahren, angebotId: context.angebot.id }) : [],
    namen: new Map(rollen.map((rolle) => [rolle.id, rolle.name])),
    holdingOffer: new Set(rollen.filter((rolle) => rolle.serviceProviders.some((sp) => sp.id === context.angebot.id)).map((r) => r.id)),
  };
}

/** The forms' native constraints, computed here: the page renders without zod (decision 019). */
const CONSTRAINTS = { einzeln: getZodConstraint(RollenerweiterungSchema), einSchritt: getZodConstraint(ErweiterungenSchema) };

/** The page's data, labels resolved. */
export function erweiterungPage(
  context: ErweiterungContext,
  schule: OrganisationResponse | null,
  rollen: Awaited<ReturnType<typeof loadRollen>>,
) {
  return {
    constraints: CONSTRAINTS,
    angebot: { id: context.angebot.id, name: context.angebot.name },
    schulen: context.schulen.map((entry) => ({ id: entry.id, label: organisationLabel(entry) })),
    schule: schule ? { id: schule.id, label: organisationLabel(schule) } : null,
    rollen: rollen.options,
    erweiterungen: context.erweiterungen === null ? null : erweiterungRows(context.erweiterungen, context.schulen, rollen.namen),
  };
}

/** The one-role form's post (the pinned upstream's), read with its schema. */
export async function readRollenerweiterung(request: Request) {
  return parseWithZod(await readFormData(request), { schema: RollenerweiterungSchema });
}
