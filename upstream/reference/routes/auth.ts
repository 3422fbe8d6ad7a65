import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { Hono } from "hono";
import type { UserinfoResponse } from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import type { ApiVersion } from "../env.ts";
import {
  identityAccount,
  organisation,
  personenkontext,
  rolle,
  rolleMerkmal,
  rolleServiceProvider,
  rolleSystemrecht,
} from "../db/schema.ts";
import { requireCaller, requireUser } from "../lib/caller.ts";
import type { ReferenceDb } from "../db/client.ts";
import { toOrganisationResponse, organisationResponseColumns } from "../lib/organisationen.ts";
import { newCsrfToken } from "../lib/csrf.ts";
import { KOPERS_LOCK_DAYS } from "../lib/locks.ts";
import { unauthorized } from "../lib/errors.ts";
import type { PersonRow } from "../lib/personen.ts";
import { safeRedirectPath } from "../lib/redirects.ts";
import { entityJson } from "../lib/render.ts";
import { ensureSession } from "../session.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Persons without kontexte are deleted after 84 days (pinned) resp. 90 days (current, ed9864553). */
const NO_KONTEXTE_DELETE_DAYS: Record<ApiVersion, number> = { pinned: 84, current: 90 };
const BEFRISTUNG_WARNING_DAYS = 56;

export function authRoutes(version: ApiVersion) {
  const app = new Hono<AppEnv>();

  /**
   * CHANGES-SINCE-PIN §2.1: a public route that checks the session itself. One token per session: the stored one,
   * or a new one. Only the current upstream has it; pinned, the route does not exist (404).
   */
  if (version === "current") {
    app.get("/csrf-token", (c) => {
      const session = c.var.session;
      if (!session?.data.user) throw unauthorized();
      session.data.csrfToken ??= newCsrfToken();
      return c.json({ csrfToken: session.data.csrfToken });
    });
  }

  /** §1.2 with the embedded IdP of §1.7 instead of an external OIDC provider. */
  app.get("/login", async (c) => {
    const session = await ensureSession(c);
    const redirectUrl = c.req.query("redirectUrl");
    const level = c.req.query("requiredStepUpLevel");
    if (redirectUrl !== undefined) session.data.redirectUrl = safeRedirectPath(redirectUrl);
    if (level === "silver" || level === "gold") session.data.requiredStepupLevel = level;

    const user = session.data.user;
    // Short-circuit: already at the stored level → back to where the last completed login went.
    if (user && session.data.requiredStepupLevel && session.data.requiredStepupLevel === (user.stepUpLevel ?? "none")) {
      return c.redirect(user.redirectUri ?? "/", 302);
    }
    return c.redirect(`/api/auth/idp/login?acr=${session.data.requiredStepupLevel ?? "silver"}`, 302);
  });

  app.get("/logout", (c) => {
    const session = c.var.session;
    if (session) session.destroyed = true;
    return c.redirect("/", 302);
  });

  app.get("/logininfo", async (c) => {
    const user = requireUser(c);
    const caller = await requireCaller(c, user);
    const { db, config } = c.var;
    const [account] = await db
      .select({ passwordUpdatedAt: identityAccount.passwordUpdatedAt })
      .from(identityAccount)
      .where(eq(identityAccount.id, user.sub))
      .limit(1);
    const body: UserinfoResponse & { updated_at: string } = {
      sub: user.sub,
      personId: caller.id,
      name: `${caller.vorname} ${caller.familienname}`,
      given_name: caller.vorname,
      family_name: caller.familienname,
      preferred_username: caller.username,
      updated_at: caller.updatedAt.toISOString(),
      ...(account?.passwordUpdatedAt ? { password_updated_at: account.passwordUpdatedAt.toISOString() } : {}),
      acr: user.stepUpLevel ?? "silver",
      ...(await kontexteAndTimeLimits(db, caller, config.now(), config.apiVersion)),
    };
    c.header("Cache-Control", "no-store");
    return entityJson(c, body);
  });

  return app;
}

