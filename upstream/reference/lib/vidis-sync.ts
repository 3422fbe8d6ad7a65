import { and, count, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { ReferenceDb } from "../db/client.ts";
import { organisation, rollenerweiterung, serviceProvider } from "../db/schema.ts";
import type { VidisAngebot } from "../seed/vidis.ts";
import { type ProviderMerkmal, insertAngebot, isAngebotNameTaken, isUsedByRoles, writeAngebot } from "./angebot-regeln.ts";

/**
 * The current upstream's VIDIS sync of one school (`VidisSyncService.syncAngeboteForSchool`, CHANGES-SINCE-PIN §4),
 * on the offers the fake VIDIS lists as activated there. Like the upstream, a single failing step (a name taken, an
 * offer still in use) is only logged: the sync goes on and the call still succeeds.
 */

/** What the sync gives every offer it takes over. */
const VIDIS_MERKMALE: ProviderMerkmal[] = [
  "VERFUEGBAR_FUER_ROLLENERWEITERUNG",
  "NACHTRAEGLICH_ZUWEISBAR",
  "ANBIETEN_IN_SCHULISCHER_ANGEBOTSVERWALTUNG",
  "ANBIETEN_IN_SCHULISCHER_ROLLENVERWALTUNG",
];

const log = (message: string) => console.info(`[reference-upstream] VIDIS: ${message}`);

/** VIDIS' logo: base64, maybe as a data URI of an allowed type; else the type is read from the bytes; unknown = none. */
export function decodeVidisLogo(offerLogo: string | undefined): { logo?: Buffer; logoMimeType?: string } {
  if (!offerLogo) return {};
  const trimmed = offerLogo.trim();
  const uri = /^data:(image\/(?:png|jpeg|webp|svg\+xml));base64,(.+)$/u.exec(trimmed);
  const logo = Buffer.from(uri?.[2] ?? trimmed, "base64");
  if (logo.length === 0) return {};
  const logoMimeType = uri?.[1] ?? mimeTypeOf(logo);
  return logoMimeType ? { logo, logoMimeType } : {};
}

function mimeTypeOf(bytes: Buffer): string | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from("89504e470d0a1a0a", "hex"))) return "image/png";
  if (bytes.subarray(0, 3).equals(Buffer.from("ffd8ff", "hex"))) return "image/jpeg";
  if (bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP") return "image/webp";
  const text = bytes.toString("utf8").trimStart();
  if (text.startsWith("<svg") || (text.startsWith("<?xml") && text.includes("<svg"))) return "image/svg+xml";
  return undefined;
}

/**
 * Brings the school's VIDIS offers in line with `activated`: creates the missing ones (unless an offer with that VIDIS
 * id exists outside the schools, e.g. the Land's), deletes those no longer activated (their Rollenerweiterungen at the
 * school first) and takes over changed names, links and logos.
 */
export async function syncVidisAngebote(db: ReferenceDb, schuleId: string, activated: readonly VidisAngebot[], now: Date) {
  const [outsideSchools, atSchool] = await Promise.all([
    db
      .select({ vidisAngebotId: serviceProvider.vidisAngebotId })
      .from(serviceProvider)
      .where(
        and(
          isNotNull(serviceProvider.vidisAngebotId),
          sql`${serviceProvider.providedOnSchulstrukturknoten} NOT IN (SELECT o.id FROM ${organisation} o WHERE o.typ = 'SCHULE')`,
        ),
      ),
    db
      .select({
        id: serviceProvider.id,
        name: serviceProvider.name,
        url: serviceProvider.url,
        logo: serviceProvider.logo,
        logoMimeType: serviceProvider.logoMimeType,
        vidisAngebotId: serviceProvider.vidisAngebotId,
      })
      .from(serviceProvider)
      .where(and(eq(serviceProvider.providedOnSchulstrukturknoten, schuleId), isNotNull(serviceProvider.vidisAngebotId))),
  ]);
  const activatedIds = new Set(activated.map((angebot) => String(angebot.offerId)));
  const skipped = new Set([...outsideSchools, ...atSchool].map((row) => row.vidisAngebotId));

  for (const angebot of activated.filter((entry) => !skipped.has(String(entry.offerId)))) {
    skipped.add(String(angebot.offerId));
    if (await isAngebotNameTaken(db, angebot.offerTitle, schuleId)) {
      log(`Angebot ${angebot.offerId} nicht angelegt: der Name „${angebot.offerTitle}“ ist an der Schule vergeben`);
      continue;
    }
    await insertAngebot(
      db,
      {
        owner: schuleId,
        name: angebot.offerTitle,
        url: angebot.offerLink,
        kategorie: "SCHULISCH",
        requires2fa: false,
        merkmale: VIDIS_MERKMALE,
        rollenartenWhitelist: [],
        vidisAngebotId: String(angebot.offerId),
        ...decodeVidisLogo(angebot.offerLogo),
      },
      now,
    );
  }

  const gone = atSchool.filter((row) => !activatedIds.has(row.vidisAngebotId ?? ""));
  if (gone.length > 0) {
    const ids = gone.map((row) => row.id);
    await db
      .delete(rollenerweiterung)
      .where(and(eq(rollenerweiterung.organisationId, schuleId), inArray(rollenerweiterung.serviceProviderId, ids)));
  }
  for (const row of gone) {
    // The upstream's foreign keys refuse to delete an offer that roles grant or other schools' extensions name.
    const [elsewhere] = await db.select({ n: count() }).from(rollenerweiterung).where(eq(rollenerweiterung.serviceProviderId, row.id));
    if (elsewhere.n > 0 || (await isUsedByRoles(db, row.id))) {
      log(`Angebot ${row.id} nicht gelöscht: es wird noch verwendet`);
      continue;
    }
    await db.delete(serviceProvider).where(eq(serviceProvider.id, row.id));
  }

  for (const row of atSchool.filter((entry) => !gone.includes(entry))) {
    const angebot = activated.find((entry) => String(entry.offerId) === row.vidisAngebotId);
    if (angebot) await takeOverChanges(db, schuleId, row, angebot, now);
  }
}

type VidisRow = { id: string; name: string; url: string | null; logo: Buffer | null; logoMimeType: string | null };

/** Name, link and logo as VIDIS has them now; a name another offer of the school has stops the whole update. */
async function takeOverChanges(db: ReferenceDb, schuleId: string, row: VidisRow, angebot: VidisAngebot, now: Date) {
  const { logo, logoMimeType } = decodeVidisLogo(angebot.offerLogo);
  const nameChanged = row.name !== angebot.offerTitle;
  const urlChanged = row.url !== angebot.offerLink;
  const logoChanged =
    (row.logoMimeType ?? undefined) !== logoMimeType || (row.logo !== null && logo !== undefined && !row.logo.equals(logo));
  if (!nameChanged && !urlChanged && !logoChanged) return;
  if (nameChanged && (await isAngebotNameTaken(db, angebot.offerTitle, schuleId, row.id))) {
    log(`Angebot ${row.id} nicht geändert: der Name „${angebot.offerTitle}“ ist an der Schule vergeben`);
    return;
  }
  await writeAngebot(
    db,
    row.id,
    {
      ...(nameChanged ? { name: angebot.offerTitle } : {}),
      ...(urlChanged ? { url: angebot.offerLink } : {}),
      ...(logoChanged ? { logo: logo ?? null, logoMimeType: logoMimeType ?? null } : {}),
    },
    now,
  );
}
