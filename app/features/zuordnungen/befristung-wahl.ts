/**
 * The choice of a Befristung without its check: what the fields, the bulk bar and the steps need in the browser.
 * Kept apart from `befristung.ts`, whose zod schema would otherwise come with every page that shows the field
 * (the creation page's JavaScript budget, issue 33).
 */

/** How long an assignment lasts: to the end of the school year, to a typed day, or without end. */
export const BEFRISTUNG_ARTEN = ["schuljahresende", "datum", "unbefristet"] as const;
export type BefristungArt = (typeof BEFRISTUNG_ARTEN)[number];

/** The hidden field in which `BefristungField` posts whether the choice it showed had the Befristung duty. */
export const PFLICHT_BISHER_FIELD = "befristungPflichtBisher";
export const pflichtBisherValue = (pflicht: boolean) => (pflicht ? "ja" : "nein");

/**
 * Whether a step's answer preselects the default Befristung instead of the one posted: at the start, when none was
 * posted, where "unbefristet" is no longer allowed, and whenever the duty changed with the new choice: a changed role
 * sets its own default (a LiV's "school year's end" must not stay on a role without the duty).
 */
export function startsFromDefaultBefristung(posted: { art: unknown; pflichtBisher: unknown }, pflicht: boolean, fresh = false): boolean {
  const { art, pflichtBisher } = posted;
  if (fresh || typeof art !== "string" || art === "") return true;
  if (pflicht && art === "unbefristet") return true;
  return typeof pflichtBisher === "string" && pflichtBisher !== pflichtBisherValue(pflicht);
}

/** The preselected choice (inventory §3): the school year's end where a Befristung is required, else none. */
export function defaultBefristungArt(pflicht: boolean): BefristungArt {
  return pflicht ? "schuljahresende" : "unbefristet";
}
