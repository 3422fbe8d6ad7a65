import { Hono } from "hono";
import { z } from "zod";
import { PersonenuebersichtBody } from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import { readJsonBody } from "../lib/body.ts";
import { requireCaller, requireUser } from "../lib/caller.ts";
import { databaseError, notFound } from "../lib/errors.ts";
import { isUuid } from "../lib/ids.ts";
import { permittedOrganisations } from "../lib/permissions.ts";
import { administeredPersonIds, loadPersonenuebersichten } from "../lib/personenuebersicht.ts";
import { entityJson } from "../lib/render.ts";
import { parseOrThrow } from "../lib/validation.ts";

const IdParam = z.object({ personId: z.string().uuid() });

/** PERSONS §2.3, mounted at /api/dbiam/personenuebersicht. No step-up on either call. */
export function personenuebersichtRoutes() {
  const app = new Hono<AppEnv>();

  /**
   * §2.3.1: overviews of the requested persons the caller may administer (filtering, never an error), in request
   * order (R:), every Zuordnung marked editable (quirk Q3). 201 as the upstream's POST default.
   */
  app.post("/", async (c) => {
    requireUser(c);
    const body = parseOrThrow(PersonenuebersichtBody, await readJsonBody(c));
    const caller = await requireCaller(c);
    // The upstream hands the ids to the database unchecked; PostgreSQL refuses a malformed uuid (SC-500 db / DB_ERROR).
    if (body.personIds.some((id) => !isUuid(id))) throw databaseError();
    const { db } = c.var;
    const permitted = await permittedOrganisations(db, caller.id, ["PERSONEN_VERWALTEN"]);
    const allowed = await administeredPersonIds(db, body.personIds, permitted);
    const items = await loadPersonenuebersichten(
      db,
      body.personIds.filter((id) => allowed.has(id)),
      { always: true },
    );
    return entityJson(c, { items }, 201);
  });

  /** §2.3.2: no check on the person (quirk Q3); `editable` per Zuordnung from the caller's permitted organisations. */
  app.get("/:personId", async (c) => {
    requireUser(c);
    const { personId } = parseOrThrow(IdParam, { personId: c.req.param("personId") });
    const caller = await requireCaller(c);
    const { db } = c.var;
    const permitted = await permittedOrganisations(db, caller.id, ["PERSONEN_VERWALTEN"]);
    const [uebersicht] = await loadPersonenuebersichten(db, [personId], { always: false, permitted });
    if (!uebersicht) throw notFound();
    return entityJson(c, uebersicht);
  });

  return app;
}
