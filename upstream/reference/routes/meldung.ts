import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { MeldungResponse } from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import { meldung } from "../db/schema.ts";
import { requireCaller, requireUser } from "../lib/caller.ts";

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

export function meldungRoutes() {
  const app = new Hono<AppEnv>();

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
