import { and, asc, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { CreateOrUpdateMeldungBody, type MeldungResponse } from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import type { ReferenceDb } from "../db/client.ts";
import { meldung } from "../db/schema.ts";
import type { ApiVersion } from "../env.ts";
import { readJsonBody } from "../lib/body.ts";
import { requireCaller, requireGold, requireUser } from "../lib/caller.ts";
import { dbiamError, internalError, missingPermissions, notFound } from "../lib/errors.ts";
import { isUuid, newId } from "../lib/ids.ts";
import { hasRightsAtRoot } from "../lib/permissions.ts";
import { parseOrThrow } from "../lib/validation.ts";

/** The notice text: 1 to 2000 characters (§7.0), else `MELDUNG_INHALT`. */
const MELDUNG_MAX = 2000;
const checkInhalt = (inhalt: string) => {
  if (inhalt.length < 1 || inhalt.length > MELDUNG_MAX) throw dbiamError("MELDUNG_INHALT", 400);
};

/** Listing and writing notices need SCHULPORTAL_VERWALTEN and HINWEISE_BEARBEITEN, both at ROOT (§7.0). */
async function requireHinweiseRecht(db: ReferenceDb, callerId: string) {
  if (!(await hasRightsAtRoot(db, callerId, ["SCHULPORTAL_VERWALTEN", "HINWEISE_BEARBEITEN"]))) throw missingPermissions();
}

export type MeldungRow = typeof meldung.$inferSelect;

function toMeldungResponse(row: MeldungRow): MeldungResponse {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    inhalt: row.inhalt,
    status: row.status as MeldungResponse["status"],
    revision: row.revision,
  };
}

/**
 * Portal notices (ORGANISATIONS_ROLES §7, CHANGES-SINCE-PIN §3.12). A stale revision: pinned a generic 500 (the
 * upstream does not map its revision error, quirk), current 409 `MISMATCHED_REVISION`.
 */
export function meldungRoutes(version: ApiVersion) {
  const app = new Hono<AppEnv>();

  /** §7.1: every notice, in creation order. */
  app.get("/", async (c) => {
    requireGold(c);
    const caller = await requireCaller(c);
    await requireHinweiseRecht(c.var.db, caller.id);
    const rows = await c.var.db.select().from(meldung).orderBy(asc(meldung.createdAt), asc(meldung.id));
    return c.json(rows.map(toMeldungResponse));
  });

  /** §7.3: without `id` a new notice (revision 1, the body's revision ignored), with `id` an update of it. */
  app.put("/", async (c) => {
    requireGold(c);
    const body = parseOrThrow(CreateOrUpdateMeldungBody, await readJsonBody(c));
    const caller = await requireCaller(c);
    const { db } = c.var;
    await requireHinweiseRecht(db, caller.id);
    const now = c.var.config.now();
    if (body.id === undefined) {
      checkInhalt(body.inhalt);
      const [created] = await db
        .insert(meldung)
        .values({ id: newId(), inhalt: body.inhalt, status: body.status, revision: 1, createdAt: now, updatedAt: now })
        .returning();
      return c.json(toMeldungResponse(created));
    }
    const [stored] = isUuid(body.id) ? await db.select().from(meldung).where(eq(meldung.id, body.id)).limit(1) : [];
    if (!stored) throw notFound();
    const stale = () => (version === "current" ? dbiamError("MISMATCHED_REVISION", 409) : internalError());
    if (body.revision !== stored.revision) throw stale();
    checkInhalt(body.inhalt);
    const [updated] = await db
      .update(meldung)
      .set({ inhalt: body.inhalt, status: body.status, revision: stored.revision + 1, updatedAt: now })
      .where(and(eq(meldung.id, stored.id), eq(meldung.revision, stored.revision)))
      .returning();
    if (!updated) throw stale();
    return c.json(toMeldungResponse(updated));
  });

  /** §7.2: newest published notice, or an empty 200 body when nothing is published. */
  app.get("/current", async (c) => {
    requireUser(c);
    await requireCaller(c);
    const [row] = await c.var.db
      .select()
      .from(meldung)
      .where(eq(meldung.status, "VEROEFFENTLICHT"))
      .orderBy(desc(meldung.updatedAt))
      .limit(1);
    if (!row) return c.body(null, 200);
    return c.json(toMeldungResponse(row));
  });

  return app;
}
