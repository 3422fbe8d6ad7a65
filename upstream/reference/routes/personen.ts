import { and, eq, ne } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { PersonMetadataBody } from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import { identityAccount, person, uemPassword } from "../db/schema.ts";
import { removeLock } from "../lib/locks.ts";
import { readJsonBody } from "../lib/body.ts";
import { requireCaller, requireGold, requireUser } from "../lib/caller.ts";
import { missingPermissions, notFound } from "../lib/errors.ts";
import { publishEvent } from "../lib/events.ts";
import { hashPassword } from "../lib/password.ts";
import { isPersonVisible } from "../lib/permissions.ts";
import {
  type PersonRow,
  canModifyPerson,
  findPerson,
  freeUsername,
  generateStartPassword,
  identityProviderError,
  kontexteOf,
  mismatchedRevision,
  personError,
  personResponse,
  renameNeedsNewUsername,
  usernameCandidate,
} from "../lib/personen.ts";
import { entityJson } from "../lib/render.ts";
import { parseOrThrow } from "../lib/validation.ts";

const IdParam = z.object({ personId: z.string().uuid() });

/** The addressed person if it exists and the caller may see it (PERSONS §1.7 `visible`), else the not-found 404. */
async function visibleTarget(c: Context<AppEnv>, caller: PersonRow): Promise<PersonRow> {
  const { personId } = parseOrThrow(IdParam, c.req.param());
  const target = await findPerson(c.var.db, personId);
  if (!target || !(await isPersonVisible(c.var.db, caller.id, target))) throw notFound();
  return target;
}

const hasBlanksAround = (value: string) => value.trim() !== value;

/**
 * The person record of the admin screens (PERSONS §2.2.2, §2.2.5, §2.2.6, §2.2.9). The guards run in the upstream's
 * order: authentication, CSRF (current version), step-up on writes, then validation, then the handler.
 */
