import { count } from "drizzle-orm";
import type { ReferenceDb } from "../db/client.ts";
import {
  emailAddress,
  hardwareToken,
  identityAccount,
  meldung,
  organisation,
  person,
  personenkontext,
  rolle,
  rolleMerkmal,
  rolleServiceProvider,
  rolleSystemrecht,
  rollenerweiterung,
  serviceProvider,
  serviceProviderMerkmal,
  twoFactorToken,
  userLock,
} from "../db/schema.ts";
import { stableId } from "../lib/ids.ts";
import { hashPassword } from "../lib/password.ts";
import { DEMO_PASSWORD } from "./demo-accounts.ts";
import { MELDUNG_TEXT, ORGANISATIONEN, PERSONEN, ROLLEN, ROLLENERWEITERUNGEN, SERVICE_PROVIDERS, tokenSecretOf } from "./demo-data.ts";
import type { DemoPersonSeed } from "./demo-person-seed.ts";
import { DEMO_PERSONEN } from "./demo-persons.ts";
import { DEMO_IDS } from "./ids.ts";
import { CATEGORY_COLOURS, placeholderLogo } from "./logos.ts";
import { DEMO_PERSON_SOFTWARE_TOKENS, HARDWARE_TOKENS } from "./zwei-faktor.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The constant mandant id of every person in the upstream (PERSONS §1.8). */
export const MANDANT_ID = "8c6a9447-c23e-4e70-8595-3bcc88a5577a";

export async function isDatabaseEmpty(db: ReferenceDb): Promise<boolean> {
  const [{ total }] = await db.select({ total: count() }).from(organisation);
  return total === 0;
}

