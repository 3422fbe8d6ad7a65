import { eq, inArray, sql } from "drizzle-orm";
import type { CreatePersonWithPersonenkontexteBody, Rollenart } from "../../contract/index.ts";
import type { ReferenceDb } from "../db/client.ts";
import type { ApiVersion } from "../env.ts";
import { identityAccount, person, personenkontext, rolle } from "../db/schema.ts";
import { type HttpError, dbiamError, internalError, missingPermissions, notFound } from "./errors.ts";
import { newId } from "./ids.ts";
import { hashPassword } from "./password.ts";
import { hasRightAt } from "./permissions.ts";
import { PERSON_MANDANT, type PersonRow, freeUsername, generateStartPassword, personError, usernameCandidate } from "./personen.ts";
import { LIMITED_ROLLENARTEN, rollenartenFor } from "./rollenarten.ts";
import { type Zuordnung, ancestorsOrSelf, loadOrganisationen, loadRollen, updateError, violatedRule } from "./zuordnungen.ts";

/**
 * Creating a person with his first Zuordnungen (PERSONS §1.9, §2.4.2; CHANGES-SINCE-PIN §2.8, §3.8). The checks run in
 * the upstream's order and answer its keys, but every one of them runs before anything is written (quirk Q1: the
 * upstream stores the person before it checks the Zuordnung rules and keeps him when they fail; R: create nothing).
 */

export interface NewPerson {
  row: PersonRow;
  startpasswort: string;
  kontexte: Array<Zuordnung & { id: string }>;
}

const hasBlanksAround = (value: string) => value.trim() !== value;

export type Transaction = Parameters<Parameters<ReferenceDb["transaction"]>[0]>[0];

export interface CreatePersonOptions {
  /** A start password and its hash made beforehand (the import hashes many at once on the thread pool). */
  credentials?: { startpasswort: string; passwordHash: string };
  /** Further writes in the creating transaction, so they happen together with the creation or not at all. */
  alsoInTransaction?: (tx: Transaction, created: NewPerson) => Promise<void>;
  /** Picks the username for the candidate (the import looks up the taken names of many rows at once). */
  allocateUsername?: (candidate: string) => string;
  /** The Zuordnungen checked beforehand (the import checks them once for many persons); must match the body's. */
  checked?: CheckedZuordnungen;
}

/** The requested Zuordnungen after steps 3, 5 and 6: what to store, or the refusal of steps 5–6 (answered after step 4). */
export interface CheckedZuordnungen {
  desired: Zuordnung[];
  refusal: HttpError | null;
}

/**
 * Steps 3, 5 and 6 of the creation. Step 3 (thrown): organisation and role of each Zuordnung exist, the role may be
 * given there, its rollenart fits the organisation's typ, and the caller may create persons there. Steps 5 and 6
 * (returned as `refusal`, because the KoPers check, step 4, is answered before them): the set rules on the requested
 * set (a new person has none stored), then — pinned only — PERSONEN_VERWALTEN at every requested organisation (the
 * current upstream runs this step with escalated rights, CHANGES §2.8); the same pair twice.
 */
