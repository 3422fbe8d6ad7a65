import { randomInt } from "node:crypto";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { RollenMerkmal, Rollenart } from "../../contract/index.ts";
import type { ReferenceDb } from "../db/client.ts";
import { emailAddress, identityAccount, person, personenkontext, rolle, rolleMerkmal, userLock } from "../db/schema.ts";
import { HttpError, type RenderedError } from "./errors.ts";
import { hasRightAt, hasRightsAtRoot } from "./permissions.ts";

export type PersonRow = typeof person.$inferSelect;

/** The constant mandant of every person (PERSONS §1.8). */
export const PERSON_MANDANT = "8c6a9447-c23e-4e70-8595-3bcc88a5577a";

// ── error bodies of the person controller ───────────────────────────────────────────────────────────────────────

const schulconnex = (code: number, subcode: string, titel: string, beschreibung: string): RenderedError => ({
  status: code as RenderedError["status"],
  body: { code, subcode, titel, beschreibung },
});

/** A shared domain error: its Dbiam key in the current version, its SchulConneX body in the pinned one (CHANGES §2.4). */
const sharedError = (i18nKey: string, code: number, pinned: () => RenderedError) =>
  new HttpError(i18nKey, ({ version }) =>
    version === "pinned" ? pinned() : { status: code as RenderedError["status"], body: { i18nKey, code } },
  );

/** Revision differs: `MISMATCHED_REVISION` / SchulConneX 409 "00". */
export const mismatchedRevision = () =>
  sharedError("MISMATCHED_REVISION", 409, () =>
    schulconnex(
      409,
      "00",
      "Konflikt mit dem aktuellen Zustand der Resource",
      "Die Entität wurde inzwischen geändert; die Revision weicht ab.",
    ),
  );

/** Username generation failures (PERSONS §1.9 steps 1 and 3). */
export const invalidAttributeLength = () =>
  sharedError("INVALID_ATTRIBUTE_LENGTH", 400, () =>
    schulconnex(400, "07", "Attributwerte haben eine ungültige Länge", "Die Länge eines Textes ist ungültig."),
  );
export const invalidCharacterSet = () =>
  sharedError("INVALID_CHARACTER_SET", 400, () =>
    schulconnex(400, "08", "Attributwerte entsprechen nicht dem gültigen Zeichensatz", "Ein Text enthält unzulässige Zeichen."),
  );
export const invalidName = () =>
  sharedError("INVALID_NAME", 400, () =>
    schulconnex(400, "00", "Fehlerhafte Anfrage", "Aus dem Namen konnte kein Benutzername gebildet werden."),
  );

/** An IdP failure: `KEYCLOAK_CLIENT_ERROR` / SchulConneX 500. */
export const identityProviderError = () =>
  sharedError("KEYCLOAK_CLIENT_ERROR", 500, () =>
    schulconnex(500, "00", "Interner Serverfehler", "Im Identitätsdienst ist ein Fehler aufgetreten."),
  );

/** `DbiamPersonError`: the same body in both versions. */
export const personError = (i18nKey: string, code: number) =>
  new HttpError(i18nKey, () => ({ status: code as RenderedError["status"], body: { i18nKey, code } }));

// ── reading a person ────────────────────────────────────────────────────────────────────────────────────────────

export async function findPerson(db: ReferenceDb, personId: string): Promise<PersonRow | undefined> {
  const [row] = await db.select().from(person).where(eq(person.id, personId)).limit(1);
  return row;
}

/** The person's Zuordnungen with what the rules need of their roles. */
export async function kontexteOf(db: ReferenceDb, personId: string) {
  const rows = await db
    .select({
      organisationId: personenkontext.organisationId,
      rollenart: rolle.rollenart,
      merkmale: sql<
        string[]
      >`coalesce((SELECT array_agg(${rolleMerkmal.merkmal}) FROM ${rolleMerkmal} WHERE ${rolleMerkmal.rolleId} = ${rolle.id}), '{}')`,
    })
    .from(personenkontext)
    .innerJoin(rolle, eq(rolle.id, personenkontext.rolleId))
    .where(eq(personenkontext.personId, personId));
  return rows.map((row) => ({
    organisationId: row.organisationId,
    rollenart: row.rollenart as Rollenart,
    merkmale: row.merkmale as RollenMerkmal[],
  }));
}

/**
 * PERSONS §1.7 `canModifyPerson`: PERSONEN_VERWALTEN at ROOT, or at an organisation of one of the target's kontexte
 * or above it. A target without kontexte can only be modified from ROOT.
 */
