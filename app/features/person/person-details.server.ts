import { z } from "zod";
import type { OrganisationResponse, PersonenzuordnungResponse, PersonResponse } from "@contract";
import { befristungFromUpstream, formatDate, formatGermanDay } from "~/dates";
import { organisationLabel } from "~/organisation-label";
import { loadZweiFaktor } from "~/features/zwei-faktor/zwei-faktor.server";
import { notFound } from "~/.server/guards.server";
import { getOrganisation } from "~/.server/upstream/organisationen.server";
import { getPerson, getPersonenuebersicht } from "~/.server/upstream/person.server";
import { parentsByIds } from "~/.server/upstream/person-lock.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import type { EmailStatusWord, LockView, PersonView, ZuordnungLine } from "./views";

/**
 * What the person's page shows, read in two waves at most: the person, its Personenübersicht and its two-factor
 * state at once; then, only where needed, the locking organisation's name (a manual lock) and the offices a new lock
 * can be set in (the lock dialog is open).
 */

/** The person, if the user may manage it: the upstream answers 404 for persons outside the user's schools. */
export async function loadPerson(request: Request, id: string | undefined): Promise<PersonResponse> {
  if (!z.string().uuid().safeParse(id).success) throw notFound();
  return getPerson(request, id!).catch((error: unknown) => {
    if (error instanceof UpstreamFailure && (error.status === 404 || error.status === 400)) throw notFound();
    throw error;
  });
}

/** Whether one of the person's roles asks for a KoPers number. */
export const kopersPflicht = (zuordnungen: PersonenzuordnungResponse[]) =>
  zuordnungen.some((zuordnung) => zuordnung.merkmale.includes("KOPERS_PFLICHT"));

/** Only teachers have a device password (PERSONS.md §2.2.9). */
export const hasLehrZuordnung = (zuordnungen: PersonenzuordnungResponse[]) =>
  zuordnungen.some((zuordnung) => zuordnung.rollenArt === "LEHR");

const EMAIL_STATUS: Partial<Record<string, EmailStatusWord>> = {
  ENABLED: "aktiv",
  REQUESTED: "angefragt",
  DISABLED: "deaktiviert",
  FAILED: "fehlerhaft",
};

/**
 * One line per school and role, its classes (same role, class below that school) merged in; then classes without
 * such a line. Sorted as the original: Dienststellennummer (none last), role, class.
 */
export function zuordnungLines(zuordnungen: PersonenzuordnungResponse[]): ZuordnungLine[] {
  const klassen = zuordnungen.filter((zuordnung) => zuordnung.typ === "KLASSE");
  const used = new Set<PersonenzuordnungResponse>();
  const lines = zuordnungen
    .filter((zuordnung) => zuordnung.typ !== "KLASSE")
    .map((zuordnung) => {
      const own = klassen.filter((klasse) => klasse.administriertVon === zuordnung.sskId && klasse.rolleId === zuordnung.rolleId);
      own.forEach((klasse) => used.add(klasse));
      return { zuordnung, klassen: own.map((klasse) => klasse.sskName).sort((a, b) => a.localeCompare(b, "de")) };
    });
  for (const klasse of klassen) if (!used.has(klasse)) lines.push({ zuordnung: klasse, klassen: [] });
  const dstNr = (line: (typeof lines)[number]) => line.zuordnung.sskDstNr ?? null;
  lines.sort((a, b) => {
    const [x, y] = [dstNr(a), dstNr(b)];
    if (x !== y) return x === null ? 1 : y === null ? -1 : x.localeCompare(y, "de", { numeric: true });
    return a.zuordnung.rolle.localeCompare(b.zuordnung.rolle, "de") || (a.klassen[0] ?? "").localeCompare(b.klassen[0] ?? "", "de");
  });
  return lines.map(({ zuordnung, klassen: names }) => {
    const day = zuordnung.befristung ? befristungFromUpstream(zuordnung.befristung) : null;
    return {
      key: `${zuordnung.sskId}/${zuordnung.rolleId}`,
      schule: organisationLabel({ name: zuordnung.sskName, kennung: zuordnung.sskDstNr }),
      rolle: zuordnung.rolle,
      klassen: names,
      befristung: day ? formatGermanDay(day) : null,
    };
  });
}

