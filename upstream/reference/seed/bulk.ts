import { count, like } from "drizzle-orm";
import type { ReferenceDb } from "../db/client.ts";
import { identityAccount, person, personenkontext } from "../db/schema.ts";
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
/** Persons per INSERT; with two kontexte each this stays far below PostgreSQL's 65 535 bind parameters. */
const BATCH_SIZE = 2_000;

const VORNAMEN = ["Anna", "Ben", "Clara", "David", "Emma", "Finn", "Greta", "Hannes", "Ida", "Jonas", "Lea", "Mats", "Nele", "Ole", "Paula", "Tom"];
const FAMILIENNAMEN = ["Hansen", "Jensen", "Petersen", "Nielsen", "Carstensen", "Thomsen", "Schmidt", "Möller", "Lorenzen", "Brodersen", "Asmussen", "Paulsen"];

/** Every demo class except the one that must stay empty (its deletion is part of the demo and the e2e tests). */
const TARGET_CLASSES = ORGANISATIONEN.flatMap((o) =>
  o.typ === "KLASSE" && o.administriertVon && o.id !== DEMO_IDS.klasseOhneZuordnung ? [{ klasse: o.id, schule: o.administriertVon }] : [],
);

export const bulkUsername = (index: number) => `${BULK_USERNAME_PREFIX}${String(index).padStart(6, "0")}`;

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
  const createdAt = new Date();
  await db.transaction(async (tx) => {
    for (let start = existing + 1; start <= total; start += BATCH_SIZE) {
      const indexes = Array.from({ length: Math.min(BATCH_SIZE, total - start + 1) }, (_, offset) => start + offset);
      const rows = indexes.map((index) => {
        const username = bulkUsername(index);
        return { index, username, personId: stableId(`person:${username}`), accountId: stableId(`account:${username}`) };
      });
      await tx
        .insert(identityAccount)
        .values(rows.map((r) => ({ id: r.accountId, username: r.username, passwordHash, passwordUpdatedAt: createdAt, createdAt })))
        .onConflictDoNothing();
      await tx
        .insert(person)
        .values(
          rows.map((r) => ({
            id: r.personId,
            keycloakUserId: r.accountId,
            username: r.username,
            mandant: MANDANT_ID,
            vorname: VORNAMEN[r.index % VORNAMEN.length],
            familienname: FAMILIENNAMEN[Math.floor(r.index / VORNAMEN.length) % FAMILIENNAMEN.length],
            createdAt,
            updatedAt: createdAt,
          })),
        )
        .onConflictDoNothing();
      await tx
        .insert(personenkontext)
        .values(
          rows.flatMap((r) => {
            const { klasse, schule } = TARGET_CLASSES[r.index % TARGET_CLASSES.length];
            return [schule, klasse].map((organisationId) => ({
              id: stableId(`kontext:${r.username}:${organisationId}`),
              personId: r.personId,
              organisationId,
              rolleId: DEMO_IDS.rolleSchueler,
              createdAt,
              updatedAt: createdAt,
            }));
          }),
        )
        .onConflictDoNothing();
    }
  });
  return total - existing;
}
