import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { PAGING_HEADERS } from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";

/** Drops every property whose value is null, at any depth (array items stay in place). */
export function omitNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => omitNulls(item)) as T;
  if (typeof value === "object" && value !== null && !(value instanceof Date)) {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== null) result[key] = omitNulls(item);
    }
    return result as T;
  }
  return value;
}

/**
 * JSON of objects built from database rows. The current upstream hydrates NULL columns as undefined, so such
 * properties are absent (CHANGES-SINCE-PIN §2.7); the pinned one rendered them as null.
 */
export function entityJson(c: Context<AppEnv>, body: object, status: ContentfulStatusCode = 200) {
  return c.json(c.var.config.apiVersion === "current" ? omitNulls(body) : body, status);
}

/** The four paging headers of header-paged lists (ORGANISATIONS_ROLES §0.2). */
export function setPagingHeaders(
  c: Context<AppEnv>,
  paging: { total: number; pageTotal: number; offset: number | undefined; limit: number | undefined },
) {
  c.header(PAGING_HEADERS.total, String(paging.total));
  c.header(PAGING_HEADERS.pageTotal, String(paging.pageTotal));
  c.header(PAGING_HEADERS.offset, String(paging.offset ?? 0));
  c.header(PAGING_HEADERS.limit, String(paging.limit ?? paging.total));
}
