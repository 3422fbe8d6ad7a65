import { setImmediate as nextTurn } from "node:timers/promises";
import { and, asc, count, eq, gt, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { ReferenceDb } from "../db/client.ts";
import type { ReferenceConfig } from "../env.ts";
import { importDataItem, importvorgang, organisation } from "../db/schema.ts";
import { HttpError } from "./errors.ts";
import { publishEvent } from "./events.ts";
import { encryptStartPassword } from "./import-crypto.ts";
import { hashPassword } from "./password.ts";
import { type CheckedZuordnungen, checkZuordnungen, createPerson } from "./person-anlegen.ts";
import { firstFreeUsername, generateStartPassword, takenUsernames, usernameCandidate } from "./personen.ts";

/**
 * The background side of `POST /api/import/execute` (PERSONS §2.8.2, CHANGES-SINCE-PIN §3.5). The request only records
 * who executed the import (and, pinned, sets INPROGRESS) and hands the id to this runner; the runner creates one person
 * per row, each in a transaction of its own that also marks the row SUCCESS (with username and encrypted start
 * password), so a row is either done completely or still PENDING. Everything lives in the database: after a restart
 * `resume()` picks up every import that was accepted for execution but not finished and carries on with its PENDING rows.
 *
 * The embedded database runs on the event loop; each query already starts with a turn of the loop (db/client.ts) and
 * the runner yields once more between rows, so requests are served while an import runs. The start passwords' scrypt
 * hashes, which dominate the work, are computed ahead on the thread pool, several at a time, while the rows are written.
 */

export interface ImportJobs {
  /** Hands an accepted execution to the background; returns at once. */
  start(importvorgangId: string): void;
  /** On start-up: queues every import accepted for execution and not finished; returns how many. */
  resume(): Promise<number>;
  /** Stops after the row in progress (shutdown; tests simulate a crash with it). Unfinished imports stay resumable. */
  stop(): Promise<void>;
  /** Resolves when nothing is queued or running (tests). */
  idle(): Promise<void>;
}

type Credentials = { startpasswort: string; passwordHash: string };

/** Start passwords with their hashes, `ahead` of them being computed at any time on the thread pool. */
function credentialSupply(ahead: number) {
  const queue: Promise<Credentials>[] = [];
  const make = () => {
    const startpasswort = generateStartPassword();
    const promise = hashPassword(startpasswort).then((passwordHash) => ({ startpasswort, passwordHash }));
    // a failed hash surfaces when taken; never as an unhandled rejection of a prepared one
    promise.catch(() => undefined);
    return promise;
  };
  return {
    take(): Promise<Credentials> {
      const next = queue.shift() ?? make();
      while (queue.length < ahead) queue.push(make());
      return next;
    },
    /** An unused one goes back to the front. */
    giveBack(credentials: Credentials) {
      queue.unshift(Promise.resolve(credentials));
    },
    /** Drops what was prepared (hashes still running finish on their own). */
    clear() {
      queue.length = 0;
    },
  };
}

/** Rows fetched at a time. */
const BATCH = 50;
/** Hashes in flight: libuv's thread pool has 4 threads by default. */
const HASHES_AHEAD = 8;

export function createImportJobs(db: ReferenceDb, config: ReferenceConfig): ImportJobs {
  const queue: string[] = [];
  const known = new Set<string>();
  let running: Promise<void> | undefined;
  let stopping = false;

  const drain = async () => {
    while (!stopping && queue.length > 0) {
      const id = queue.shift() as string;
      try {
        await processImport(db, config, id, () => stopping);
      } catch (error) {
        // the import stays as it is (resumable); the log must not carry names or passwords
        console.error(`[reference-upstream] import ${id} failed:`, error instanceof Error ? error.name : "unknown error");
      } finally {
        known.delete(id);
      }
    }
  };
  const kick = () => {
    running ??= drain().finally(() => {
      running = undefined;
      if (!stopping && queue.length > 0) kick();
    });
  };

  return {
    start(importvorgangId) {
      if (stopping || known.has(importvorgangId)) return;
      known.add(importvorgangId);
      queue.push(importvorgangId);
      kick();
    },
    async resume() {
      const open = await db
        .select({ id: importvorgang.id })
        .from(importvorgang)
        .where(
          or(
            eq(importvorgang.status, "INPROGRESS"),
            // current version: accepted for execution, but the job had not started yet
            and(eq(importvorgang.status, "VALID"), isNotNull(importvorgang.executedByPersonId)),
          ),
        )
        .orderBy(asc(importvorgang.updatedAt), asc(importvorgang.id));
      for (const { id } of open) this.start(id);
      return open.length;
    },
    async stop() {
      stopping = true;
      queue.length = 0;
      await running;
    },
    async idle() {
      while (running) await running;
    },
  };
}

/** The classes below the organisation by name (names are compared exactly, as upstream). */
async function klassenBelow(db: ReferenceDb, organisationId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: organisation.id, name: organisation.name })
    .from(organisation)
    .where(
      sql`${organisation.typ} = 'KLASSE' AND ${organisation.id} IN (WITH RECURSIVE tree(id) AS (
        SELECT o.id FROM ${organisation} o WHERE o.administriert_von = ${organisationId}
        UNION
        SELECT o.id FROM ${organisation} o JOIN tree t ON o.administriert_von = t.id
      ) SELECT id FROM tree)`,
    );
  const byName = new Map<string, string>();
  for (const row of rows) if (!byName.has(row.name)) byName.set(row.name, row.id);
  return byName;
}

