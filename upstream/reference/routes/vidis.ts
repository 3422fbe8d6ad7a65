import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { requireCaller, requireGold } from "../lib/caller.ts";
import { dbiamError, missingPermissions, notFound } from "../lib/errors.ts";
import { findOrganisation } from "../lib/organisationen.ts";
import { hasRightAt } from "../lib/permissions.ts";
import { parseOrThrow } from "../lib/validation.ts";
import { syncVidisAngebote } from "../lib/vidis-sync.ts";

const Params = z.object({ organisationId: z.string().uuid() });

/** The VIDIS controller of the current upstream (CHANGES-SINCE-PIN §4); the pinned one had only a cron job. */
export function vidisRoutes() {
  const app = new Hono<AppEnv>();

  /**
   * A school's offers activated in VIDIS, taken over now (`lib/vidis-sync.ts`). Order: SCHULISCHE_VIDIS_ANGEBOTE_ABRUFEN
   * at the organisation or above (404 MISSING_PERMISSIONS; nobody holds it at an unknown organisation, so the
   * upstream's later 404 ENTITY_NOT_FOUND is never reached) › a Kennung (400 `MISSING_ATTRIBUTE`) › VIDIS answers (500
   * `VIDIS_API_ERROR`, the VIDIS module's own body). Any organisation with a Kennung will do, as upstream. 200, empty.
   */
  app.put("/:organisationId/angebote-sync", async (c) => {
    requireGold(c);
    const { organisationId } = parseOrThrow(Params, c.req.param());
    const caller = await requireCaller(c);
    const { db, config } = c.var;
    if (!(await hasRightAt(db, caller.id, organisationId, "SCHULISCHE_VIDIS_ANGEBOTE_ABRUFEN"))) throw missingPermissions();
    const schule = await findOrganisation(db, organisationId);
    if (!schule) throw notFound();
    if (!schule.kennung) throw dbiamError("MISSING_ATTRIBUTE", 400);
    if (config.vidis.failing || c.var.session?.data.vidis === "failing") throw dbiamError("VIDIS_API_ERROR", 500);
    await syncVidisAngebote(db, schule.id, config.vidis.activatedBySchool[schule.kennung] ?? [], config.now());
    return c.body(null, 200);
  });

  return app;
}
