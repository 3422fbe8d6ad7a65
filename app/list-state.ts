import { z } from "zod";

/** Page sizes of every admin list; 30 is the default, as in the system we replace. */
export const PAGE_SIZES = [5, 30, 50, 100, 300] as const;
export const DEFAULT_PAGE_SIZE = 30;

/**
 * Paging parameters from the URL. Anything a person could type into the address bar falls back
 * to a sensible value instead of failing.
 */
export const PagingParams = z.object({
  seite: z.coerce.number().int().min(1).catch(1),
  anzahl: z.coerce
    .number()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size))
    .catch(DEFAULT_PAGE_SIZE),
});

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The same list URL with some parameters changed (undefined removes one). */
export function withParams(search: URLSearchParams, changes: Record<string, string | number | undefined>): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  const query = next.toString();
  return query ? `?${query}` : "?";
}
