import { setImmediate as nextTurn } from "node:timers/promises";
import { and, asc, count, eq, gt, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { ReferenceDb } from "../db/client.ts";
import type { ReferenceConfig } from "../env.ts";
import { importDataItem, importvorgang, organisation } from "../db/schema.ts";
import { HttpError } from "./errors.ts";
import { publishEvent } from "./events.ts";
import { encryptStartPassword } from "./import-crypto.ts";
import { START_PASSWORD_COST, hashPassword } from "./password.ts";
import {
  type CheckedZuordnungen,
  type PlannedPerson,
  type Transaction,
  checkZuordnungen,
  createPerson,
  insertPersons,
  planPerson,
} from "./person-anlegen.ts";
import { firstFreeUsername, takenUsernames, usernameCandidate } from "./personen.ts";
import { generateRandomStartPassword } from "./random-start-password.ts";

/**
 * The background side of `POST /api/import/execute` (PERSONS §2.8.2, CHANGES-SINCE-PIN §3.5). The request only records
 * who executed the import (and, pinned, sets INPROGRESS) and hands the id to this runner; the runner creates one person
 * per row, a chunk of rows in one transaction that also marks them SUCCESS (with username and encrypted start
 * password), so a row is either done completely or still PENDING. Everything lives in the database: after a restart
 * `resume()` picks up every import that was accepted for execution but not finished and carries on with its PENDING rows.
 *
 * The embedded database runs on the event loop; each query already starts with a turn of the loop (db/client.ts) and
 * the runner yields once more between chunks, so requests are served while an import runs. The start passwords are
 * random and hashed at a lower cost (docs/decisions/027), ahead on the thread pool while the chunks are written.
 */

export interface ImportJobs {
  /** Hands an accepted execution to the background; returns at once. */
  start(importvorgangId: string): void;
  /** On start-up: queues every import accepted for execution and not finished; returns how many. */
  resume(): Promise<number>;
  /** Stops after the chunk in progress (shutdown; tests simulate a crash with it). Unfinished imports stay resumable. */
  stop(): Promise<void>;
  /** Resolves when nothing is queued or running (tests). */
  idle(): Promise<void>;
}

type Credentials = { startpasswort: string; passwordHash: string };

/** Start passwords with their hashes, `ahead` of them being computed at any time on the thread pool. */
function credentialSupply(ahead: number) {
  const queue: Promise<Credentials>[] = [];
  const make = () => {
    // random, so the cheaper cost does not weaken it (decision 027); temporary, see createPerson
    const startpasswort = generateRandomStartPassword();
    const promise = hashPassword(startpasswort, START_PASSWORD_COST).then((passwordHash) => ({ startpasswort, passwordHash }));
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

/** Rows fetched at a time; the Zuordnungen are checked once per class and fetch. */
const BATCH = 500;
/** Rows written in one transaction at most (it holds the embedded database while it runs: ~10–20 ms). */
const CHUNK_MAX = 64;
/**
 * Hashes prepared ahead: a chunk's worth, so libuv's thread pool (4 threads) keeps hashing while the event loop writes
 * a chunk. Each costs ~2 ms and 1 MB at the start-password cost, and only four run at a time.
 */
const HASHES_AHEAD = 64;

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

  const fail = (rowIds: string[]) =>
    db
      .update(importDataItem)
      .set({ status: "FAILED", updatedAt: config.now() })
      .where(and(inArray(importDataItem.id, rowIds), eq(importDataItem.status, "PENDING")));
  /** The rows SUCCESS with username and encrypted start password, in one statement. */
  const markSucceeded = async (tx: Transaction, done: Array<{ id: string; username: string; startpasswort: string }>) => {
    if (done.length === 0) return;
    const values = done.map((d) => ({
      id: d.id,
      username: d.username,
      password: encryptStartPassword(config.importPasswordSecret, d.startpasswort),
    }));
    await tx.execute(sql`UPDATE ${importDataItem} AS d SET status = 'SUCCESS', username = v.username, password = v.password,
      updated_at = ${config.now().toISOString()}::timestamptz
      FROM json_to_recordset(${JSON.stringify(values)}::json) AS v(id uuid, username text, password text) WHERE d.id = v.id`);
  };
  let chunkSize = 1;

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
      // Rows are written in chunks, each in one transaction; the first chunks are small, so the first persons
      // appear (and a status poll sees progress) at once, later ones amortise the statements over many rows.
      for (let start = 0; start < rows.length;) {
        if (stopped()) return;
        const chunk = rows.slice(start, start + chunkSize);
        start += chunk.length;
        chunkSize = Math.min(CHUNK_MAX, chunkSize * 2);
        const planned: Array<{ row: ImportDataItemRow; plan: PlannedPerson; checked: CheckedZuordnungen; klasseId: string }> = [];
        const failed: string[] = [];
        for (const row of chunk) {
          lastPosition = row.position;
          const klasseId = row.klasse === null ? undefined : klassen.get(row.klasse);
          if (!organisationId || !rolleId || !executedByPersonId || !klasseId) {
            failed.push(row.id);
            continue;
          }
          const checked = await checkedFor(klasseId);
          if (checked instanceof HttpError || checked.refusal) {
            failed.push(row.id);
            continue;
          }
          const credentials = await supply.take();
          try {
            const plan = await planPerson(db, version, executedByPersonId, bodyOf(row, organisationId, rolleId, klasseId), {
              checked,
              credentials,
              allocateUsername,
            });
            planned.push({ row, plan, checked, klasseId });
          } catch (error) {
            // Refused by the rules before anything was written: the start password is still unused.
            if (error instanceof HttpError) supply.giveBack(credentials);
            else console.warn(`[reference-upstream] import ${id}: row ${row.position} failed`, error instanceof Error ? error.name : "");
            failed.push(row.id);
          }
        }
        if (planned.length > 0)
          try {
            await db.transaction(async (tx) => {
              await insertPersons(
                tx,
                planned.map(({ plan }) => plan),
                config.now(),
              );
              await markSucceeded(
                tx,
                planned.map(({ row, plan }) => ({ id: row.id, username: plan.username, startpasswort: plan.startpasswort })),
              );
            });
          } catch (error) {
            // Someone else took a name meanwhile (a person created by hand), or a database error: the chunk's rows once
            // more one by one, with fresh username look-ups, so only a row that fails on its own is marked FAILED.
            if (!isUniqueViolation(error))
              console.warn(`[reference-upstream] import ${id}: chunk failed, row by row`, error instanceof Error ? error.name : "");
            for (const { row, plan, checked, klasseId } of planned) {
              const credentials = { startpasswort: plan.startpasswort, passwordHash: plan.passwordHash };
              const create = () =>
                createPerson(
                  db,
                  version,
                  executedByPersonId as string,
                  bodyOf(row, organisationId as string, rolleId as string, klasseId),
                  config.now(),
                  {
                    checked,
                    credentials,
                    alsoInTransaction: (tx, created) =>
                      markSucceeded(tx, [{ id: row.id, username: created.row.username ?? "", startpasswort: created.startpasswort }]),
                  },
                );
              try {
                try {
                  await create();
                } catch (retryable) {
                  if (!isUniqueViolation(retryable)) throw retryable;
                  await create();
                }
              } catch (single) {
                console.warn(`[reference-upstream] import ${id}: row ${row.position} failed`, single instanceof Error ? single.name : "");
                failed.push(row.id);
              }
            }
          }
        if (failed.length > 0) await fail(failed);
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

type ImportDataItemRow = typeof importDataItem.$inferSelect;

/** A pupil of the row: school and class with the import's role. */
const bodyOf = (row: ImportDataItemRow, organisationId: string, rolleId: string, klasseId: string) => ({
  vorname: row.vorname ?? "",
  familienname: row.nachname ?? "",
  createPersonenkontexte: [
    { organisationId, rolleId },
    { organisationId: klasseId, rolleId },
  ],
});

/** PostgreSQL's unique violation (23505), also when drizzle wrapped it as `cause`. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if ((current as Error & { code?: unknown }).code === "23505") return true;
  }
  return false;
}
