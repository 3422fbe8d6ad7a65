import { z } from "zod";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "~/list-state";

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
