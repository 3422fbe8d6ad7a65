import { count, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { rollenerweiterung, rolleServiceProvider, serviceProvider } from "../db/schema.ts";
import { requireCaller, requireGold } from "../lib/caller.ts";
import { dbiamError, missingPermissions, notFound } from "../lib/errors.ts";
import { isPermittedAt } from "../lib/rolle-regeln.ts";
import { parseOrThrow } from "../lib/validation.ts";

const AngebotParam = z.object({ angebotId: z.string().uuid() });

/** The offer writes of the current upstream (CHANGES-SINCE-PIN §4); the pinned one has none. */
export function providerWriteRoutes() {
  const app = new Hono<AppEnv>();

  /**
   * CHANGES-SINCE-PIN §4: deleting an offer. The owner's ANGEBOTE_VERWALTEN or ANGEBOTE_EINGESCHRAENKT_VERWALTEN
   * (held there or above), else 404 MISSING_PERMISSIONS; an offer VIDIS brought in, one that roles use or that
   * Rollenerweiterungen name stays (first failure wins). Its merkmale go with it (cascade).
   */
  app.delete("/:angebotId", async (c) => {
    requireGold(c);
    const { angebotId } = parseOrThrow(AngebotParam, c.req.param());
    const caller = await requireCaller(c);
    const { db } = c.var;
    const [angebot] = await db.select().from(serviceProvider).where(eq(serviceProvider.id, angebotId));
    if (!angebot) throw notFound();
    // Either right will do (a list of rights means all of them to the permission check).
    const permitted = await Promise.all(
      (["ANGEBOTE_VERWALTEN", "ANGEBOTE_EINGESCHRAENKT_VERWALTEN"] as const).map((right) =>
        isPermittedAt(db, caller.id, angebot.providedOnSchulstrukturknoten, [right]),
      ),
    );
    if (!permitted.includes(true)) throw missingPermissions();
    if (angebot.vidisAngebotId) throw dbiamError("VIDIS_SERVICE_PROVIDER_IMMUTABLE", 400);
    const [[benutzt], [erweitert]] = await Promise.all([
      db.select({ n: count() }).from(rolleServiceProvider).where(eq(rolleServiceProvider.serviceProviderId, angebotId)),
      db.select({ n: count() }).from(rollenerweiterung).where(eq(rollenerweiterung.serviceProviderId, angebotId)),
    ]);
    if (benutzt.n > 0) throw dbiamError("ATTACHED_ROLLEN", 409);
    if (erweitert.n > 0) throw dbiamError("ATTACHED_ROLLENERWEITERUNGEN", 409);
    await db.delete(serviceProvider).where(eq(serviceProvider.id, angebotId));
    return c.body(null, 204);
  });

  return app;
}
