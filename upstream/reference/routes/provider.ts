import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { personenkontext, rollenerweiterung, rolleServiceProvider, serviceProvider } from "../db/schema.ts";
import { requireCaller, requireUser } from "../lib/caller.ts";
import { notFound } from "../lib/errors.ts";
import { findLogo, loadServiceProviderResponses, renderServiceProvider } from "../lib/providers.ts";
import { entityJson } from "../lib/render.ts";
import { parseOrThrow } from "../lib/validation.ts";

const LogoParam = z.object({ angebotId: z.string().uuid() });

export function providerRoutes() {
  const app = new Hono<AppEnv>();

  /** §6.1: providers of the caller's roles, plus Rollenerweiterungen matching a kontext exactly (flag-gated). */
  app.get("/", async (c) => {
    requireUser(c);
    const caller = await requireCaller(c);
    const viaRollen = sql`SELECT rsp.service_provider_id FROM ${rolleServiceProvider} rsp
      JOIN ${personenkontext} pk ON pk.rolle_id = rsp.rolle_id WHERE pk.person_id = ${caller.id}`;
    const viaErweiterung = sql`SELECT re.service_provider_id FROM ${rollenerweiterung} re
      JOIN ${personenkontext} pk ON pk.rolle_id = re.rolle_id AND pk.organisation_id = re.organisation_id
      WHERE pk.person_id = ${caller.id}`;
    const ids = c.var.config.featureFlags.rolleErweiternEnabled ? sql`${viaRollen} UNION ${viaErweiterung}` : viaRollen;
    const providers = await loadServiceProviderResponses(c.var.db, sql`${serviceProvider.id} IN (${ids})`);
    return entityJson(
      c,
      providers.map((provider) => renderServiceProvider(provider, c.var.config.apiVersion)),
    );
  });

  app.get("/:angebotId/logo", async (c) => {
    requireUser(c);
    const { angebotId } = parseOrThrow(LogoParam, c.req.param());
    await requireCaller(c);
    const row = await findLogo(c.var.db, angebotId);
    if (!row?.logo || !row.mime) throw notFound();
    return c.body(new Uint8Array(row.logo), 200, {
      "Content-Type": row.mime,
      "Content-Length": String(row.logo.length),
      "Cache-Control": "private, max-age=3600",
    });
  });

  return app;
}
