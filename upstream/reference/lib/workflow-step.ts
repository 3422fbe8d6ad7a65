import { type SQL, and, asc, eq, ilike, inArray, ne, or } from "drizzle-orm";
import {
  type LandesbediensteterStepQuery,
  type OperationContext,
  type PersonenkontextWorkflowStepQuery,
  type Rollenart,
  type Systemrecht,
} from "../../contract/index.ts";
import type { ReferenceDb } from "../db/client.ts";
import type { ApiVersion } from "../env.ts";
import { organisation, personenkontext, rolle } from "../db/schema.ts";
import { containsPattern } from "./organisationen.ts";
import { hasRightAt, permittedOrganisations, permittedPredicate } from "./permissions.ts";
import { canModifyPerson } from "./personen.ts";
import { rolleResponses } from "./rollen.ts";
import { LIMITED_ROLLENARTEN, rollenartenFor } from "./rollenarten.ts";
import { ancestorsOrSelf } from "./zuordnungen.ts";

/**
 * The personenkontext workflow's step (PERSONS §2.4.1, CHANGES-SINCE-PIN §3.8): which organisations and roles a
 * picker offers, and whether the selection may be saved. It never fails for lack of rights; lists are empty instead.
 */

const germanOrder = new Intl.Collator("de", { numeric: true });

type RolleRow = typeof rolle.$inferSelect;

const organisationColumns = {
  id: organisation.id,
  administriertVon: organisation.administriertVon,
  kennung: organisation.kennung,
  name: organisation.name,
  namensergaenzung: organisation.namensergaenzung,
  kuerzel: organisation.kuerzel,
  typ: organisation.typ,
  traegerschaft: organisation.traegerschaft,
};
type OrganisationItem = Pick<typeof organisation.$inferSelect, keyof typeof organisationColumns>;

/** `OrganisationResponseLegacy` items: "<kennung> (<name>)" or the name decides the order. */
const title = (o: OrganisationItem) => (o.kennung ? `${o.kennung} (${o.name})` : (o.name ?? ""));

/** The fields both steps share (the workflow's and the state employees'). */
type CommonStepQuery = Pick<PersonenkontextWorkflowStepQuery, "organisationId" | "rollenIds" | "rolleName" | "organisationName" | "limit">;

async function organisations(db: ReferenceDb, callerId: string, query: CommonStepQuery, right: Systemrecht): Promise<OrganisationItem[]> {
  const permitted = await permittedOrganisations(db, callerId, [right]);
  const conditions: SQL[] = [ne(organisation.typ, "KLASSE"), permittedPredicate(organisation.id, permitted)];
  if (query.organisationName) {
    const pattern = containsPattern(query.organisationName);
    conditions.push(or(ilike(organisation.name, pattern), ilike(organisation.kennung, pattern)) as SQL);
  }
  const found = db
    .select(organisationColumns)
    .from(organisation)
    .where(and(...conditions))
    // storage order, cut by the limit before sorting as upstream does
    .orderBy(asc(organisation.createdAt), asc(organisation.id))
    .$dynamic();
  if (query.limit !== undefined) found.limit(query.limit);
  const list: OrganisationItem[] = await found;
  if (list.length === 0) return [];
  // The selected organisation is put in as well, also outside the caller's scope (quirk Q4; R: only when missing).
  if (query.organisationId && !list.some((o) => o.id === query.organisationId)) {
    const [selected] = await db.select(organisationColumns).from(organisation).where(eq(organisation.id, query.organisationId));
    if (selected) list.unshift(selected);
  }
  return list.sort((a, b) => germanOrder.compare(title(a), title(b)));
}

/** Role ↔ organisation compatibility (PERSONS §1.9 / CHANGES §2.8): owned at or above it, rollenart fits its typ. */
export function fits(
  role: Pick<RolleRow, "administeredBySchulstrukturknoten" | "rollenart">,
  org: { typ: string; ancestors: string[] },
  version: ApiVersion,
) {
  return (
    org.ancestors.includes(role.administeredBySchulstrukturknoten) && rollenartenFor(org.typ, version).includes(role.rollenart as Rollenart)
  );
}

interface StepContext {
  db: ReferenceDb;
  version: ApiVersion;
  callerId: string;
  query: PersonenkontextWorkflowStepQuery;
}

/** The rollenarten of the person's roles, or null when no person is named or it has no Zuordnung. */
async function rollenartenOfPerson(db: ReferenceDb, personId: string | undefined): Promise<Rollenart[] | null> {
  if (!personId) return null;
  const rows = await db
    .selectDistinct({ rollenart: rolle.rollenart })
    .from(personenkontext)
    .innerJoin(rolle, eq(rolle.id, personenkontext.rolleId))
    .where(eq(personenkontext.personId, personId));
  return rows.length === 0 ? null : rows.map((row) => row.rollenart as Rollenart);
}

async function rollen(context: StepContext, org: { id: string; typ: string; ancestors: string[] } | null, selected: RolleRow[]) {
  const { db, version, callerId, query } = context;
  if (!org) return [];
  const { personId } = query;
  if (personId && !(await canModifyPerson(db, callerId, personId))) return [];

  let allowed: readonly Rollenart[] | null =
    query.requestedWithSystemrecht === "EINGESCHRAENKT_NEUE_BENUTZER_ERSTELLEN" ? LIMITED_ROLLENARTEN : null;
  const own = await rollenartenOfPerson(db, personId);
  if (own) allowed = allowed ? allowed.filter((art) => own.includes(art)) : own;

  const mayAdminister =
    (await hasRightAt(db, callerId, org.id, "PERSONEN_VERWALTEN")) ||
    (await hasRightAt(db, callerId, org.id, "EINGESCHRAENKT_NEUE_BENUTZER_ERSTELLEN"));
  if (!mayAdminister) return [];
  return candidateRollen(db, version, query, org, selected, allowed);
}