export function personenRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/:personId", async (c) => {
    requireUser(c);
    parseOrThrow(IdParam, c.req.param());
    const caller = await requireCaller(c);
    const target = await visibleTarget(c, caller);
    return entityJson(c, await personResponse(c.var.db, target, true));
  });

  app.patch("/:personId/metadata", async (c) => {
    const user = requireGold(c);
    const { personId } = parseOrThrow(IdParam, c.req.param());
    const body = parseOrThrow(PersonMetadataBody, await readJsonBody(c));
    const caller = await requireCaller(c, user);
    const { db, config } = c.var;
    const personalnummer = body.personalnummer ?? "";

    // 1. A KoPers number for a person none of whose roles asks for one – checked before anything else upstream.
    if (personalnummer !== "") {
      const kontexte = await kontexteOf(db, personId);
      if (!kontexte.some((kontext) => kontext.merkmale.includes("KOPERS_PFLICHT"))) throw personError("PERSON_ERROR", 500);
    }
    // 2. and 3.
    const target = await findPerson(db, personId);
    if (!target) throw notFound();
    if (!(await canModifyPerson(db, caller.id, target.id))) throw missingPermissions();
    // 4.
    if (hasBlanksAround(body.vorname)) throw personError("VORNAME_ENTHAELT_LEERZEICHEN", 400);
    if (hasBlanksAround(body.familienname)) throw personError("FAMILIENNAME_ENTHAELT_LEERZEICHEN", 400);
    // 5.
    const namesChanged = body.vorname !== target.vorname || body.familienname !== target.familienname;
    if (!namesChanged && personalnummer === "") throw personError("PERSONALNUMMER_REQUIRED", 400);
    // 6. (R: the revision is checked here together with lastModified, so a conflict changes nothing.)
    if (target.updatedAt.getTime() > new Date(body.lastModified).getTime()) throw personError("NEWER_VERSION_OF_PERSON_AVAILABLE", 400);
    if (body.revision !== String(target.revision)) throw mismatchedRevision();
    // 7.
    if (personalnummer !== "") {
      if (hasBlanksAround(personalnummer)) throw personError("PERSON_ERROR", 500);
      const [other] = await db
        .select({ id: person.id })
        .from(person)
        .where(and(eq(person.personalnummer, personalnummer), ne(person.id, target.id)))
        .limit(1);
      if (other) throw personError("PERSONALNUMMER_NICHT_EINDEUTIG", 400);
    }

    let username = target.username;
    if (namesChanged && renameNeedsNewUsername(target, body)) {
      username = await freeUsername(db, usernameCandidate(body.vorname, body.familienname), target.id, target.keycloakUserId);
    }
    const now = config.now();
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(person)
        .set({
          vorname: body.vorname,
          familienname: body.familienname,
          username,
          ...(personalnummer !== "" ? { personalnummer } : {}),
          revision: target.revision + 1,
          updatedAt: now,
        })
        .where(and(eq(person.id, target.id), eq(person.revision, target.revision)))
        .returning();
      // Another write got in between the checks and this update.
      if (!row) throw mismatchedRevision();
      if (username !== target.username && target.keycloakUserId && username) {
        await tx.update(identityAccount).set({ username }).where(eq(identityAccount.id, target.keycloakUserId));
      }
      // Storing a KoPers number is the only way to lift a KoPers lock; the account opens when no other lock remains.
      if (personalnummer !== "") await removeLock(tx, target, "KOPERS_GESPERRT");
      return row;
    });
    // Names changed case-insensitively: LDAP, itslearning, privacyIDEA and OX follow (§1.10).
    if (
      body.vorname.toLowerCase() !== target.vorname.toLowerCase() ||
      body.familienname.toLowerCase() !== target.familienname.toLowerCase()
    ) {
      publishEvent("PersonRenamed", { personId: target.id, username: username ?? "" });
    }
    return entityJson(c, await personResponse(db, updated, false));
  });

  app.patch("/:personId/password", async (c) => {
    const user = requireGold(c);
    parseOrThrow(IdParam, c.req.param());
    const caller = await requireCaller(c, user);
    const target = await visibleTarget(c, caller);
    if (!target.keycloakUserId) throw identityProviderError();
    const password = generateStartPassword();
    const changed = await c.var.db
      .update(identityAccount)
      .set({ passwordHash: await hashPassword(password), passwordTemporary: true, passwordUpdatedAt: c.var.config.now() })
      .where(eq(identityAccount.id, target.keycloakUserId))
      .returning({ id: identityAccount.id });
    if (changed.length === 0) throw identityProviderError();
    return c.text(password, 202);
  });

  /** §2.2.10: the caller's own device password; no step-up, no right, no person id (registered before `/:personId…`). */
  app.patch("/uem-password", async (c) => {
    const caller = await requireCaller(c);
    return setDevicePassword(c, caller);
  });

  app.patch("/:personId/uem-password", async (c) => {
    const user = requireGold(c);
    parseOrThrow(IdParam, c.req.param());
    const caller = await requireCaller(c, user);
    return setDevicePassword(c, await visibleTarget(c, caller));
  });

  return app;
}

/**
 * §2.2.9/§2.2.10: a new device (UEM) password written to the person's LDAP entry (here: its hash), answered once as
 * plain text. Only teachers have an LDAP entry, so anybody else meets the LDAP failure.
 */
async function setDevicePassword(c: Context<AppEnv>, target: PersonRow) {
  const { db, config } = c.var;
  if (!target.username) {
    throw config.apiVersion === "current" ? personError("PERSON_ERROR", 500) : identityProviderError();
  }
  const kontexte = await kontexteOf(db, target.id);
  if (!kontexte.some((kontext) => kontext.rollenart === "LEHR")) throw personError("PERSON_UEM_PASSWORD_MODIFICATION_ERROR", 500);
  const password = generateStartPassword();
  const passwordHash = await hashPassword(password);
  const now = config.now();
  await db
    .insert(uemPassword)
    .values({ personId: target.id, passwordHash, updatedAt: now })
    .onConflictDoUpdate({ target: uemPassword.personId, set: { passwordHash, updatedAt: now } });
  publishEvent("PersonLdapSync", { personId: target.id });
  return c.text(password, 202);
}
