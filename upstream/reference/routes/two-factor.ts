import { eq, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { AssignHardwareTokenBody, TokenInitBody, TokenVerifyBody, TwoFactorPersonQuery } from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import { person, personenkontext, rolleServiceProvider, serviceProvider } from "../db/schema.ts";
import { readJsonBody } from "../lib/body.ts";
import { requireCaller, requireGold, requireUser } from "../lib/caller.ts";
import { dbiamError, twoFactorTargetNotFound } from "../lib/errors.ts";
import { isUuid } from "../lib/ids.ts";
import { isPersonVisible } from "../lib/permissions.ts";
import type { PersonRow } from "../lib/personen.ts";
import { tokenServiceProblem } from "../lib/token-service.ts";
import { activeToken, assignHardwareToken, initSoftwareToken, resetActiveToken, verifySoftwareToken } from "../lib/tokens.ts";
import { parseOrThrow } from "../lib/validation.ts";

/**
 * PERSONS §2.9 with CHANGES-SINCE-PIN §3.3. A foreign person outside the caller's scope is a 403 with the serialised
 * internal error (errors.ts). A vanished caller: pinned a generic 500 (no authentication filter on this controller),
 * current the Dbiam 403 `KEYCLOAK_USER_NOT_FOUND`. `personId` of the reads is not validated by the upstream: a
 * missing one, or anything that is not a UUID, cannot name a person and is answered like an unknown one, without
 * asking the database. The token-service errors (`D2FA:*`) are `{i18nKey, code: 400}` in both versions.
 */

type WithUsername = PersonRow & { username: string };

/**
 * Whose token: "self-or-admin" lets the caller at his own token without any right; the admin path (reset and assign
 * always) needs the person to be visible with PERSONEN_VERWALTEN, for oneself too.
 */
async function resolveTarget(
  c: Context<AppEnv>,
  personId: string | undefined,
  path: "self-or-admin" | "admin",
): Promise<WithUsername | Response> {
  const me = await requireCaller(c);
  const { db } = c.var;
  let target: PersonRow | undefined = path === "self-or-admin" && personId === me.id ? me : undefined;
  if (!target) {
    [target] = personId && isUuid(personId) ? await db.select().from(person).where(eq(person.id, personId)).limit(1) : [];
    if (!target || !(await isPersonVisible(db, me.id, target))) throw twoFactorTargetNotFound(personId ?? "");
  }
  if (!target.username) return c.text("User not found.", 400);
  return target as WithUsername;
}

const tokenError = (key: string) => dbiamError(key, 400);

/** The `personId` of a query, as the upstream reads it (no validation). */
function queryPersonId(c: Context<AppEnv>): string | undefined {
  const query = TwoFactorPersonQuery.safeParse(c.req.query());
  return query.success ? query.data.personId : undefined;
}

export function twoFactorRoutes() {
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("family", "twoFactor");
    await next();
  });

  app.get("/state", async (c) => {
    const target = await resolveTarget(c, queryPersonId(c), "self-or-admin");
    if (target instanceof Response) return target;
    const problem = tokenServiceProblem(c);
    if (problem === "unreachable") throw tokenError("PI_UNAVAILABLE_ERROR");
    if (problem === "failing") throw tokenError("TOKEN_STATE_ERROR");
    const token = await activeToken(c.var.db, target.id);
    return c.json(token ? { hasToken: true, tokenKind: token.kind, serial: token.serial } : { hasToken: false, tokenKind: "", serial: "" });
  });

  // Not a question to the token service: the person's roles and their offers decide.
  app.get("/required", async (c) => {
    const target = await resolveTarget(c, queryPersonId(c), "self-or-admin");
    if (target instanceof Response) return target;
    const rows = await c.var.db
      .select({ one: sql<number>`1` })
      .from(personenkontext)
      .innerJoin(rolleServiceProvider, eq(rolleServiceProvider.rolleId, personenkontext.rolleId))
      .innerJoin(serviceProvider, eq(serviceProvider.id, rolleServiceProvider.serviceProviderId))
      .where(sql`${personenkontext.personId} = ${target.id} AND ${serviceProvider.requires2fa}`)
      .limit(1);
    return c.json({ required: rows.length > 0 });
  });

  // §2.9.1: any failure of the token service, being unreachable included, is SOFTWARE_TOKEN_INITIALIZATION_ERROR.
  app.post("/init", async (c) => {
    requireUser(c);
    const body = parseOrThrow(TokenInitBody, await readJsonBody(c));
    const target = await resolveTarget(c, body.personId, "self-or-admin");
    if (target instanceof Response) return target;
    if (tokenServiceProblem(c)) throw tokenError("SOFTWARE_TOKEN_INITIALIZATION_ERROR");
    const qrCode = await initSoftwareToken(c.var.db, target);
    return c.text(qrCode, 201);
  });

  // §2.9.2: the pending token (kept by the token service since init, as privacyIDEA's verified enrolment does) is
  // confirmed with a code of it and becomes the person's token. A wrong code is OTP_NICHT_GUELTIG and leaves it pending,
  // so the person may try again. Any failure of the service is SOFTWARE_TOKEN_VERIFICATION_ERROR; so is "nothing
  // pending", where the upstream crashes into a 500 (quirk Q13, answered as recommended).
  app.post("/verify", async (c) => {
    requireUser(c);
    const body = parseOrThrow(TokenVerifyBody, await readJsonBody(c));
    const target = await resolveTarget(c, body.personId, "self-or-admin");
    if (target instanceof Response) return target;
    if (tokenServiceProblem(c)) throw tokenError("SOFTWARE_TOKEN_VERIFICATION_ERROR");
    const outcome = await verifySoftwareToken(c.var.db, target.id, body.otp);
    if (outcome !== "verified") throw tokenError(outcome);
    return c.body(null, 201);
  });

  // §2.9.4: pinned without any guard (the reference answers 401 instead of the upstream's 500 without a session),
  // current with login, CSRF and step-up. No active token, or any failure of the service, is TOKEN_RESET_ERROR.
  app.put("/reset", async (c) => {
    if (c.var.config.apiVersion === "current") requireGold(c);
    else requireUser(c);
    const target = await resolveTarget(c, queryPersonId(c), "admin");
    if (target instanceof Response) return target;
    if (tokenServiceProblem(c)) throw tokenError("TOKEN_RESET_ERROR");
    if (!(await resetActiveToken(c.var.db, target.id))) throw tokenError("TOKEN_RESET_ERROR");
    return c.text("true", 200);
  });

  // §2.9.5, answered 200 (not the OpenAPI's 201). `username` is ignored: the stored one counts.
  app.post("/assign/hardwareToken", async (c) => {
    requireUser(c);
    const body = parseOrThrow(AssignHardwareTokenBody, await readJsonBody(c));
    const target = await resolveTarget(c, body.userId, "admin");
    if (target instanceof Response) return target;
    const problem = tokenServiceProblem(c);
    if (problem) throw tokenError(problem === "unreachable" ? "PI_UNAVAILABLE_ERROR" : "HARDWARE_TOKEN_SERVICE_FEHLER");
    const outcome = await assignHardwareToken(c.var.db, target.id, body.serial, body.otp);
    if (outcome !== "assigned") throw tokenError(outcome);
    return c.json(
      {
        id: 1,
        jsonrpc: "2.0",
        time: Math.floor(c.var.config.now().getTime() / 1000),
        version: "privacyIDEA (Referenz)",
        versionnumber: "3.11",
        signature: `rsa_sha256_pss:${crypto.randomUUID().replaceAll("-", "")}`,
        dialogText: "Das Hardware-Token wurde erfolgreich zugeordnet.",
      },
      200,
    );
  });

  return app;
}
