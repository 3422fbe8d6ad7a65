import { count, like, sql } from "drizzle-orm";
import type { ReferenceDb } from "../db/client.ts";
import { person } from "../db/schema.ts";
import { stableId } from "../lib/ids.ts";
import { hashPassword } from "../lib/password.ts";
import { DEMO_PASSWORD } from "./demo-accounts.ts";
import { ORGANISATIONEN } from "./demo-data.ts";
import { DEMO_IDS } from "./ids.ts";
import { MANDANT_ID } from "./index.ts";

/**
 * Extra pupils for load tests (REFERENCE_BULK_PERSONS): the class screens and the class-delete check should be
 * measured against an upstream of realistic size, not against the ~15 demo persons.
 */
export const BULK_USERNAME_PREFIX = "massen-";
/** Pupils per batch: big enough to amortise the statement overhead, small enough to keep the JSON parameter modest. */
const BATCH_SIZE = 5_000;

const VORNAMEN = [
  "Anna",
  "Ben",
  "Clara",
  "David",
  "Emma",
  "Finn",
  "Greta",
  "Hannes",
  "Ida",
  "Jonas",
  "Lea",
  "Mats",
  "Nele",
  "Ole",
  "Paula",
  "Tom",
];
const FAMILIENNAMEN = [
  "Hansen",
  "Jensen",
  "Petersen",
  "Nielsen",
  "Carstensen",
  "Thomsen",
  "Schmidt",
  "Möller",
  "Lorenzen",
  "Brodersen",
  "Asmussen",
  "Paulsen",
];

/** Every demo class except the one that must stay empty (its deletion is part of the demo and the e2e tests). */
const TARGET_CLASSES = ORGANISATIONEN.flatMap((o) =>
  o.typ === "KLASSE" && o.administriertVon && o.id !== DEMO_IDS.klasseOhneZuordnung ? [{ klasse: o.id, schule: o.administriertVon }] : [],
);

/** The school of bulk pupil `index` (1-based): the bulk benchmark seeds just enough pupils for a number at one school. */
export const bulkSchuleOf = (index: number): string => TARGET_CLASSES[index % TARGET_CLASSES.length].schule;

const bulkUsername = (index: number) => `${BULK_USERNAME_PREFIX}${String(index).padStart(6, "0")}`;

/**
 * Adds pupils `massen-000001` … up to `total` (person, login account, kontext at a school and at one of its classes).
 * Idempotent: only the missing tail is inserted, so restarts with the same setting cost one count query.
 */
export async function seedBulkPersons(db: ReferenceDb, total: number): Promise<number> {
  if (total <= 0) return 0;
  const [{ existing }] = await db
    .select({ existing: count() })
    .from(person)
    .where(like(person.username, `${BULK_USERNAME_PREFIX}%`));
  if (existing >= total) return 0;

  // One shared hash: hashing per account would dominate the seed time, and the bulk accounts may still log in.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const createdAt = new Date().toISOString();
  await db.transaction(async (tx) => {
    for (let start = existing + 1; start <= total; start += BATCH_SIZE) {
      const pupils = Array.from({ length: Math.min(BATCH_SIZE, total - start + 1) }, (_, offset) => {
        const index = start + offset;
        const username = bulkUsername(index);
        const { klasse, schule } = TARGET_CLASSES[index % TARGET_CLASSES.length];
        return {
          username,
          person_id: stableId(`person:${username}`),
          account_id: stableId(`account:${username}`),
          vorname: VORNAMEN[index % VORNAMEN.length],
          familienname: FAMILIENNAMEN[Math.floor(index / VORNAMEN.length) % FAMILIENNAMEN.length],
          schule,
          klasse,
          schule_kontext_id: stableId(`kontext:${username}:${schule}`),
          klasse_kontext_id: stableId(`kontext:${username}:${klasse}`),
        };
      });
      // A batch travels as one JSON parameter: drizzle's multi-row VALUES (one bind parameter per cell) made the
      // same seed ~3.5x slower on PGlite. ON CONFLICT keeps a rerun safe after single bulk pupils were deleted.
      const batch = sql`json_to_recordset(${JSON.stringify(pupils)}::json) AS b(username text, person_id uuid, account_id uuid,
        vorname text, familienname text, schule uuid, klasse uuid, schule_kontext_id uuid, klasse_kontext_id uuid)`;
      await tx.execute(sql`INSERT INTO identity_account (id, username, password_hash, password_updated_at, created_at)
        SELECT account_id, username, ${passwordHash}, ${createdAt}, ${createdAt} FROM ${batch} ON CONFLICT DO NOTHING`);
      await tx.execute(sql`INSERT INTO person (id, keycloak_user_id, username, mandant, vorname, familienname, created_at, updated_at)
        SELECT person_id, account_id, username, ${MANDANT_ID}, vorname, familienname, ${createdAt}, ${createdAt} FROM ${batch}
        ON CONFLICT DO NOTHING`);
      await tx.execute(sql`INSERT INTO personenkontext (id, person_id, organisation_id, rolle_id, created_at, updated_at)
        SELECT k.id, b.person_id, k.organisation_id, ${DEMO_IDS.rolleSchueler}, ${createdAt}, ${createdAt}
        FROM ${batch} CROSS JOIN LATERAL (VALUES (b.schule_kontext_id, b.schule), (b.klasse_kontext_id, b.klasse)) AS k(id, organisation_id)
        ON CONFLICT DO NOTHING`);
    }
  });
  return total - existing;
}