export async function canModifyPerson(db: ReferenceDb, callerId: string, targetId: string): Promise<boolean> {
  if (await hasRightsAtRoot(db, callerId, ["PERSONEN_VERWALTEN"])) return true;
  const organisations = await db
    .selectDistinct({ id: personenkontext.organisationId })
    .from(personenkontext)
    .where(eq(personenkontext.personId, targetId));
  for (const { id } of organisations) {
    if (await hasRightAt(db, callerId, id, "PERSONEN_VERWALTEN")) return true;
  }
  return false;
}

/** "Primary e-mail": the ENABLED address if any, else the most recently updated one (PERSONS §1.8). */
export async function primaryEmail(db: ReferenceDb, personId: string) {
  const [row] = await db
    .select({ address: emailAddress.address, status: emailAddress.status })
    .from(emailAddress)
    .where(eq(emailAddress.personId, personId))
    .orderBy(sql`(${emailAddress.status} = 'ENABLED') DESC`, desc(emailAddress.updatedAt))
    .limit(1);
  return row;
}

/** `PersonResponse` of a stored person; `details` adds what only GET /api/personen/{id} carries (PERSONS §2.2.2). */
export async function personResponse(db: ReferenceDb, row: PersonRow, details: boolean) {
  const base = {
    id: row.id,
    mandant: row.mandant,
    name: { familienname: row.familienname, vorname: row.vorname },
    stammorganisation: row.stammorganisation,
    revision: String(row.revision),
    personalnummer: row.personalnummer,
    username: row.username,
    userLock: [] as object[],
    lastModified: row.updatedAt.toISOString(),
  };
  if (!details) return { person: base };
  const [account] = row.keycloakUserId
    ? await db.select({ enabled: identityAccount.enabled }).from(identityAccount).where(eq(identityAccount.id, row.keycloakUserId)).limit(1)
    : [];
  // Without an IdP account the lookup fails: isLocked false and no lock rows (§2.2.2).
  const locks = account ? await db.select().from(userLock).where(eq(userLock.personId, row.id)).orderBy(userLock.createdAt) : [];
  const email = await primaryEmail(db, row.id);
  return {
    person: {
      ...base,
      isLocked: account ? !account.enabled : false,
      userLock: locks.map((lock) => ({
        personId: lock.personId,
        locked_by: lock.lockedBy,
        created_at: lock.createdAt.toISOString(),
        ...(lock.lockedUntil ? { locked_until: lock.lockedUntil.toISOString() } : {}),
        lock_occasion: lock.lockedOccasion,
      })),
      ...(email ? { email: { status: email.status, address: email.address } } : {}),
    },
  };
}

// ── usernames (PERSONS §1.9) ────────────────────────────────────────────────────────────────────────────────────

/** Search-form bases of DIN 91379 letters that are not just a letter with a removable accent. */
const SEARCH_FORM: Record<string, string> = {
  ä: "ae",
  ö: "oe",
  ü: "ue",
  ß: "ss",
  ẞ: "ss",
  å: "aa",
  æ: "ae",
  ø: "oe",
  œ: "oe",
  þ: "th",
  ð: "d",
  đ: "d",
  ł: "l",
  ı: "i",
  ŋ: "n",
  ħ: "h",
  ŧ: "t",
};

/** NFC, DIN 91379 search form, lower case, only a–z left. */
export function cleanName(name: string): string {
  const mapped = [...name.normalize("NFC").toLowerCase()].map((char) => SEARCH_FORM[char] ?? char).join("");
  return mapped
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z]/g, "");
}