export async function checkZuordnungen(
  db: ReferenceDb,
  version: ApiVersion,
  callerId: string,
  requested: ReadonlyArray<{ organisationId: string; rolleId: string }>,
  befristung: number | null,
): Promise<CheckedZuordnungen> {
  // No Zuordnung at all would make a person nobody can see (R: refused as the workflow's unspecific failure).
  if (requested.length === 0) throw dbiamError("PERSONENKONTEXT_SPECIFICATION_ERROR", 500, 400);
  const [rollen, organisationen] = await Promise.all([
    loadRollen(
      db,
      requested.map((z) => z.rolleId),
    ),
    loadOrganisationen(
      db,
      requested.map((z) => z.organisationId),
    ),
  ]);
  for (const { organisationId, rolleId } of requested) {
    const org = organisationen.get(organisationId);
    const rolleInfo = rollen.get(rolleId);
    if (!org || !rolleInfo) throw notFound();
    const [owner] = await db.select({ id: rolle.administeredBySchulstrukturknoten }).from(rolle).where(eq(rolle.id, rolleId));
    if (!(await ancestorsOrSelf(db, organisationId)).includes(owner.id)) throw notFound();
    if (!rollenartenFor(org.typ, version).includes(rolleInfo.rollenart)) throw updateError("ROLLE_NUR_AN_PASSENDE_ORGANISATION");
    if (!(await mayCreateAt(db, callerId, organisationId, rolleInfo.rollenart))) throw missingPermissions();
  }

  const desired: Zuordnung[] = requested.map((z) => ({ organisationId: z.organisationId, rolleId: z.rolleId, befristung }));
  const rule = violatedRule({ version, stored: [], desired, rollen, organisationen });
  if (rule) return { desired, refusal: updateError(rule) };
  if (version === "pinned") {
    for (const organisationId of new Set(requested.map((z) => z.organisationId))) {
      if (!(await hasRightAt(db, callerId, organisationId, "PERSONEN_VERWALTEN"))) return { desired, refusal: missingPermissions() };
    }
  }
  // 6. The same pair twice: fewer Zuordnungen than requested (body code 500 with HTTP 400, quirk Q7).
  const pairs = new Set(desired.map((z) => `${z.organisationId}|${z.rolleId}`));
  if (pairs.size !== desired.length) return { desired, refusal: dbiamError("PERSONENKONTEXTE_UPDATE_ERROR", 500, 400) };
  return { desired, refusal: null };
}

/** A person as createPerson will write it: every check passed, username and start password chosen. */
export interface PlannedPerson {
  vorname: string;
  familienname: string;
  personalnummer: string | null;
  username: string;
  startpasswort: string;
  passwordHash: string;
  desired: Zuordnung[];
}

/** Steps 2–4 of the creation and the choice of username and start password; writes nothing. */
export async function planPerson(
  db: ReferenceDb,
  version: ApiVersion,
  callerId: string,
  body: CreatePersonWithPersonenkontexteBody,
  options: Omit<CreatePersonOptions, "alsoInTransaction"> = {},
): Promise<PlannedPerson> {
  // 2. The person itself. Upstream, blanks around a name end as an unmapped 500 (quirk Q5); R: the person
  //    controller's own 400 keys, which say what is wrong. Blanks around a KoPers number stay a 500.
  if (hasBlanksAround(body.vorname)) throw personError("VORNAME_ENTHAELT_LEERZEICHEN", 400);
  if (hasBlanksAround(body.familienname)) throw personError("FAMILIENNAME_ENTHAELT_LEERZEICHEN", 400);
  const personalnummer = body.personalnummer ?? null;
  if (personalnummer !== null && hasBlanksAround(personalnummer)) throw internalError();
  const candidate = usernameCandidate(body.vorname, body.familienname);
  const startpasswort = options.credentials?.startpasswort ?? generateStartPassword();

  // 3. (5. and 6. follow after 4.) the Zuordnungen
  const befristung = body.befristung === undefined ? null : new Date(body.befristung).getTime();
  const checked = options.checked ?? (await checkZuordnungen(db, version, callerId, body.createPersonenkontexte, befristung));

  // 4. The KoPers number is free.
  if (personalnummer !== null) {
    const [other] = await db.select({ id: person.id }).from(person).where(eq(person.personalnummer, personalnummer)).limit(1);
    if (other) throw updateError("PERSONALNUMMER_NICHT_EINDEUTIG");
  }
  if (checked.refusal) throw checked.refusal;

  const username = options.allocateUsername ? options.allocateUsername(candidate) : await freeUsername(db, candidate);
  const passwordHash = options.credentials?.passwordHash ?? (await hashPassword(startpasswort));
  return {
    vorname: body.vorname,
    familienname: body.familienname,
    personalnummer,
    username,
    startpasswort,
    passwordHash,
    desired: checked.desired,
  };
}

