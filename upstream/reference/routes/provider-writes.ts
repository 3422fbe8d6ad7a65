import { count, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { CreateServiceProviderBody, UpdateServiceProviderBody } from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import { rollenerweiterung, serviceProvider } from "../db/schema.ts";
import {
  EINGESCHRAENKT_FELDER,
  angebotJson,
  angebotRechte,
  checkAngebotName,
  checkLogoCombination,
  deleteRollenerweiterungenOf,
  findAngebot,
  forbiddenRollenarten,
  insertAngebot,
  isUsedByRoles,
  mitAbhaengigenMerkmalen,
  writeAngebot,
} from "../lib/angebot-regeln.ts";
import { readJsonBody } from "../lib/body.ts";
import { requireCaller, requireGold } from "../lib/caller.ts";
import { dbiamError, notFound } from "../lib/errors.ts";
import { entityJson } from "../lib/render.ts";
import { parseOrThrow } from "../lib/validation.ts";

const AngebotParam = z.object({ angebotId: z.string().uuid() });

const vidisImmutable = () => dbiamError("VIDIS_SERVICE_PROVIDER_IMMUTABLE", 400);

/** The offer writes of the current upstream (CHANGES-SINCE-PIN §4); the pinned one has none. */
export function providerWriteRoutes() {
  const app = new Hono<AppEnv>();

  /**
   * Creating an offer (always a URL tile). Order: validation › logo combination (`INVALID_LOGO_COMBINATION`) › the
   * organisation's ANGEBOTE_VERWALTEN or ANGEBOTE_EINGESCHRAENKT_VERWALTEN (404 MISSING_PERMISSIONS, an unknown
   * organisation too) › name free at the organisation (`DUPLICATE_NAME`). A restricted creator's kategorie, 2FA flag,
   * merkmale and whitelist are replaced by the school defaults, without an error. The flag
   * `schulischeAngeboteErstellen` is informational: not checked. 201 `CreateServiceProviderResponse`.
   */
  app.post("/", async (c) => {
    requireGold(c);
    const body = parseOrThrow(CreateServiceProviderBody, await readJsonBody(c));
    const caller = await requireCaller(c);
    const { db } = c.var;
    // An empty base64 text is no logo (the upstream converts only a non-empty one).
    const logo = body.logoBase64 ? Buffer.from(body.logoBase64, "base64") : undefined;
    checkLogoCombination(body.logoId, logo !== undefined, Boolean(body.logoMimeType));
    const rechte = await angebotRechte(db, caller.id, body.organisationId);
    await checkAngebotName(db, body.name, body.organisationId);
    const felder =
      rechte === "EINGESCHRAENKT"
        ? EINGESCHRAENKT_FELDER
        : {
            kategorie: body.kategorie,
            requires2fa: body.requires2fa,
            merkmale: mitAbhaengigenMerkmalen(body.merkmale),
            rollenartenWhitelist: body.rollenartenWhitelist ?? [],
          };
    const id = await insertAngebot(
      db,
      {
        owner: body.organisationId,
        name: body.name,
        url: body.url,
        logoId: body.logoId,
        logo,
        logoMimeType: logo ? (body.logoMimeType ?? undefined) : undefined,
        ...felder,
      },
      c.var.config.now(),
    );
    return entityJson(c, await angebotJson(db, id), 201);
  });

  /**
   * Changing an offer. Order: validation › found (404 ENTITY_NOT_FOUND) › from VIDIS (`VIDIS_SERVICE_PROVIDER_IMMUTABLE`)
   * › a `logoId` for an offer with an uploaded logo (`INVALID_LOGO_COMBINATION`) › rights at the owner as for creating
   * (404 MISSING_PERMISSIONS) › name (`DUPLICATE_NAME`) › a changed, non-empty whitelist while roles of a rollenart
   * it shuts out grant the offer (409 `ATTACHED_ROLLEN`). `requires2fa` never changes; a restricted caller's
   * kategorie, merkmale and whitelist are ignored without an error. Without VERFUEGBAR_FUER_ROLLENERWEITERUNG any
   * more, all the offer's Rollenerweiterungen go; otherwise a changed whitelist removes those of shut-out roles.
   */
  app.patch("/:angebotId", async (c) => {
    requireGold(c);
    const { angebotId } = parseOrThrow(AngebotParam, c.req.param());
    const body = parseOrThrow(UpdateServiceProviderBody, await readJsonBody(c));
    const caller = await requireCaller(c);
    const { db } = c.var;
    const angebot = await findAngebot(db, angebotId);
    if (!angebot) throw notFound();
    if (angebot.vidisAngebotId) throw vidisImmutable();
    checkLogoCombination(body.logoId, angebot.hasLogo, angebot.logoMimeType !== null);
    const rechte = await angebotRechte(db, caller.id, angebot.owner);
    const name = body.name ?? angebot.name;
    await checkAngebotName(db, name, angebot.owner, angebot.id);

    const frei = rechte === "ALL";
    const merkmale = frei && body.merkmale ? mitAbhaengigenMerkmalen(body.merkmale) : angebot.merkmale;
    const whitelist = frei && body.rollenartenWhitelist ? body.rollenartenWhitelist : angebot.rollenartenWhitelist;
    // The upstream compares the lists as sent (order included).
    const whitelistChanged = JSON.stringify(whitelist) !== JSON.stringify(angebot.rollenartenWhitelist);
    const verboten = whitelistChanged ? forbiddenRollenarten(whitelist) : [];
    if (verboten.length > 0 && (await isUsedByRoles(db, angebot.id, verboten))) throw dbiamError("ATTACHED_ROLLEN", 409);
    const erweiterbarBisher = angebot.merkmale.includes("VERFUEGBAR_FUER_ROLLENERWEITERUNG");
    const nichtMehrErweiterbar = erweiterbarBisher && !merkmale.includes("VERFUEGBAR_FUER_ROLLENERWEITERUNG");

    await db.transaction(async (tx) => {
      if (nichtMehrErweiterbar) await deleteRollenerweiterungenOf(tx, angebot.id);
      else if (verboten.length > 0) await deleteRollenerweiterungenOf(tx, angebot.id, verboten);
      await writeAngebot(
        tx,
        angebot.id,
        {
          name,
          url: body.url ?? angebot.url,
          ...(body.logoId !== undefined ? { logoId: body.logoId } : {}),
          ...(frei && body.kategorie ? { kategorie: body.kategorie } : {}),
          merkmale,
          rollenartenWhitelist: [...whitelist],
        },
        c.var.config.now(),
      );
    });
    return entityJson(c, await angebotJson(db, angebot.id));
  });

  /**
   * Deleting an offer, in the upstream's order: found (404 ENTITY_NOT_FOUND) › from VIDIS (400
   * `VIDIS_SERVICE_PROVIDER_IMMUTABLE`) › roles grant it (409 `ATTACHED_ROLLEN`) › Rollenerweiterungen name it (409
   * `ATTACHED_ROLLENERWEITERUNGEN`) › rights at the owner as for creating (404 MISSING_PERMISSIONS; the upstream checks
   * them last, in its repository). Its merkmale go with it (cascade). 204.
   */
  app.delete("/:angebotId", async (c) => {
    requireGold(c);
    const { angebotId } = parseOrThrow(AngebotParam, c.req.param());
    const caller = await requireCaller(c);
    const { db } = c.var;
    const angebot = await findAngebot(db, angebotId);
    if (!angebot) throw notFound();
    if (angebot.vidisAngebotId) throw vidisImmutable();
    if (await isUsedByRoles(db, angebotId)) throw dbiamError("ATTACHED_ROLLEN", 409);
    const [erweitert] = await db.select({ n: count() }).from(rollenerweiterung).where(eq(rollenerweiterung.serviceProviderId, angebotId));
    if (erweitert.n > 0) throw dbiamError("ATTACHED_ROLLENERWEITERUNGEN", 409);
    await angebotRechte(db, caller.id, angebot.owner);
    await db.delete(serviceProvider).where(eq(serviceProvider.id, angebotId));
    return c.body(null, 204);
  });

  return app;
}