/** personenkontexte with rights/providers per kontext, and the timeLimits banners (§1.4). */
async function kontexteAndTimeLimits(db: ReferenceDb, caller: PersonRow, now: Date, version: ApiVersion) {
  const kontexte = await db
    .select({
      kontext: {
        id: personenkontext.id,
        rolleId: personenkontext.rolleId,
        befristung: personenkontext.befristung,
        createdAt: personenkontext.createdAt,
      },
      rolleName: rolle.name,
      organisation: organisationResponseColumns,
    })
    .from(personenkontext)
    .innerJoin(organisation, eq(organisation.id, personenkontext.organisationId))
    .innerJoin(rolle, eq(rolle.id, personenkontext.rolleId))
    .where(eq(personenkontext.personId, caller.id))
    .orderBy(asc(personenkontext.createdAt), asc(personenkontext.id));

  const rolleIds = [...new Set(kontexte.map((row) => row.kontext.rolleId))];
  const { rechte, providers, kopersRollen } = await rolleDetails(db, rolleIds);

  const personenkontexte = kontexte.map((row) => ({
    organisation: toOrganisationResponse(row.organisation),
    rolle: {
      systemrechte: rechte.get(row.kontext.rolleId) ?? [],
      serviceProviderIds: providers.get(row.kontext.rolleId) ?? [],
    },
  }));

  const timeLimits: UserinfoResponse["timeLimits"] = [];
  const kopersKontexte = kontexte.filter((row) => kopersRollen.has(row.kontext.rolleId));
  if (!caller.personalnummer && kopersKontexte.length > 0) {
    const earliest = Math.min(...kopersKontexte.map((row) => row.kontext.createdAt.getTime()));
    timeLimits.push({ occasion: "KOPERS", deadline: new Date(earliest + KOPERS_LOCK_DAYS * DAY_MS).toISOString() });
  }
  if (caller.orgUnassignmentDate) {
    const deadline = new Date(caller.orgUnassignmentDate.getTime() + NO_KONTEXTE_DELETE_DAYS[version] * DAY_MS);
    timeLimits.push({ occasion: "NO_KONTEXTE", deadline: deadline.toISOString() });
  }
  for (const row of kontexte) {
    const befristung = row.kontext.befristung;
    if (befristung && Math.floor((befristung.getTime() - now.getTime()) / DAY_MS) < BEFRISTUNG_WARNING_DAYS) {
      timeLimits.push({
        occasion: "PERSONENKONTEXT_EXPIRES",
        deadline: befristung.toISOString(),
        school: row.organisation.name,
        rolle: row.rolleName,
      });
    }
  }
  return { personenkontexte, timeLimits };
}

/**
 * The system rights, offers (in their order) and KoPers duty of the caller's roles, in one query: this call is behind
 * every page of the portal, and the embedded database serves one query at a time.
 */
async function rolleDetails(db: ReferenceDb, rolleIds: string[]) {
  const rechte = new Map<string, string[]>();
  const providers = new Map<string, string[]>();
  const kopersRollen = new Set<string>();
  if (rolleIds.length === 0) return { rechte, providers, kopersRollen };
  const rows = await unionAll(
    db
      .select({
        rolleId: rolleSystemrecht.rolleId,
        art: sql<string>`'recht'`.as("art"),
        wert: sql<string>`${rolleSystemrecht.systemrecht}::text`.as("wert"),
        position: sql<number>`0`.as("position"),
      })
      .from(rolleSystemrecht)
      .where(inArray(rolleSystemrecht.rolleId, rolleIds)),
    db
      .select({
        rolleId: rolleServiceProvider.rolleId,
        art: sql<string>`'angebot'`.as("art"),
        wert: sql<string>`${rolleServiceProvider.serviceProviderId}::text`.as("wert"),
        position: rolleServiceProvider.position,
      })
      .from(rolleServiceProvider)
      .where(inArray(rolleServiceProvider.rolleId, rolleIds)),
    db
      .select({
        rolleId: rolleMerkmal.rolleId,
        art: sql<string>`'kopers'`.as("art"),
        wert: sql<string>`${rolleMerkmal.merkmal}::text`.as("wert"),
        position: sql<number>`0`.as("position"),
      })
      .from(rolleMerkmal)
      .where(and(inArray(rolleMerkmal.rolleId, rolleIds), eq(rolleMerkmal.merkmal, "KOPERS_PFLICHT"))),
  ).orderBy(sql`position`);
  const add = <T>(map: Map<string, T[]>, key: string, value: T) => map.set(key, [...(map.get(key) ?? []), value]);
  for (const row of rows) {
    if (row.art === "recht") add(rechte, row.rolleId, row.wert);
    else if (row.art === "angebot") add(providers, row.rolleId, row.wert);
    else kopersRollen.add(row.rolleId);
  }
  return { rechte, providers, kopersRollen };
}