/** Non-technical roles assignable at the organisation (by name and rollenart if asked), the selected ones first within a limit. */
async function candidateRollen(
  db: ReferenceDb,
  version: ApiVersion,
  query: CommonStepQuery,
  org: { id: string; typ: string; ancestors: string[] },
  selected: RolleRow[],
  allowed: readonly Rollenart[] | null,
) {
  const conditions: SQL[] = [eq(rolle.istTechnisch, false), inArray(rolle.administeredBySchulstrukturknoten, org.ancestors)];
  if (query.rolleName) conditions.push(ilike(rolle.name, containsPattern(query.rolleName)));
  if (allowed) conditions.push(inArray(rolle.rollenart, allowed.length ? [...allowed] : ["-"]));
  const candidates = (
    await db
      .select()
      .from(rolle)
      .where(and(...conditions))
  ).filter((r) => fits(r, org, version));

  const byName = (a: RolleRow, b: RolleRow) => germanOrder.compare(a.name, b.name);
  const chosen = [...selected].sort(byName);
  const others = candidates.filter((r) => !chosen.some((s) => s.id === r.id)).sort(byName);
  if (query.limit === undefined) return [...chosen, ...others].sort(byName);
  return [...chosen, ...others.slice(0, Math.max(0, query.limit - chosen.length))];
}

async function canCommit(
  context: StepContext,
  operationContext: OperationContext,
  org: { id: string; typ: string; ancestors: string[] } | null,
  selected: RolleRow[],
) {
  const { db, version, callerId, query } = context;
  if (!org || !query.rollenIds?.length) return false;
  // every selected role must exist
  if (selected.length !== query.rollenIds.length) return false;
  if (!selected.every((r) => fits(r, org, version))) return false;
  if (query.personId && !(await canModifyPerson(db, callerId, query.personId))) return false;
  if (operationContext === "PERSON_BEARBEITEN") return hasRightAt(db, callerId, org.id, "PERSONEN_VERWALTEN");
  if (await hasRightAt(db, callerId, org.id, "PERSONEN_ANLEGEN")) return true;
  return (
    (await hasRightAt(db, callerId, org.id, "EINGESCHRAENKT_NEUE_BENUTZER_ERSTELLEN")) &&
    selected.every((r) => LIMITED_ROLLENARTEN.includes(r.rollenart as Rollenart))
  );
}

/** The selected organisation (with its ancestors) and roles of a step query. */
async function selection(db: ReferenceDb, query: CommonStepQuery) {
  let org: { id: string; typ: string; ancestors: string[] } | null = null;
  if (query.organisationId) {
    const [row] = await db
      .select({ id: organisation.id, typ: organisation.typ })
      .from(organisation)
      .where(eq(organisation.id, query.organisationId));
    if (row) org = { ...row, ancestors: await ancestorsOrSelf(db, row.id) };
  }
  const selected = query.rollenIds?.length ? await db.select().from(rolle).where(inArray(rolle.id, query.rollenIds)) : [];
  return { org, selected };
}

/** The answer of a step: the lists, the echo of the selection (absent when not sent), and whether it may be saved. */
async function stepResponse(
  db: ReferenceDb,
  query: CommonStepQuery,
  organisationList: OrganisationItem[],
  rollenList: RolleRow[],
  commit: boolean,
) {
  return {
    organisations: organisationList,
    rollen: await rolleResponses(db, rollenList),
    ...(query.organisationId ? { selectedOrganisation: query.organisationId } : {}),
    ...(query.rollenIds ? { selectedRollen: query.rollenIds } : {}),
    canCommit: commit,
  };
}

/** `PersonenkontextWorkflowResponse` of one step. */
export async function workflowStep(db: ReferenceDb, version: ApiVersion, callerId: string, query: PersonenkontextWorkflowStepQuery) {
  const context: StepContext = { db, version, callerId, query };
  const { org, selected } = await selection(db, query);
  const [organisationList, rollenList, commit] = [
    await organisations(db, callerId, query, "PERSONEN_VERWALTEN"),
    await rollen(context, org, selected),
    await canCommit(context, query.operationContext, org, selected),
  ];
  return stepResponse(db, query, organisationList, rollenList, commit);
}

/**
 * `LandesbediensteterWorkflowStepResponse` (PERSONS §2.6.1, CHANGES-SINCE-PIN §3.6): the workflow step's algorithm
 * with LANDESBEDIENSTETE_SUCHEN_UND_HINZUFUEGEN in place of the person rights, and no rollenart restriction.
 */
export async function landesbediensteterStep(db: ReferenceDb, version: ApiVersion, callerId: string, query: LandesbediensteterStepQuery) {
  const right: Systemrecht = "LANDESBEDIENSTETE_SUCHEN_UND_HINZUFUEGEN";
  const { org, selected } = await selection(db, query);
  const organisationList = await organisations(db, callerId, query, right);
  const mayAdd = org ? await hasRightAt(db, callerId, org.id, right) : false;
  const rollenList = org && mayAdd ? await candidateRollen(db, version, query, org, selected, null) : [];
  const commit =
    org !== null &&
    mayAdd &&
    (query.rollenIds?.length ?? 0) > 0 &&
    selected.length === query.rollenIds?.length &&
    selected.every((r) => fits(r, org, version));
  return stepResponse(db, query, organisationList, rollenList, commit);
}
