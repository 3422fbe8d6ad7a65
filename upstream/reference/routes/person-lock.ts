import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { LockUserBody, type Systemrecht } from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import type { ReferenceDb } from "../db/client.ts";
import { identityAccount, person, personenkontext } from "../db/schema.ts";
import { requireCaller, requireGold } from "../lib/caller.ts";
import { couldNotBe, databaseError, dbiamError, internalError, notFound } from "../lib/errors.ts";
import { publishEvent } from "../lib/events.ts";
import { isUuid } from "../lib/ids.ts";
import { addLock, removeLock } from "../lib/locks.ts";
import { isPersonVisible } from "../lib/permissions.ts";
import { readJsonBody } from "../lib/body.ts";
import type { PersonRow } from "../lib/personen.ts";
import { parseOrThrow } from "../lib/validation.ts";

/**
 * Locking, deleting and re-synchronising one person (PERSONS §2.2.4, §2.2.7, §2.2.8; CHANGES-SINCE-PIN §3.7), mounted
 * at /api/personen next to the person record's own routes. All three are [gold].
 */

const IdParam = z.object({ personId: z.string().uuid() });

const personNotFound = () => dbiamError("PERSON_NOT_FOUND", 404);

async function findPerson(db: ReferenceDb, id: string): Promise<PersonRow | undefined> {
  const [row] = await db.select().from(person).where(eq(person.id, id)).limit(1);
  return row;
}

/** The target when the caller may see it with `right` (§1.7 `visible`); a missing person is simply not visible. */
async function visibleTarget(db: ReferenceDb, caller: PersonRow, id: string, right: Systemrecht): Promise<PersonRow | undefined> {
  const target = await findPerson(db, id);
  if (!target || !(await isPersonVisible(db, caller.id, target, right))) return undefined;
  return target;
}

async function hasAccount(db: ReferenceDb, target: PersonRow): Promise<boolean> {
  if (!target.keycloakUserId) return false;
  const [row] = await db
    .select({ id: identityAccount.id })
    .from(identityAccount)
    .where(sql`${identityAccount.id}::text = ${target.keycloakUserId}`)
    .limit(1);
  return row !== undefined;
}

export function personLockRoutes() {
  const app = new Hono<AppEnv>();

  app.put("/:personId/lock-user", async (c) => {
    requireGold(c);
    const personId = c.req.param("personId");
    const body = parseOrThrow(LockUserBody, await readJsonBody(c));
    // The upstream does not validate this id; the database refuses a malformed one (500 DB_ERROR, §3.7).
    if (!isUuid(personId)) throw databaseError();
    const caller = await requireCaller(c);
    const { db, config } = c.var;
    const target = await visibleTarget(db, caller, personId, "PERSONEN_VERWALTEN");
    if (!target) throw personNotFound();
    if (!(await hasAccount(db, target))) throw dbiamError("PERSON_ERROR", 500);

    if (body.lock) {
      const lockedUntil = body.locked_until === undefined ? null : new Date(body.locked_until);
      await addLock(db, target, { occasion: "MANUELL_GESPERRT", lockedBy: body.locked_by, lockedUntil }, config.now());
      return c.json({ message: "User has been successfully locked." }, 202);
    }
    await removeLock(db, target, "MANUELL_GESPERRT");
    return c.json({ message: "User has been successfully unlocked." }, 202);
  });

  app.delete("/:personId", async (c) => {
    requireGold(c);
    const { personId } = parseOrThrow(IdParam, c.req.param());
    const caller = await requireCaller(c);
    const { db } = c.var;
    const target = await visibleTarget(db, caller, personId, "PERSONEN_VERWALTEN");
    if (!target) throw notFound();
    // Quirk kept (§2.2.4): without the right to delete, the answer is "could not be deleted", a 500.
    if (!(await isPersonVisible(db, caller.id, target, "PERSONEN_SOFORT_LOESCHEN"))) throw couldNotBe("DELETED");
    if (!(await hasAccount(db, target))) throw internalError();

    const kontexte = await db.select({ id: personenkontext.id }).from(personenkontext).where(eq(personenkontext.personId, target.id));
    await db.transaction(async (tx) => {
      await tx.delete(identityAccount).where(sql`${identityAccount.id}::text = ${target.keycloakUserId}`);
      // kontexte, locks, e-mail addresses and tokens go with the person (ON DELETE CASCADE)
      await tx.delete(person).where(eq(person.id, target.id));
    });
    publishEvent("PersonenkontextUpdated", { personId: target.id, removed: kontexte.map((k) => k.id).join(",") });
    publishEvent("PersonDeleted", { personId: target.id, username: target.username ?? "" });
    return c.body(null, 204);
  });

  app.post("/:personId/sync", async (c) => {
    requireGold(c);
    const { personId } = parseOrThrow(IdParam, c.req.param());
    const caller = await requireCaller(c);
    const target = await visibleTarget(c.var.db, caller, personId, "PERSON_SYNCHRONISIEREN");
    if (!target) throw personNotFound();
    publishEvent("PersonExternalSystemsSync", { personId: target.id });
    return c.body(null, 200);
  });

  return app;
}
