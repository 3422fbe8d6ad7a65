import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { CRON_LOCKED_BY, type LockOccasion } from "../../contract/index.ts";
import type { ReferenceDb } from "../db/client.ts";
import { identityAccount, person, personenkontext, rolleMerkmal, userLock } from "../db/schema.ts";
import { publishEvent } from "./events.ts";

/**
 * Person locks (PERSONS §4): at most one row per (person, occasion). The identity account is disabled whenever a lock
 * is added and enabled again only when the person's last lock row is gone, so a KoPers lock keeps the account
 * disabled when an administrator lifts the manual one.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A KOPERS_PFLICHT kontext without KoPers number leads to the automatic lock after 8 weeks (§3.1). */
export const KOPERS_LOCK_DAYS = 56;

type Db = ReferenceDb | Parameters<Parameters<ReferenceDb["transaction"]>[0]>[0];

async function setAccountEnabled(db: Db, keycloakUserId: string | null, enabled: boolean) {
  if (!keycloakUserId) return;
  await db
    .update(identityAccount)
    .set({ enabled })
    .where(sql`${identityAccount.id}::text = ${keycloakUserId}`);
}

/** Adds the lock of this occasion, or updates it (locked_by, locked_until; the creation time stays), and disables the account. */
export async function addLock(
  db: ReferenceDb,
  target: { id: string; keycloakUserId: string | null },
  lock: { occasion: LockOccasion; lockedBy: string; lockedUntil: Date | null },
  now: Date,
) {
  await db.transaction(async (tx) => {
    await tx
      .insert(userLock)
      .values({
        personId: target.id,
        lockedOccasion: lock.occasion,
        lockedBy: lock.lockedBy,
        lockedUntil: lock.lockedUntil,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [userLock.personId, userLock.lockedOccasion],
        set: { lockedBy: lock.lockedBy, lockedUntil: lock.lockedUntil },
      });
    await setAccountEnabled(tx, target.keycloakUserId, false);
  });
}

/** Removes the lock of this occasion; the account is enabled only when no other lock of the person remains. */
export async function removeLock(db: ReferenceDb, target: { id: string; keycloakUserId: string | null }, occasion: LockOccasion) {
  await db.transaction(async (tx) => {
    await tx.delete(userLock).where(and(eq(userLock.personId, target.id), eq(userLock.lockedOccasion, occasion)));
    const [remaining] = await tx
      .select({ one: sql<number>`1` })
      .from(userLock)
      .where(eq(userLock.personId, target.id))
      .limit(1);
    if (!remaining) await setAccountEnabled(tx, target.keycloakUserId, true);
  });
}

export interface JobResult {
  /** true when every item succeeded (the cron endpoints answer exactly this) */
  ok: boolean;
  /** ids of the persons the run changed */
  personIds: string[];
}

/**
 * §3.1: every person without KoPers number that has a KOPERS_PFLICHT kontext created at least 56 days before `now`
 * and no KoPers lock yet gets the lock `{locked_by: "Cron", no end, KOPERS_GESPERRT}`; its account is disabled.
 * The deadline logininfo shows (routes/auth.ts, timeLimits KOPERS) is the same date: earliest such kontext + 56 days.
 */
export async function runKopersLockJob(db: ReferenceDb, now: Date): Promise<JobResult> {
  const due = new Date(now.getTime() - KOPERS_LOCK_DAYS * DAY_MS);
  const candidates = await db
    .selectDistinct({ id: person.id, keycloakUserId: person.keycloakUserId })
    .from(person)
    .innerJoin(personenkontext, eq(personenkontext.personId, person.id))
    .innerJoin(rolleMerkmal, and(eq(rolleMerkmal.rolleId, personenkontext.rolleId), eq(rolleMerkmal.merkmal, "KOPERS_PFLICHT")))
    .where(
      and(
        isNull(person.personalnummer),
        lte(personenkontext.createdAt, due),
        sql`NOT EXISTS (SELECT 1 FROM ${userLock} ul WHERE ul.person_id = ${person.id} AND ul.locked_occasion = 'KOPERS_GESPERRT')`,
      ),
    );
  return forEachPerson(candidates, async (target) => {
    await addLock(db, target, { occasion: "KOPERS_GESPERRT", lockedBy: CRON_LOCKED_BY, lockedUntil: null }, now);
    publishEvent("PersonKopersLocked", { personId: target.id });
  });
}

/** §3.4: every lock whose `locked_until` has passed is removed; the account is enabled when no lock remains. */
export async function runUnlockJob(db: ReferenceDb, now: Date): Promise<JobResult> {
  const expired = await db
    .select({ id: person.id, keycloakUserId: person.keycloakUserId, occasion: userLock.lockedOccasion })
    .from(userLock)
    .innerJoin(person, eq(person.id, userLock.personId))
    .where(lte(userLock.lockedUntil, now));
  return forEachPerson(expired, async (row) => {
    await removeLock(db, row, row.occasion as LockOccasion);
    publishEvent("PersonLockExpired", { personId: row.id, occasion: row.occasion });
  });
}

/** Runs the step for each item; one failure does not stop the others, it only makes the run's result false. */
async function forEachPerson<T extends { id: string }>(items: T[], step: (item: T) => Promise<void>): Promise<JobResult> {
  let ok = true;
  const personIds: string[] = [];
  for (const item of items) {
    try {
      await step(item);
      personIds.push(item.id);
    } catch (error) {
      ok = false;
      console.error(`[reference-upstream] timed job failed for person ${item.id}`, error);
    }
  }
  return { ok, personIds };
}

/** How often the reference server runs the timed jobs on its own (the real one: daily by an external scheduler). */
export const TIMED_JOBS_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Runs both lock jobs once now and then every `intervalMs`, like the upstream's external scheduler would (the
 * reference has no scheduler of its own). Returns a stop function. Failures are logged, never thrown.
 */
export async function startTimedLockJobs(db: ReferenceDb, now: () => Date = () => new Date(), intervalMs = TIMED_JOBS_INTERVAL_MS) {
  let running: Promise<void> | undefined;
  const run = () => {
    // A run still busy (a slow database) is not overlapped by the next one.
    running ??= (async () => {
      try {
        await runUnlockJob(db, now());
        await runKopersLockJob(db, now());
      } catch (error) {
        console.error("[reference-upstream] timed lock jobs failed", error);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  await run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
