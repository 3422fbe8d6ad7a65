import { z } from "zod";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, pageCount, SEARCH_TEXT_MAX } from "~/list-state";
import { currentPath } from "./request-path.server";
import { redirectTo } from "./redirects.server";

const MAX_PAGE = 100_000;

// eslint-disable-next-line no-control-regex -- control characters are what this strips
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * A search text from the URL, without control characters (`suche=%00`), which no upstream field can hold, in one
 * spelling of each letter (NFC, as the forms' values). A longer text is cut, not dropped: the field shows what was
 * searched for (SEARCH_TEXT_MAX, as much as the field allows).
 */
export const searchText = z
  .string()
  .transform((text) => text.replace(CONTROL_CHARACTERS, "").normalize("NFC").trim().slice(0, SEARCH_TEXT_MAX).trim())
  .optional()
  .catch(undefined);

/**
 * Paging parameters from the URL. Anything a person could type into the address bar falls back
 * to a sensible value instead of failing. Server-only, so list pages ship no zod to the browser.
 */
export const PagingParams = z.object({
  // A page number from the address bar is bounded before it becomes the upstream's offset (`seite=1e20`); a page
  // beyond the last one is then sent to the last one (`assertPageInRange`).
  seite: z.coerce
    .number()
    .int()
    .min(1)
    .catch(1)
    .transform((page) => Math.min(page, MAX_PAGE)),
  anzahl: z.coerce
    .number()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size))
    .catch(DEFAULT_PAGE_SIZE),
});

/**
 * The URL's search parameters as a list's schema reads them: the last value of each, and every value of the
 * `repeated` ones (filters that take several ids), which are always arrays.
 */
export function listParamsFrom(search: URLSearchParams, repeated: readonly string[] = []): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = Object.fromEntries(search);
  for (const key of repeated) record[key] = search.getAll(key);
  return record;
}

/**
 * A page beyond the last one (a stale link, or the only row of the last page was just deleted) is sent to the
 * last page that exists instead of showing an empty list with impossible numbers.
 */
export function assertPageInRange(request: Request, paging: { seite: number; anzahl: number }, total: number): void {
  const lastPage = pageCount(total, paging.anzahl);
  if (total === 0 || paging.seite <= lastPage) return;
  const url = new URL(currentPath(request), "http://portal.invalid");
  url.searchParams.set("seite", String(lastPage));
  throw redirectTo(`${url.pathname}${url.search}`);
}
