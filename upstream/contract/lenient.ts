import { z } from "zod";

/**
 * Building blocks for answers of two upstream versions (the pinned one and today's) and of versions to
 * come: a value the portal does not know must never fail a whole page. Unknown enum values become
 * null (the screen shows a neutral label), list items outside the contract are dropped one by one,
 * and absent and null are the same (the current upstream omits empty columns, the pinned one sends
 * null; CHANGES-SINCE-PIN §2.7).
 */

/** Text that may be absent or null. */
export const optionalText = z.string().nullish();

/** A known enum value, or null for an unknown, absent or null one. */
export function lenientEnum<const T extends readonly [string, ...string[]]>(values: T) {
  const known: ReadonlySet<string> = new Set(values);
  return z.unknown().transform((value): T[number] | null => (typeof value === "string" && known.has(value) ? value : null));
}

/** A list read item by item: an item outside `item` is dropped, the rest is kept; absent or null is empty. */
export function lenientArray<S extends z.ZodTypeAny>(item: S) {
  return z.unknown().transform((value): z.output<S>[] => {
    if (!Array.isArray(value)) return [];
    return value.flatMap((entry: unknown) => {
      const parsed = item.safeParse(entry);
      return parsed.success ? [parsed.data as z.output<S>] : [];
    });
  });
}

/** A flag that one version leaves out: absent or null means `fallback`. */
export function flag(fallback: boolean) {
  return z
    .boolean()
    .nullish()
    .transform((value) => value ?? fallback);
}

/** An ISO date the portal can format; anything else fails (and its list item is dropped). */
export const isoDate = z.string().refine((value) => !Number.isNaN(Date.parse(value)), "not a date");
