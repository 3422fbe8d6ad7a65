import { type SQL, sql } from "drizzle-orm";
import { type CreateOrganisationBody, ROOT_ORGANISATION_ID } from "../../contract/index.ts";
import type { ReferenceDb } from "../db/client.ts";
import { organisation } from "../db/schema.ts";
import { dbiamError } from "./errors.ts";
import { type OrganisationRow, findRootChildren, kennungTaken, klassenNameTaken } from "./organisationen.ts";
import { hasRightAt, hasRightsAtRoot } from "./permissions.ts";

/**
 * The structural rules of organisations (ORGANISATIONS_ROLES §4.1), shared by creation, the full update and the
 * school assignment. All refusals are Dbiam bodies with HTTP 400.
 */

export const orgError = (key: string) => dbiamError(key, 400);

/** 400 with code 500: the upstream's unmapped specification errors (class name without letter, Träger placement). */
export const specificationError = () => dbiamError("ORGANISATION_SPECIFICATION_ERROR", 500, 400);

/** "must not start/end with a space and must not be blank-only" — only for non-empty values. */
export const hasBadBlanks = (value: string | undefined | null) =>
  value !== undefined && value !== null && value !== "" && (value.trim() !== value || value.trim() === "");

const hasAsciiLetterOrDigit = (value: string) => /[a-zA-Z0-9]/.test(value);

type OrganisationFields = Pick<CreateOrganisationBody, "typ" | "name" | "kennung" | "emailAdress">;
type Parents = { parent: OrganisationRow | undefined; zugehoerig: OrganisationRow | undefined };

/** Who may create (or fully update) an organisation of this typ below `administriertVon`; other typs never. */
export async function mayManageOrganisation(db: ReferenceDb, callerId: string, typ: string, administriertVon: string) {
  if (typ === "KLASSE") return hasRightAt(db, callerId, administriertVon, "KLASSEN_VERWALTEN");
  if (typ === "SCHULE") return hasRightsAtRoot(db, callerId, ["SCHULEN_VERWALTEN"]);
  if (typ === "TRAEGER") return hasRightsAtRoot(db, callerId, ["SCHULTRAEGER_VERWALTEN"]);
  return false;
}

export function checkBlanks(body: Pick<OrganisationFields, "name" | "kennung">) {
  if (hasBadBlanks(body.name)) throw orgError("NAME_ENTHAELT_LEERZEICHEN");
  if (hasBadBlanks(body.kennung)) throw orgError("KENNUNG_ENTHAELT_LEERZEICHEN");
}

export function checkKlassenNameHasLetterOrDigit(body: Pick<OrganisationFields, "typ" | "name">) {
  if (body.typ === "KLASSE" && !hasAsciiLetterOrDigit(body.name)) throw specificationError();
}

/**
 * School and class rules in the upstream's order, for creation and the full update. The uniqueness checks do not
 * exclude the organisation itself — as upstream, a PUT that keeps a school's kennung (or a class's name) fails.
 */
export async function checkSchuleUndKlasse(db: ReferenceDb, body: OrganisationFields, { parent, zugehoerig }: Parents) {
  if (body.typ === "SCHULE") {
    if (!body.kennung) throw orgError("KENNUNG_REQUIRED_FOR_SCHULE");
    if (!body.name) throw orgError("NAME_REQUIRED_FOR_SCHULE");
    if (await kennungTaken(db, body.kennung)) throw orgError("SCHULE_KENNUNG_EINDEUTIG");
  }
  if (body.typ === "KLASSE") {
    if (body.emailAdress !== undefined) throw orgError("EMAIL_ADRESS_ON_ORGANISATION_TYP");
    if (parent?.typ !== "SCHULE" || zugehoerig?.typ !== "SCHULE") throw orgError("KLASSE_NUR_VON_SCHULE_ADMINISTRIERT");
    if (await klassenNameTaken(db, parent.id, body.name)) throw orgError("KLASSENNAME_AN_SCHULE_EINDEUTIG");
  }
}

/**
 * TraegerUnterRootChild: a Träger belongs to one of the two LAND root children (unmapped → code 500 body).
 * Answers that LAND's id.
 */
