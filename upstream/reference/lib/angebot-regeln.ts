import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { PROVIDER_MERKMALE, ROLLENARTEN, type Rollenart } from "../../contract/index.ts";
import type { ReferenceDb } from "../db/client.ts";
import { rolle, rollenerweiterung, rolleServiceProvider, serviceProvider, serviceProviderMerkmal } from "../db/schema.ts";
import { storedKategorie } from "./angebote.ts";
import { dbiamError, missingPermissions } from "./errors.ts";
import { newId } from "./ids.ts";
import { hasRightAt } from "./permissions.ts";
import { loadServiceProviderResponses, merkmaleOf, renderServiceProvider } from "./providers.ts";

/**
 * The rules of the current upstream's offer writes (CHANGES-SINCE-PIN §4; `ServiceProviderModificationService`,
 * `ServiceProvider`), shared by `POST`/`PATCH`/`DELETE /api/provider…` and the VIDIS sync. Refusals are the offer
 * module's Dbiam bodies `{i18nKey, code}` with HTTP = code.
 */

export type ProviderMerkmal = (typeof PROVIDER_MERKMALE)[number];

/** Which offer fields the caller may set at an owner: all of them, or (ANGEBOTE_EINGESCHRAENKT_VERWALTEN) the harmless ones. */
export type AngebotRechte = "ALL" | "EINGESCHRAENKT";

/**
 * ANGEBOTE_VERWALTEN at the owner or an ancestor wins; else ANGEBOTE_EINGESCHRAENKT_VERWALTEN there; else 404
 * MISSING_PERMISSIONS (also for an unknown owner, where nobody holds anything).
 */
export async function angebotRechte(db: ReferenceDb, callerId: string, ownerId: string): Promise<AngebotRechte> {
  if (await hasRightAt(db, callerId, ownerId, "ANGEBOTE_VERWALTEN")) return "ALL";
  if (await hasRightAt(db, callerId, ownerId, "ANGEBOTE_EINGESCHRAENKT_VERWALTEN")) return "EINGESCHRAENKT";
  throw missingPermissions();
}

/** What a restricted creator gets whatever was sent; on an update these fields stay as they are. */
export const EINGESCHRAENKT_FELDER = {
  kategorie: "SCHULISCH",
  requires2fa: false,
  merkmale: [
    "VERFUEGBAR_FUER_ROLLENERWEITERUNG",
    "NACHTRAEGLICH_ZUWEISBAR",
    "ANBIETEN_IN_SCHULISCHER_ANGEBOTSVERWALTUNG",
    "ANBIETEN_IN_SCHULISCHER_ROLLENVERWALTUNG",
  ] as ProviderMerkmal[],
  rollenartenWhitelist: [] as Rollenart[],
};

const NEEDS_ROLLENERWEITERUNG: readonly ProviderMerkmal[] = [
  "ANBIETEN_IN_SCHULISCHER_ANGEBOTSVERWALTUNG",
  "ANBIETEN_IN_SCHULISCHER_ROLLENVERWALTUNG",
];

/** The two school merkmale only count with VERFUEGBAR_FUER_ROLLENERWEITERUNG; without it they are dropped silently. */
export function mitAbhaengigenMerkmalen(merkmale: readonly ProviderMerkmal[]): ProviderMerkmal[] {
  const unique = [...new Set(merkmale)];
  if (unique.includes("VERFUEGBAR_FUER_ROLLENERWEITERUNG")) return unique;
  return unique.filter((merkmal) => !NEEDS_ROLLENERWEITERUNG.includes(merkmal));
}

/** A standard logo (`logoId`) alone, an uploaded one (bytes and type) alone, or none; anything else is refused. */
export function checkLogoCombination(logoId: number | null | undefined, hasLogo: boolean, hasMimeType: boolean) {
  const id = logoId !== undefined && logoId !== null;
  const valid = (id && !hasLogo && !hasMimeType) || (!id && hasLogo && hasMimeType) || (!id && !hasLogo && !hasMimeType);
  if (!valid) throw dbiamError("INVALID_LOGO_COMBINATION", 400);
}

/**
 * PostgreSQL's `upper()` in a UTF-8 locale: letter by letter, and a letter whose capital is longer (ß) stays. The
 * embedded database's C locale would change ASCII letters only, so the comparison is done here.
 */
const pgUpper = (text: string) =>
  [...text]
    .map((letter) => {
      const capital = letter.toUpperCase();
      return capital.length === letter.length ? capital : letter;
    })
    .join("");

/**
 * Whether another offer of the owner has this name, case-insensitively as the upstream compares: `upper(name)` in the
 * database against the name's JavaScript `toUpperCase()`. So, as upstream, a name with ß never matches (STRASSE ≠ STRAßE).
 */
export async function isAngebotNameTaken(db: ReferenceDb, name: string, ownerId: string, selfId?: string) {
  const conditions = [eq(serviceProvider.providedOnSchulstrukturknoten, ownerId)];
  if (selfId) conditions.push(ne(serviceProvider.id, selfId));
  const rows = await db
    .select({ name: serviceProvider.name })
    .from(serviceProvider)
    .where(and(...conditions));
  const wanted = name.toUpperCase();
  return rows.some((row) => pgUpper(row.name) === wanted);
}

export async function checkAngebotName(db: ReferenceDb, name: string, ownerId: string, selfId?: string) {
  if (await isAngebotNameTaken(db, name, ownerId, selfId)) throw dbiamError("DUPLICATE_NAME", 400);
}