/** Seeds the demo dataset in one transaction. Dates relative to `now` keep the banners (KoPers, Befristung) meaningful. */
export async function seedDemoData(db: ReferenceDb, now: Date = new Date()): Promise<void> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const passwordHashes = new Map(
    await Promise.all(PERSONEN.filter((p) => p.account).map(async (p) => [p.username, await hashPassword(DEMO_PASSWORD)] as const)),
  );

  await db.transaction(async (tx) => {
    // Parents first: ORGANISATIONEN is ordered so that every administriertVon/zugehoerigZu precedes its children.
    await tx.insert(organisation).values(
      ORGANISATIONEN.map((o, index) => ({
        id: o.id,
        name: o.name,
        typ: o.typ,
        administriertVon: o.administriertVon,
        zugehoerigZu: o.zugehoerigZu,
        kennung: o.kennung ?? null,
        kuerzel: o.kuerzel ?? null,
        emailDomain: o.emailDomain ?? null,
        itslearningEnabled: o.itslearningEnabled ?? false,
        // distinct creation times keep "first root child by creation" deterministic
        createdAt: new Date(ago(400).getTime() + index * 1000),
        updatedAt: new Date(ago(400).getTime() + index * 1000),
      })),
    );

    await tx.insert(serviceProvider).values(
      SERVICE_PROVIDERS.map((p) => ({
        id: p.id,
        name: p.name,
        target: p.target,
        url: p.url,
        kategorie: p.kategorie,
        providedOnSchulstrukturknoten: p.owner,
        logo: p.logo ? placeholderLogo(p.name, CATEGORY_COLOURS[p.kategorie]) : null,
        logoMimeType: p.logo ? "image/svg+xml" : null,
        keycloakGroup: `${p.name}-service`,
        keycloakRole: `${p.name}-user`,
        externalSystem: p.externalSystem ?? "NONE",
        requires2fa: p.requires2fa,
        vidisAngebotId: p.vidisAngebotId ?? null,
      })),
    );
    const spMerkmale = SERVICE_PROVIDERS.flatMap((p) => p.merkmale.map((merkmal) => ({ serviceProviderId: p.id, merkmal })));
    if (spMerkmale.length) await tx.insert(serviceProviderMerkmal).values(spMerkmale);

    await tx.insert(rolle).values(
      ROLLEN.map((r) => ({
        id: r.id,
        name: r.name,
        administeredBySchulstrukturknoten: r.owner,
        rollenart: r.rollenart,
        istTechnisch: r.istTechnisch ?? false,
      })),
    );
    await tx.insert(rolleSystemrecht).values(ROLLEN.flatMap((r) => r.systemrechte.map((systemrecht) => ({ rolleId: r.id, systemrecht }))));
    await tx.insert(rolleMerkmal).values(ROLLEN.flatMap((r) => r.merkmale.map((merkmal) => ({ rolleId: r.id, merkmal }))));
    await tx
      .insert(rolleServiceProvider)
      .values(ROLLEN.flatMap((r) => r.providers.map((serviceProviderId, position) => ({ rolleId: r.id, serviceProviderId, position }))));
    await tx.insert(rollenerweiterung).values(ROLLENERWEITERUNGEN);

    const accounts = PERSONEN.filter((p) => p.account);
    await tx.insert(identityAccount).values(
      accounts.map((p) => ({
        id: stableId(`account:${p.username}`),
        username: p.username,
        passwordHash: passwordHashes.get(p.username) ?? "",
        passwordTemporary: p.temporaryPassword ?? false,
        passwordUpdatedAt: p.temporaryPassword ? null : ago(30),
      })),
    );
    const persons = PERSONEN.filter((p) => p.person);
    await tx.insert(person).values(
      persons.map((p) => ({
        id: stableId(`person:${p.username}`),
        keycloakUserId: p.account ? stableId(`account:${p.username}`) : null,
        username: p.username,
        mandant: MANDANT_ID,
        vorname: p.vorname,
        familienname: p.familienname,
        personalnummer: p.personalnummer ?? null,
        istTechnisch: p.istTechnisch ?? false,
        orgUnassignmentDate: p.orgUnassignedDaysAgo !== undefined ? ago(p.orgUnassignedDaysAgo) : null,
        createdAt: ago(120),
        updatedAt: ago(120),
      })),
    );
    const kontexte = persons.flatMap((p) =>
      p.kontexte.map((kontext) => ({
        id: stableId(`kontext:${p.username}:${kontext.organisation}:${kontext.rolle}`),
        personId: stableId(`person:${p.username}`),
        organisationId: kontext.organisation,
        rolleId: kontext.rolle,
        befristung: kontext.befristungInDays !== undefined ? new Date(now.getTime() + kontext.befristungInDays * DAY_MS) : null,
        createdAt: ago(kontext.createdDaysAgo ?? 100),
        updatedAt: ago(kontext.createdDaysAgo ?? 100),
      })),
    );
    await tx.insert(personenkontext).values(kontexte);

    const tokens = persons.flatMap((p) => {
      const secret = tokenSecretOf(p.username);
      return secret
        ? [
            {
              id: stableId(`token:${p.username}`),
              personId: stableId(`person:${p.username}`),
              kind: "software",
              serial: `TOTP-${p.username.toUpperCase()}`,
              secret,
              rolloutState: "enrolled",
              createdAt: ago(90),
            },
          ]
        : [];
    });
    if (tokens.length) await tx.insert(twoFactorToken).values(tokens);

    await insertDemoPersons(tx, DEMO_PERSONEN, now, await hashPassword(DEMO_PASSWORD));
    await insertDemoSecondFactors(tx, now);

    await tx
      .insert(meldung)
      .values({ id: DEMO_IDS.meldung, inhalt: MELDUNG_TEXT, status: "VEROEFFENTLICHT", revision: 1, createdAt: ago(3), updatedAt: ago(3) });
  });
}

type Transaction = Parameters<Parameters<ReferenceDb["transaction"]>[0]>[0];

/**
 * The person administration's demo persons (demo-persons.ts): account, person, kontexte, locks, e-mail addresses.
 * They share one password hash (the same demo password; hashing each would add seconds to every seed). An account is
 * disabled while its person has a lock, as the lock rules keep it (lib/locks.ts).
 */