/**
 * Writes planned persons: login account with the start password as a temporary one (it must be changed at the first
 * login), person and Zuordnungen; three statements for any number of persons (the import writes many at once). The
 * persons travel as one JSON parameter each time: building drizzle's multi-row VALUES (a bind parameter per cell) took
 * a quarter of the import's time on the event loop (as for the bulk seed). Run it in a transaction; answers in the
 * order of `planned`.
 */
export async function insertPersons(tx: Transaction, planned: readonly PlannedPerson[], now: Date): Promise<NewPerson[]> {
  if (planned.length === 0) return [];
  const at = now.toISOString();
  const persons = planned.map((p) => ({
    account_id: newId(),
    person_id: newId(),
    username: p.username,
    password_hash: p.passwordHash,
    vorname: p.vorname,
    familienname: p.familienname,
    personalnummer: p.personalnummer,
  }));
  const kontexte = planned.map((p) => p.desired.map((z) => ({ ...z, id: newId() })));
  const batch = sql`json_to_recordset(${JSON.stringify(persons)}::json) AS b(account_id uuid, person_id uuid, username text,
    password_hash text, vorname text, familienname text, personalnummer text)`;
  await tx.execute(sql`INSERT INTO ${identityAccount} (id, username, password_hash, password_temporary, created_at)
    SELECT account_id, username, password_hash, true, ${at}::timestamptz FROM ${batch}`);
  await tx.execute(sql`INSERT INTO ${person} (id, keycloak_user_id, username, mandant, vorname, familienname, personalnummer, created_at, updated_at)
    SELECT person_id, account_id::text, username, ${PERSON_MANDANT}, vorname, familienname, personalnummer, ${at}::timestamptz, ${at}::timestamptz
    FROM ${batch}`);
  const rows = kontexte.flatMap((list, i) =>
    list.map((z) => ({
      id: z.id,
      person_id: persons[i].person_id,
      organisation_id: z.organisationId,
      rolle_id: z.rolleId,
      befristung: z.befristung === null ? null : new Date(z.befristung).toISOString(),
    })),
  );
  await tx.execute(sql`INSERT INTO ${personenkontext} (id, person_id, organisation_id, rolle_id, befristung, created_at, updated_at)
    SELECT id, person_id, organisation_id, rolle_id, befristung, ${at}::timestamptz, ${at}::timestamptz
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS k(id uuid, person_id uuid, organisation_id uuid, rolle_id uuid, befristung timestamptz)`);
  // The stored rows as drizzle maps them (defaults included), by primary key.
  const stored = await tx
    .select()
    .from(person)
    .where(
      inArray(
        person.id,
        persons.map((p) => p.person_id),
      ),
    );
  const byId = new Map(stored.map((row) => [row.id, row]));
  return planned.map((p, i) => ({
    row: byId.get(persons[i].person_id) as PersonRow,
    startpasswort: p.startpasswort,
    kontexte: kontexte[i],
  }));
}

export async function createPerson(
  db: ReferenceDb,
  version: ApiVersion,
  callerId: string,
  body: CreatePersonWithPersonenkontexteBody,
  now: Date,
  options: CreatePersonOptions = {},
): Promise<NewPerson> {
  const planned = await planPerson(db, version, callerId, body, options);
  // Person, account and Zuordnungen in one transaction.
  return db.transaction(async (tx) => {
    const [created] = await insertPersons(tx, [planned], now);
    await options.alsoInTransaction?.(tx, created);
    return created;
  });
}

/** PERSONEN_ANLEGEN at the organisation, or limited creation there for a rollenart of the allow-list. */
async function mayCreateAt(db: ReferenceDb, callerId: string, organisationId: string, rollenart: Rollenart) {
  if (await hasRightAt(db, callerId, organisationId, "PERSONEN_ANLEGEN")) return true;
  return (
    LIMITED_ROLLENARTEN.includes(rollenart) && (await hasRightAt(db, callerId, organisationId, "EINGESCHRAENKT_NEUE_BENUTZER_ERSTELLEN"))
  );
}