export async function loadPersonDetails(request: Request, id: string | undefined, { lockingOffices }: { lockingOffices: boolean }) {
  if (!z.string().uuid().safeParse(id).success) throw notFound();
  const personId = id!;
  const others = Promise.all([
    getPersonenuebersicht(request, personId).catch((error: unknown) => {
      if (error instanceof UpstreamFailure && error.status === 404) throw notFound();
      throw error;
    }),
    // A failed read of the second factor is shown in its section, not as the page's error.
    loadZweiFaktor(request, personId),
  ]);
  // The person decides first: "not found" (not the user's person) wins over any failure of the other reads.
  others.catch(() => undefined);
  const person = await loadPerson(request, personId);
  const [uebersicht, zweiFaktor] = await others;
  const manual = person.userLock.find((lock) => lock.lock_occasion === "MANUELL_GESPERRT");
  // Second wave, in parallel and only when needed: the locking office's name, and for a new lock the person's
  // organisations with their ancestors (the offices the lock dialog offers, inventory §4.8). A page without an open
  // lock dialog and without a manual lock is read in one wave.
  const sskIds = [...new Set(uebersicht.zuordnungen.map((zuordnung) => zuordnung.sskId))];
  const [lockingOrganisation, parents] = await Promise.all([
    manual?.locked_by ? organisationName(request, manual.locked_by) : null,
    lockingOffices && !manual ? organisationsAndAncestors(request, sskIds) : [],
  ]);
  const email = person.email ? EMAIL_STATUS[person.email.status ?? ""] : undefined;

  const view: PersonView = {
    id: person.id,
    vorname: person.name.vorname,
    familienname: person.name.familienname,
    username: person.username ?? null,
    personalnummer: person.personalnummer ?? null,
    kopersPflicht: kopersPflicht(uebersicht.zuordnungen),
    // An address whose status the portal does not know is not shown (as in the original).
    email: person.email && email ? { address: person.email.address, status: email } : null,
    revision: person.revision,
    lastModified: person.lastModified,
  };

  return {
    person: view,
    locks: person.userLock.map((lock): LockView => ({
      occasion: lock.lock_occasion,
      lockedBy: lock.lock_occasion === "MANUELL_GESPERRT" ? lockingOrganisation : null,
      since: lock.created_at ? formatDate(lock.created_at) : null,
      until: lock.locked_until ? formatLockUntil(lock.locked_until) : null,
    })),
    zuordnungen: zuordnungLines(uebersicht.zuordnungen),
    hasLehr: hasLehrZuordnung(uebersicht.zuordnungen),
    zweiFaktor,
    /** For the lock dialog's offices; the route keeps it on the server. */
    parents,
  };
}

/** A lock "until D" is stored as the start of the day after D, like a Befristung. */
function formatLockUntil(iso: string) {
  const day = befristungFromUpstream(iso);
  return day ? formatGermanDay(day) : null;
}

/**
 * The locking organisation's label; null when `locked_by` is not an organisation (any more) or cannot be read. The
 * upstream reads single organisations without a permission check (ORGANISATIONS_ROLES.md §4.4), as the original did
 * when the locking office was not among the person's organisations.
 */
async function organisationName(request: Request, organisationId: string): Promise<string | null> {
  if (!z.string().uuid().safeParse(organisationId).success) return null;
  try {
    return organisationLabel(await getOrganisation(request, organisationId));
  } catch (error) {
    if (error instanceof UpstreamFailure) return null;
    throw error;
  }
}

/** The organisations and all their ancestors; empty when there are none or the read fails (then no office is offered). */
async function organisationsAndAncestors(request: Request, organisationIds: string[]): Promise<OrganisationResponse[]> {
  if (organisationIds.length === 0) return [];
  try {
    return (await parentsByIds(request, organisationIds)).parents;
  } catch (error) {
    if (error instanceof UpstreamFailure) return [];
    throw error;
  }
}

export type PersonDetails = Awaited<ReturnType<typeof loadPersonDetails>>;