export async function checkTraegerUnterRootChild(db: ReferenceDb, zugehoerigZu: string | null): Promise<string> {
  const { oeffentlich, ersatz } = await findRootChildren(db);
  if (!zugehoerigZu || (zugehoerigZu !== oeffentlich?.id && zugehoerigZu !== ersatz?.id)) throw specificationError();
  return zugehoerigZu;
}

/**
 * Tree rules the real upstream knows as error keys but does not check on creation or the full update (§4.1: "a
 * reference server may add them but must then keep the same error keys"). They run after every rule the upstream
 * does check, so a request the upstream refuses gets the upstream's answer; they only stop requests the upstream
 * would accept while leaving a broken tree behind. `selfId` is the organisation being changed (absent on creation,
 * where neither the root nor a cycle can be involved).
 */
export async function checkTreeShape(db: ReferenceDb, typ: string, { parent, zugehoerig }: Parents, selfId?: string) {
  if (selfId === ROOT_ORGANISATION_ID) throw orgError("ROOT_ORGANISATION_IMMUTABLE");
  const parentTyps = [parent?.typ, zugehoerig?.typ];
  if (typ === "TRAEGER" && parentTyps.includes("TRAEGER")) throw orgError("TRAEGER_IN_TRAEGER");
  if (typ !== "KLASSE" && parentTyps.includes("SCHULE")) throw orgError("NUR_KLASSE_UNTER_SCHULE");
  if (typ === "SCHULE") checkSchuleUnterTraeger(parent, zugehoerig);
  if (selfId && (await wouldCycle(db, selfId, [parent?.id, zugehoerig?.id]))) throw orgError("ZYKLUS_IN_ORGANISATION");
}

/** SchuleUnterTraeger: a school is administered by a LAND and belongs to a Träger or to a LAND. */
export function checkSchuleUnterTraeger(parent: OrganisationRow | undefined, zugehoerig: OrganisationRow | undefined) {
  const zugehoerigOk = zugehoerig?.typ === "TRAEGER" || zugehoerig?.typ === "LAND";
  if (parent?.typ !== "LAND" || !zugehoerigOk) throw orgError("SCHULE_UNTER_TRAEGER");
}

/**
 * ZyklusInOrganisation: with `parents` as the organisation's new parents, following `administriertVon` or
 * `zugehoerigZu` upwards would come back to it. UNION (not UNION ALL) ends the walk on cycles elsewhere in the tree.
 */
export async function wouldCycle(db: ReferenceDb, selfId: string, parents: Array<string | null | undefined>) {
  const start = parents.filter((id): id is string => Boolean(id));
  if (start.includes(selfId)) return true;
  if (start.length === 0) return false;
  const startRows = sql.join(
    start.map((id) => sql`(${id}::uuid)`),
    sql`, `,
  );
  const reachable = sql`WITH RECURSIVE up(id) AS (
      SELECT v.id FROM (VALUES ${startRows}) AS v(id)
      UNION
      SELECT p.id FROM ${organisation} o JOIN up ON o.id = up.id,
        LATERAL (VALUES (o.administriert_von), (o.zugehoerig_zu)) AS p(id)
      WHERE p.id IS NOT NULL
    ) SELECT id FROM up`;
  return exists(db, sql`${organisation.id} = ${selfId} AND ${organisation.id} IN (${reachable})`);
}

/** "Ersatzschule" subtree: the `administriertVon` chain (self included) reaches the Ersatz LAND (§4.1). */
export async function isInErsatzSubtree(db: ReferenceDb, organisationId: string) {
  const { ersatz } = await findRootChildren(db);
  if (!ersatz) return false;
  const ancestorsOrSelf = sql`WITH RECURSIVE anc(id, parent) AS (
      SELECT o.id, o.administriert_von FROM ${organisation} o WHERE o.id = ${organisationId}
      UNION
      SELECT o.id, o.administriert_von FROM ${organisation} o JOIN anc ON o.id = anc.parent
    ) SELECT id FROM anc`;
  return exists(db, sql`${organisation.id} = ${ersatz.id} AND ${organisation.id} IN (${ancestorsOrSelf})`);
}

/** Whether some organisation matches `condition`. */
async function exists(db: ReferenceDb, condition: SQL) {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(organisation)
    .where(condition)
    .limit(1);
  return rows.length > 0;
}