const NAME_CHARACTERS = /^[\p{Script=Latin}\p{M} '’`´.,\-~]+$/u;

/** The username candidate of a name pair, or the upstream's error for names it cannot use. */
export function usernameCandidate(vorname: string, familienname: string): string {
  for (const name of [vorname, familienname]) {
    if (name.length < 2) throw invalidAttributeLength();
    if (!NAME_CHARACTERS.test(name.normalize("NFC"))) throw invalidCharacterSet();
  }
  const first = cleanName(vorname);
  const last = cleanName(familienname);
  if (!first || !last) throw invalidName();
  return `${first[0]}${last}`;
}

/** A rename needs a new username only when the first letter of the first name or the whole last name changed. */
export function renameNeedsNewUsername(
  before: { vorname: string; familienname: string },
  after: { vorname: string; familienname: string },
) {
  return cleanName(before.vorname)[0] !== cleanName(after.vorname)[0] || cleanName(before.familienname) !== cleanName(after.familienname);
}

/** `candidate`, else `candidate1`, `candidate2`, … — the first not used by another account or person. */
export async function freeUsername(
  db: ReferenceDb,
  candidate: string,
  ownPersonId?: string,
  ownAccountId?: string | null,
): Promise<string> {
  const pattern = `^${candidate}[0-9]*$`;
  const taken = new Set(
    [
      ...(await db
        .select({ name: identityAccount.username })
        .from(identityAccount)
        .where(and(sql`lower(${identityAccount.username}) ~ ${pattern}`, ownAccountId ? ne(identityAccount.id, ownAccountId) : undefined))),
      ...(await db
        .select({ name: person.username })
        .from(person)
        .where(and(sql`lower(${person.username}) ~ ${pattern}`, ownPersonId ? ne(person.id, ownPersonId) : undefined))),
    ].map((row) => (row.name ?? "").toLowerCase()),
  );
  return firstFreeUsername(candidate, taken);
}

/** Numbered names looked up exactly per candidate (`candidate1` … `candidate9`); beyond that a pattern search. */
const EXACT_SUFFIXES = 9;

/**
 * The usernames taken among those `candidates` would become (`candidate`, `candidate1`, …), in lower case: one query
 * per table for many candidates (the import allocates the names of a batch of rows this way). The names are looked up
 * exactly, which a hash join does in one pass: a pattern with hundreds of alternatives cost about a second per
 * table with 100 000 persons. Only a candidate whose first ten names are all taken is searched by pattern.
 */
export async function takenUsernames(db: ReferenceDb, candidates: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(candidates)].filter((candidate) => /^[a-z]+$/.test(candidate));
  if (unique.length === 0) return new Set();
  const exact = unique.flatMap((candidate) => [candidate, ...Array.from({ length: EXACT_SUFFIXES }, (_, i) => `${candidate}${i + 1}`)]);
  const names = sql`(SELECT json_array_elements_text(${JSON.stringify(exact)}::json))`;
  const [accounts, persons] = await Promise.all([
    db
      .select({ name: identityAccount.username })
      .from(identityAccount)
      .where(sql`lower(${identityAccount.username}) IN ${names}`),
    db
      .select({ name: person.username })
      .from(person)
      .where(sql`lower(${person.username}) IN ${names}`),
  ]);
  const taken = new Set([...accounts, ...persons].map((row) => (row.name ?? "").toLowerCase()));
  const crowded = unique.filter((candidate) => taken.has(`${candidate}${EXACT_SUFFIXES}`));
  if (crowded.length > 0) {
    const pattern = `^(${crowded.join("|")})[0-9]*$`;
    const [moreAccounts, morePersons] = await Promise.all([
      db
        .select({ name: identityAccount.username })
        .from(identityAccount)
        .where(sql`lower(${identityAccount.username}) ~ ${pattern}`),
      db
        .select({ name: person.username })
        .from(person)
        .where(sql`lower(${person.username}) ~ ${pattern}`),
    ]);
    for (const row of [...moreAccounts, ...morePersons]) taken.add((row.name ?? "").toLowerCase());
  }
  return taken;
}

/** `candidate` if not taken, else the first of `candidate1`, `candidate2`, … that is not (`taken` in lower case). */
export function firstFreeUsername(candidate: string, taken: ReadonlySet<string>): string {
  if (!taken.has(candidate)) return candidate;
  for (let n = 1; ; n++) if (!taken.has(`${candidate}${n}`)) return `${candidate}${n}`;
}

// ── start passwords (PERSONS §1.9) ──────────────────────────────────────────────────────────────────────────────

const WORDS = [
  "Wattwurm",
  "Leuchtturm",
  "Strandkorb",
  "Möwenschrei",
  "Deichgraf",
  "Kutterfahrt",
  "Seehundbank",
  "Fischbrötchen",
  "Sturmflut",
  "Krabbenkutter",
  "Hafenkran",
  "Ostseewelle",
  "Dünengras",
  "Rapsfeld",
  "Windmühle",
  "Reetdach",
  "Segelboot",
  "Muschelsand",
  "Backsteinhaus",
  "Apfelbaum",
  "Kirschblüte",
  "Sonnenschein",
  "Regenbogen",
  "Schneeflocke",
  "Bücherei",
  "Füllhalter",
  "Straßenbahn",
  "Gießkanne",
  "Schlüsselbund",
  "Frühstück",
  "Wanderweg",
  "Zugvogel",
  "Kieselstein",
  "Mondlicht",
  "Sternwarte",
  "Brückenbogen",
  "Tannenzapfen",
  "Holunder",
  "Lachmöwe",
  "Wellenreiter",
];
const SYMBOLS = "+-*/%&!?@$#";

/** One German word, two digits, one symbol, e.g. `Wattwurm42!`. */
export function generateStartPassword(): string {
  const word = WORDS[randomInt(WORDS.length)];
  const digits = String(randomInt(100)).padStart(2, "0");
  return `${word}${digits}${SYMBOLS[randomInt(SYMBOLS.length)]}`;
}
