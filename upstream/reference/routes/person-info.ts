import { asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { organisation, personenkontext, rolle } from "../db/schema.ts";
import { requireCaller, requireUser } from "../lib/caller.ts";
import { entityJson } from "../lib/render.ts";

/** PERSONS §2.1.2: the caller's own person record with all kontexte (profile page). A SchulConneX endpoint. */
export function personInfoRoutes() {
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("family", "schulconnex");
    await next();
  });

  app.get("/", async (c) => {
    requireUser(c);
    const caller = await requireCaller(c);
    const kontexte = await c.var.db
      .select({
        id: personenkontext.id,
        personenstatus: personenkontext.personenstatus,
        jahrgangsstufe: personenkontext.jahrgangsstufe,
        sichtfreigabe: personenkontext.sichtfreigabe,
        revision: personenkontext.revision,
        organisation: { id: organisation.id, name: organisation.name, typ: organisation.typ, kennung: organisation.kennung },
        rollenart: rolle.rollenart,
        rollenname: rolle.name,
      })
      .from(personenkontext)
      .innerJoin(organisation, eq(organisation.id, personenkontext.organisationId))
      .innerJoin(rolle, eq(rolle.id, personenkontext.rolleId))
      .where(eq(personenkontext.personId, caller.id))
      .orderBy(asc(personenkontext.createdAt), asc(personenkontext.id));

    return entityJson(c, {
      pid: caller.id,
      person: {
        id: caller.id,
        username: caller.username,
        mandant: caller.mandant,
        name: { familiennamen: caller.familienname, vorname: caller.vorname },
        stammorganisation: caller.stammorganisation,
        revision: String(caller.revision),
        personalnummer: caller.personalnummer,
        dienststellen: kontexte.map((k) => k.organisation.kennung).filter((kennung): kennung is string => kennung !== null),
      },
      personenkontexte: kontexte.map((k) => ({
        id: k.id,
        username: caller.username,
        mandant: caller.mandant,
        organisation: k.organisation,
        rollenart: k.rollenart,
        rollenname: k.rollenname,
        personenstatus: k.personenstatus,
        jahrgangsstufe: k.jahrgangsstufe,
        sichtfreigabe: k.sichtfreigabe,
        revision: String(k.revision),
      })),
      gruppen: [],
    });
  });

  return app;
}
