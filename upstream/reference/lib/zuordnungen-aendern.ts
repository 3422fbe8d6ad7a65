import { eq, inArray } from "drizzle-orm";
import type { UpdatePersonenkontexteBody } from "../../contract/index.ts";
import type { ReferenceDb } from "../db/client.ts";
import { person, personenkontext } from "../db/schema.ts";
import { newId } from "./ids.ts";
import { removeLock } from "./locks.ts";
import type { PersonRow } from "./personen.ts";
import { type StoredZuordnung, type Zuordnung, lastModifiedOf, storedZuordnungen, updateError } from "./zuordnungen.ts";

/**
 * Writing a changed set of Zuordnungen (PERSONS §2.4.3, §2.6): shared by the personenkontext workflow's PUT and by
 * adding a state employee to one's own school. The checks before it (rules, rights) stay with the routes.
 */

/** COUNT_MISMATCHING and NEWER_VERSION_OF_PERSONENKONTEXTE_AVAILABLE against what is stored right now. */
export function assertCurrent(stored: readonly StoredZuordnung[], body: UpdatePersonenkontexteBody) {
  if (stored.length !== body.count) throw updateError("COUNT_MISMATCHING");
  const latest = lastModifiedOf(stored);
  if (latest === null) return;
  if (body.lastModified === undefined || latest > new Date(body.lastModified).getTime()) {
    throw updateError("NEWER_VERSION_OF_PERSONENKONTEXTE_AVAILABLE");
  }
}

export interface Change {
  target: PersonRow;
  stored: readonly StoredZuordnung[];
  removed: readonly StoredZuordnung[];
  added: readonly Zuordnung[];
  body: UpdatePersonenkontexteBody;
  personalnummer: string;
  now: Date;
}

/**
 * Writes the change in one transaction: deletions, then insertions (a changed Befristung is a new kontext with a new
 * id and creation time, which also restarts the KoPers clock), the person's unassignment date, and the KoPers number
 * (revision + 1, lifting a KoPers lock). The person row is locked and the stored set compared again, so that of two
 * concurrent saves based on the same state only the first succeeds. Returns the Zuordnungen afterwards.
 */
export async function applyChange(db: ReferenceDb, change: Change): Promise<StoredZuordnung[]> {
  const { target, removed, added, body, personalnummer, now } = change;
  return db.transaction(async (tx) => {
    await tx.select({ id: person.id }).from(person).where(eq(person.id, target.id)).for("update");
    const current = await storedZuordnungen(tx, target.id);
    assertCurrent(current, body);

    if (removed.length > 0) {
      await tx.delete(personenkontext).where(
        inArray(
          personenkontext.id,
          removed.map((z) => z.id),
        ),
      );
    }
    if (added.length > 0) {
      await tx
        .insert(personenkontext)
        .values(
          added.map((z) => ({
            id: newId(),
            personId: target.id,
            organisationId: z.organisationId,
            rolleId: z.rolleId,
            befristung: z.befristung === null ? null : new Date(z.befristung),
            createdAt: now,
            updatedAt: now,
          })),
        )
        // the same pair twice in one request: upstream logs the failing insert and answers the real state
        .onConflictDoNothing();
    }
    const after = await storedZuordnungen(tx, target.id);

    const personChanges: Partial<typeof person.$inferInsert> = {};
    // The 90 (pinned: 84) day deletion clock starts when the last Zuordnung goes and stops when one comes back.
    if (after.length === 0 && current.length > 0) personChanges.orgUnassignmentDate = now;
    if (after.length > 0 && target.orgUnassignmentDate !== null) personChanges.orgUnassignmentDate = null;
    if (personalnummer !== "") {
      personChanges.personalnummer = personalnummer;
      personChanges.revision = target.revision + 1;
    }
    if (Object.keys(personChanges).length > 0) {
      await tx
        .update(person)
        .set({ ...personChanges, updatedAt: now })
        .where(eq(person.id, target.id));
    }
    if (personalnummer !== "") await removeLock(tx, target, "KOPERS_GESPERRT");
    return after;
  });
}