async function processImport(db: ReferenceDb, config: ReferenceConfig, id: string, stopped: () => boolean) {
  const version = config.apiVersion;
  const [vorgang] = await db.select().from(importvorgang).where(eq(importvorgang.id, id));
  if (!vorgang) return;
  if (vorgang.status === "VALID" && version === "current") {
    // The current upstream's handler moves VALID to INPROGRESS itself and ignores every other status (double submits).
    const moved = await db
      .update(importvorgang)
      .set({ status: "INPROGRESS", updatedAt: config.now() })
      .where(and(eq(importvorgang.id, id), eq(importvorgang.status, "VALID")))
      .returning({ id: importvorgang.id });
    if (moved.length === 0) return;
  } else if (vorgang.status !== "INPROGRESS") {
    return;
  }
  const { organisationId, rolleId, executedByPersonId } = vorgang;
  const klassen = organisationId ? await klassenBelow(db, organisationId) : new Map<string, string>();
  // never more hashes prepared than rows to come
  const supply = credentialSupply(Math.max(0, Math.min(HASHES_AHEAD, vorgang.dataItemCount - 1)));

  const fail = (rowId: string) =>
    db
      .update(importDataItem)
      .set({ status: "FAILED", updatedAt: config.now() })
      .where(and(eq(importDataItem.id, rowId), eq(importDataItem.status, "PENDING")));

  try {
    let lastPosition = -1;
    for (;;) {
      if (stopped()) return;
      // Deleted meanwhile (CANCELLED, rows gone): nothing left to do. Upstream keeps creating from the rows it had
      // loaded (quirk Q10); here the rows are read as the job goes, so a deletion ends it.
      const rows = await db
        .select()
        .from(importDataItem)
        .where(and(eq(importDataItem.importvorgangId, id), eq(importDataItem.status, "PENDING"), gt(importDataItem.position, lastPosition)))
        .orderBy(asc(importDataItem.position))
        .limit(BATCH);
      if (rows.length === 0) break;
      // The Zuordnungen (school and class with the role) and the importer's rights are checked once per class and
      // batch, so rights taken away during a long import count from the next batch on.
      const checks = new Map<string, Promise<CheckedZuordnungen | HttpError>>();
      const checkedFor = (klasseId: string) => {
        let check = checks.get(klasseId);
        if (!check) {
          const requested = [
            { organisationId: organisationId as string, rolleId: rolleId as string },
            { organisationId: klasseId, rolleId: rolleId as string },
          ];
          check = checkZuordnungen(db, version, executedByPersonId as string, requested, null).catch((error: unknown) => {
            if (error instanceof HttpError) return error;
            throw error;
          });
          checks.set(klasseId, check);
        }
        return check;
      };
      // The usernames the batch's rows would get, looked up at once; each name given out is taken from then on.
      const taken = await takenUsernames(
        db,
        rows.flatMap((row) => {
          try {
            return [usernameCandidate(row.vorname ?? "", row.nachname ?? "")];
          } catch {
            return [];
          }
        }),
      );
      const allocateUsername = (candidate: string) => {
        const username = firstFreeUsername(candidate, taken);
        taken.add(username);
        return username;
      };
      for (const row of rows) {
        if (stopped()) return;
        lastPosition = row.position;
        const klasseId = row.klasse === null ? undefined : klassen.get(row.klasse);
        if (!organisationId || !rolleId || !executedByPersonId || !klasseId) {
          await fail(row.id);
          continue;
        }
        const checked = await checkedFor(klasseId);
        if (checked instanceof HttpError || checked.refusal) {
          await fail(row.id);
          continue;
        }
        const credentials = await supply.take();
        const create = (allocate: boolean) =>
          createPerson(
            db,
            version,
            executedByPersonId,
            {
              vorname: row.vorname ?? "",
              familienname: row.nachname ?? "",
              createPersonenkontexte: [
                { organisationId, rolleId },
                { organisationId: klasseId, rolleId },
              ],
            },
            config.now(),
            {
              checked,
              credentials,
              ...(allocate ? { allocateUsername } : {}),
              alsoInTransaction: async (tx, created) => {
                await tx
                  .update(importDataItem)
                  .set({
                    status: "SUCCESS",
                    username: created.row.username,
                    password: encryptStartPassword(config.importPasswordSecret, created.startpasswort),
                    updatedAt: config.now(),
                  })
                  .where(eq(importDataItem.id, row.id));
              },
            },
          );
        try {
          try {
            await create(true);
          } catch (error) {
            // Someone else took the name meanwhile (a person created by hand): once more, with a fresh look-up.
            if (!isUniqueViolation(error)) throw error;
            await create(false);
          }
        } catch (error) {
          // Refused by the rules (before anything was written, so the start password is still unused) or a database
          // error: the row failed, the import goes on.
          if (error instanceof HttpError) supply.giveBack(credentials);
          else console.warn(`[reference-upstream] import ${id}: row ${row.position} failed`, error instanceof Error ? error.name : "");
          await fail(row.id);
        }
        await nextTurn();
      }
    }

    if (stopped()) return;
    const [{ succeeded }] = await db
      .select({ succeeded: count() })
      .from(importDataItem)
      .where(and(eq(importDataItem.importvorgangId, id), eq(importDataItem.status, "SUCCESS")));
    const status = succeeded > 0 ? "FINISHED" : "FAILED";
    const done = await db
      .update(importvorgang)
      .set({ status, updatedAt: config.now() })
      .where(and(eq(importvorgang.id, id), inArray(importvorgang.status, ["INPROGRESS"])))
      .returning({ id: importvorgang.id });
    if (done.length > 0) publishEvent("ImportProcessed", { importvorgangId: id, status, succeeded: String(succeeded) });
  } finally {
    supply.clear();
  }
}

/** PostgreSQL's unique violation (23505), also when drizzle wrapped it as `cause`. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if ((current as Error & { code?: unknown }).code === "23505") return true;
  }
  return false;
}
