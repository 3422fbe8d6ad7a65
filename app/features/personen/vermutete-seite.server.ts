import { LRUCache } from "lru-cache";
import type { PersonenuebersichtResponse } from "@contract";
import { env } from "~/.server/env.server";
import { upstreamSessionKey } from "~/.server/upstream/client.server";
import { csrfTokenFor } from "~/.server/upstream/csrf.server";
import { findPersonenuebersichten } from "~/.server/upstream/personen.server";
import type { PersonenListParams } from "./personen-list-params";
import { klasseOptions, type FilterOption } from "./personen-liste.server";

/**
 * The person list needs two upstream waves: the page of persons, then what depends on it (the overviews of exactly
 * those persons; for an administrator of one school, that school's classes). Both are usually what they were when the
 * same session last opened the page, so they are asked for in the first wave already (docs/decisions/041); the second
 * wave reads only what the guess missed, and is left out when it missed nothing.
 *
 * What is remembered are ids only, per upstream session (a digest of its session cookie) and page query: never an overview or
 * a class, so everything shown is read during the request; never across sessions, so no one's view comes from
 * another's. The upstream answers an overview only for persons the caller may administer now, so a guess cannot
 * widen a view.
 */
const remembered = new LRUCache<string, string[]>({ max: 5_000, ttl: 30 * 60_000 });

type Pending<T> = Promise<T | null>;

export interface Vermutung {
  pageKey: string | null;
  schuleKey: string | null;
  /** The persons guessed to be on the page, and their overviews (null: no guess, or its read failed). */
  personIds: string[];
  uebersichten: Pending<PersonenuebersichtResponse[]>;
  /** The administrator's one school guessed, and its classes. */
  schule: string | null;
  klassen: Pending<FilterOption[]>;
  /**
   * The overviews are a POST, which the current upstream accepts only with the session's CSRF token: without a guess
   * (the session's first view of the page) it is fetched alongside, if not known yet, so that view takes two waves,
   * not three.
   */
  csrf: Promise<unknown>;
}

/** Starts the reads of the guessed page's dependents (first wave). A failed guess is the second wave's to report. */
export function startVermutung(request: Request, params: PersonenListParams): Vermutung {
  const session = sessionHash(request);
  const pageKey =
    session &&
    keyOf(session, [
      "seite",
      params.seite,
      params.anzahl,
      params.suche ?? "",
      params.sortField,
      params.sortOrder,
      params.organisationen,
      params.rollen,
      params.klassen,
    ]);
  const schuleKey = session && keyOf(session, ["schule"]);
  const personIds = (pageKey && remembered.get(pageKey)) || [];
  const schule = (params.organisationen.length === 0 && schuleKey && remembered.get(schuleKey)?.[0]) || null;
  return {
    pageKey,
    schuleKey,
    personIds,
    uebersichten: personIds.length ? findPersonenuebersichten(request, personIds).catch(() => null) : Promise.resolve(null),
    schule,
    klassen: schule ? klasseOptions(request, [schule], params.klassen, params.klasseSuche).catch(() => null) : Promise.resolve(null),
    csrf: personIds.length ? Promise.resolve() : csrfTokenFor(request).catch(() => null),
  };
}

/**
 * The overviews of the page's persons, in page order: those the guess brought, plus a second wave for the persons it
 * did not ask about. The page's ids are remembered for the next view.
 */
export async function completeUebersichten(request: Request, vermutung: Vermutung, personIds: string[]) {
  if (vermutung.pageKey) remembered.set(vermutung.pageKey, personIds);
  const [answered] = await Promise.all([vermutung.uebersichten, vermutung.csrf]);
  // A guessed person without an answer is one the caller does not administer (the upstream filters, never refuses):
  // asking again in the same moment would give the same.
  const asked = new Set(answered ? vermutung.personIds : []);
  const missing = personIds.filter((id) => !asked.has(id));
  const more = missing.length ? await findPersonenuebersichten(request, missing) : [];
  const found = new Map([...(answered ?? []), ...more].map((uebersicht) => [uebersicht.personId, uebersicht]));
  return personIds.flatMap((id) => found.get(id) ?? []);
}

/** The classes of the administrator's one school: the guessed read when it guessed that school, else read now. */
export async function completeKlassen(request: Request, vermutung: Vermutung, schule: string, params: PersonenListParams) {
  if (vermutung.schuleKey) remembered.set(vermutung.schuleKey, [schule]);
  const guessed = vermutung.schule === schule ? await vermutung.klassen : null;
  return guessed ?? klasseOptions(request, [schule], params.klassen, params.klasseSuche);
}

function sessionHash(request: Request): string | null {
  // Switched off only to measure what the guess buys (npm run bench -- --vergleich vermutete-seite).
  return env.PORTAL_OHNE.includes("vermutete-seite") ? null : upstreamSessionKey(request);
}

const keyOf = (session: string, query: unknown[]) => `${session}:${JSON.stringify(query)}`;
