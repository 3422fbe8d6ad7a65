import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { ReferenceDb } from "../db/client.ts";
import { loginFailure } from "../db/schema.ts";
import type { ReferenceConfig } from "../env.ts";

/**
 * Temporary lockout after repeated failed logins, in the spirit of the IdP's brute-force detection: wrong passwords
 * and wrong one-time passwords count together per username; after `maxFailures` in a row the login is refused for
 * `lockoutSeconds`, whatever is entered (so a correct guess during the lockout is not revealed either). A completed
 * login resets the count; so does a pause of FAILURE_RESET_MS after the last failure. Counting is by the entered
 * username whether or not an account exists, so the lockout message tells nothing about which accounts exist.
 */
const FAILURE_RESET_MS = 12 * 60 * 60 * 1000;
/** No account has a longer name; longer input is never counted (and can never log in). */
export const MAX_USERNAME_LENGTH = 256;

const keyOf = (username: string) => username.trim().toLowerCase();
/** Input no account can have (overlong, NUL bytes the database cannot store) is never counted and never locked. */
const countable = (username: string) => username.length <= MAX_USERNAME_LENGTH && !username.includes("\u0000");

/** End of the running lockout for this username, or undefined when a login may be attempted. */
export async function lockedUntil(db: ReferenceDb, config: ReferenceConfig, username: string): Promise<Date | undefined> {
  if (config.loginLockout.maxFailures === 0 || !countable(username)) return undefined;
  const [row] = await db
    .select({ lockedUntil: loginFailure.lockedUntil })
    .from(loginFailure)
    .where(eq(loginFailure.username, keyOf(username)))
    .limit(1);
  const until = row?.lockedUntil;
  return until && until.getTime() > config.now().getTime() ? until : undefined;
}

/** Counts one failure; returns the end of the lockout if this failure started one. */
export async function recordFailure(db: ReferenceDb, config: ReferenceConfig, username: string): Promise<Date | undefined> {
  const { maxFailures, lockoutSeconds } = config.loginLockout;
  if (maxFailures === 0 || !countable(username)) return undefined;
  const now = config.now();
  const lockEnd = new Date(now.getTime() + lockoutSeconds * 1000);
  const resetBefore = new Date(now.getTime() - FAILURE_RESET_MS);
  // A count whose last failure is long past, or whose lockout has run out, starts again at 1.
  const stale = sql`(${loginFailure.lastFailureAt} < ${resetBefore} OR (${loginFailure.lockedUntil} IS NOT NULL AND ${loginFailure.lockedUntil} <= ${now}))`;
  const nextCount = sql`CASE WHEN ${stale} THEN 1 ELSE ${loginFailure.failures} + 1 END`;
  // One statement, so concurrent failures cannot lose a count.
  const [row] = await db
    .insert(loginFailure)
    .values({ username: keyOf(username), failures: 1, lastFailureAt: now, lockedUntil: maxFailures <= 1 ? lockEnd : null })
    .onConflictDoUpdate({
      target: loginFailure.username,
      set: {
        failures: nextCount,
        lastFailureAt: now,
        lockedUntil: sql`CASE WHEN ${nextCount} >= ${maxFailures} THEN ${lockEnd}::timestamptz ELSE NULL END`,
      },
    })
    .returning({ lockedUntil: loginFailure.lockedUntil });
  // Forget counts nobody will continue; under a spray of invented usernames the table stays bounded.
  await db
    .delete(loginFailure)
    .where(and(lt(loginFailure.lastFailureAt, resetBefore), or(isNull(loginFailure.lockedUntil), lte(loginFailure.lockedUntil, now))));
  return row?.lockedUntil ?? undefined;
}

/** A completed login clears the count. */
export async function recordSuccess(db: ReferenceDb, config: ReferenceConfig, username: string): Promise<void> {
  if (config.loginLockout.maxFailures === 0 || !countable(username)) return;
  await db.delete(loginFailure).where(eq(loginFailure.username, keyOf(username)));
}

/** Whole minutes left (at least 1), for the message. */
export function minutesLeft(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}