/** The rollenarten a whitelist shuts out; an empty whitelist shuts out none. */
export const forbiddenRollenarten = (whitelist: readonly string[]): Rollenart[] =>
  whitelist.length === 0 ? [] : ROLLENARTEN.filter((art) => !whitelist.includes(art));

/** Whether roles (technical ones too) grant the offer, only roles of these rollenarten when given. */
export async function isUsedByRoles(db: ReferenceDb, angebotId: string, rollenarten?: readonly string[]) {
  const conditions = [eq(rolleServiceProvider.serviceProviderId, angebotId)];
  if (rollenarten?.length) conditions.push(inArray(rolle.rollenart, [...rollenarten]));
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(rolleServiceProvider)
    .innerJoin(rolle, eq(rolle.id, rolleServiceProvider.rolleId))
    .where(and(...conditions))
    .limit(1);
  return rows.length > 0;
}

type Writer = Pick<ReferenceDb, "insert" | "update" | "delete">;

/** Deletes the offer's Rollenerweiterungen: all, or those of roles of these rollenarten. */
export async function deleteRollenerweiterungenOf(db: Writer, angebotId: string, rollenarten?: readonly string[]) {
  const conditions = [eq(rollenerweiterung.serviceProviderId, angebotId)];
  if (rollenarten?.length) {
    conditions.push(sql`${rollenerweiterung.rolleId} IN (SELECT r.id FROM ${rolle} r WHERE r.rollenart IN ${[...rollenarten]})`);
  }
  await db.delete(rollenerweiterung).where(and(...conditions));
}

/** An offer as the writes need it: the row (the logo as a flag only) and its merkmale. */
export async function findAngebot(db: ReferenceDb, id: string) {
  const [row] = await db
    .select({
      id: serviceProvider.id,
      name: serviceProvider.name,
      url: serviceProvider.url,
      kategorie: serviceProvider.kategorie,
      owner: serviceProvider.providedOnSchulstrukturknoten,
      logoId: serviceProvider.logoId,
      hasLogo: sql<boolean>`${serviceProvider.logo} IS NOT NULL`,
      logoMimeType: serviceProvider.logoMimeType,
      vidisAngebotId: serviceProvider.vidisAngebotId,
      rollenartenWhitelist: serviceProvider.rollenartenWhitelist,
    })
    .from(serviceProvider)
    .where(eq(serviceProvider.id, id))
    .limit(1);
  if (!row) return undefined;
  const merkmale = ((await merkmaleOf(db, [id])).get(id) ?? []) as ProviderMerkmal[];
  return { ...row, hasLogo: Boolean(row.hasLogo), merkmale };
}

export type Angebot = NonNullable<Awaited<ReturnType<typeof findAngebot>>>;

/** A new offer's fields; `kategorie` in the current upstream's names. Offers are always URL tiles. */
export interface NeuesAngebot {
  owner: string;
  name: string;
  url: string;
  kategorie: string;
  requires2fa: boolean;
  merkmale: readonly ProviderMerkmal[];
  rollenartenWhitelist: readonly string[];
  logoId?: number | null;
  logo?: Buffer;
  logoMimeType?: string;
  vidisAngebotId?: string;
}

export async function insertAngebot(db: ReferenceDb, angebot: NeuesAngebot, now: Date): Promise<string> {
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.insert(serviceProvider).values({
      id,
      name: angebot.name,
      target: "URL",
      url: angebot.url,
      kategorie: storedKategorie(angebot.kategorie),
      providedOnSchulstrukturknoten: angebot.owner,
      logoId: angebot.logoId ?? null,
      logo: angebot.logo ?? null,
      logoMimeType: angebot.logoMimeType ?? null,
      requires2fa: angebot.requires2fa,
      vidisAngebotId: angebot.vidisAngebotId ?? null,
      rollenartenWhitelist: [...angebot.rollenartenWhitelist],
      createdAt: now,
      updatedAt: now,
    });
    if (angebot.merkmale.length > 0) {
      await tx.insert(serviceProviderMerkmal).values(angebot.merkmale.map((merkmal) => ({ serviceProviderId: id, merkmal })));
    }
  });
  return id;
}

/** Changed columns of an offer; `merkmale` replaces the offer's merkmale when given. */
export type AngebotAenderung = Partial<Omit<typeof serviceProvider.$inferInsert, "id" | "merkmale">> & {
  merkmale?: readonly ProviderMerkmal[];
};

export async function writeAngebot(db: Writer, id: string, { merkmale, ...columns }: AngebotAenderung, now: Date) {
  await db
    .update(serviceProvider)
    .set({ ...columns, ...(columns.kategorie ? { kategorie: storedKategorie(columns.kategorie) } : {}), updatedAt: now })
    .where(eq(serviceProvider.id, id));
  if (merkmale) {
    await db.delete(serviceProviderMerkmal).where(eq(serviceProviderMerkmal.serviceProviderId, id));
    if (merkmale.length > 0) {
      await db.insert(serviceProviderMerkmal).values(merkmale.map((merkmal) => ({ serviceProviderId: id, merkmal })));
    }
  }
}

/** `ServiceProviderResponse` of the current upstream for one stored offer. */
export async function angebotJson(db: ReferenceDb, id: string) {
  const [stored] = await loadServiceProviderResponses(db, eq(serviceProvider.id, id));
  if (!stored) throw new Error(`Angebot ${id} ist nach dem Schreiben verschwunden`);
  return renderServiceProvider(stored, "current");
}
