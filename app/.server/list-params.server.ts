import { redirect } from "@remix-run/node";
import { z } from "zod";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, pageCount } from "~/list-state";
import { currentPath } from "./request-path.server";
import { upstreamCookieHeaders } from "./upstream.server";

/**
 * Paging parameters from the URL. Anything a person could type into the address bar falls back
 * to a sensible value instead of failing. Server-only, so list pages ship no zod to the browser.
 */
export const PagingParams = z.object({
  seite: z.coerce.number().int().min(1).catch(1),
  anzahl: z.coerce
    .number()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size))
    .catch(DEFAULT_PAGE_SIZE),
});

/**
 * A page beyond the last one (a stale link, or the only row of the last page was just deleted) is sent to the
 * last page that exists instead of showing an empty list with impossible numbers.
 */
export function assertPageInRange(request: Request, paging: { seite: number; anzahl: number }, total: number): void {
  const lastPage = pageCount(total, paging.anzahl);
  if (total === 0 || paging.seite <= lastPage) return;
  const url = new URL(currentPath(request), "http://portal.invalid");
  url.searchParams.set("seite", String(lastPage));
  throw redirect(`${url.pathname}${url.search}`, { headers: upstreamCookieHeaders(request) });
}