async function insertDemoPersons(tx: Transaction, persons: DemoPersonSeed[], now: Date, passwordHash: string) {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const personId = (p: DemoPersonSeed) => stableId(`person:${p.username}`);
  await tx.insert(identityAccount).values(
    persons.map((p) => ({
      id: stableId(`account:${p.username}`),
      username: p.username,
      passwordHash,
      passwordUpdatedAt: ago(30),
      enabled: !p.locks?.length,
    })),
  );
  await tx.insert(person).values(
    persons.map((p) => ({
      id: personId(p),
      keycloakUserId: stableId(`account:${p.username}`),
      username: p.username,
      mandant: MANDANT_ID,
      vorname: p.vorname,
      familienname: p.familienname,
      personalnummer: p.personalnummer ?? null,
      createdAt: ago(120),
      updatedAt: ago(120),
    })),
  );
  await tx.insert(personenkontext).values(
    persons.flatMap((p) =>
      p.kontexte.map((kontext) => ({
        id: stableId(`kontext:${p.username}:${kontext.organisation}:${kontext.rolle}`),
        personId: personId(p),
        organisationId: kontext.organisation,
        rolleId: kontext.rolle,
        befristung: kontext.befristungInDays !== undefined ? new Date(now.getTime() + kontext.befristungInDays * DAY_MS) : null,
        createdAt: ago(kontext.createdDaysAgo ?? 100),
        updatedAt: ago(kontext.createdDaysAgo ?? 100),
      })),
    ),
  );
  const locks = persons.flatMap((p) =>
    (p.locks ?? []).map((lock) => ({
      personId: personId(p),
      lockedBy: lock.lockedBy,
      lockedOccasion: lock.occasion,
      lockedUntil: lock.untilInDays !== undefined ? new Date(now.getTime() + lock.untilInDays * DAY_MS) : null,
      createdAt: ago(lock.createdDaysAgo),
    })),
  );
  if (locks.length) await tx.insert(userLock).values(locks);
  const emails = persons.flatMap((p) =>
    (p.emails ?? []).map((email) => ({
      address: email.address,
      personId: personId(p),
      status: email.status,
      updatedAt: ago(email.updatedDaysAgo),
    })),
  );
  if (emails.length) await tx.insert(emailAddress).values(emails);
}

/**
 * The hardware token pool and the second factors of demo persons (zwei-faktor.ts): a handed-out device is a pool row
 * with its person and that person's token row of kind "hardware", as the assignment leaves them.
 */
async function insertDemoSecondFactors(tx: Transaction, now: Date) {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const personId = (username: string) => stableId(`person:${username}`);
  await tx.insert(hardwareToken).values(
    HARDWARE_TOKENS.map((token) => ({
      serial: token.serial,
      secret: token.secret,
      assignedPersonId: token.assignedTo ? personId(token.assignedTo) : null,
      assignedAt: token.assignedTo ? ago(60) : null,
    })),
  );
  const tokens = [
    ...Object.entries(DEMO_PERSON_SOFTWARE_TOKENS).map(([username, secret]) => ({
      username,
      kind: "software",
      serial: `TOTP-${username.toUpperCase()}`,
      secret,
    })),
    ...HARDWARE_TOKENS.flatMap((token) =>
      token.assignedTo ? [{ username: token.assignedTo, kind: "hardware", serial: token.serial, secret: token.secret }] : [],
    ),
  ];
  await tx.insert(twoFactorToken).values(
    tokens.map((token) => ({
      id: stableId(`token:${token.username}`),
      personId: personId(token.username),
      kind: token.kind,
      serial: token.serial,
      secret: token.secret,
      rolloutState: "enrolled",
      createdAt: ago(60),
    })),
  );
}

/**
 * A database seeded before the hardware token pool existed (its table came with a migration of its own before the
 * migrations were squashed into one) gets the pool's free devices; devices and persons it already has stay as they are.
 */
export async function ensureHardwareTokenPool(db: ReferenceDb): Promise<void> {
  await db
    .insert(hardwareToken)
    .values(HARDWARE_TOKENS.filter((token) => !token.assignedTo).map(({ serial, secret }) => ({ serial, secret })))
    .onConflictDoNothing();
}

/** Seeds only a database without organisations, so restarts never duplicate or overwrite data. */
export async function seedIfEmpty(db: ReferenceDb, now?: Date): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  await seedDemoData(db, now);
  return true;
}
