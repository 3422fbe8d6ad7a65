/** Page sizes of every admin list; 30 is the default, as in the system we replace. */
export const PAGE_SIZES = [5, 30, 50, 100, 300] as const;
export const DEFAULT_PAGE_SIZE = 30;
/** The longest search text a list takes; its field allows no more, a longer one in the URL is cut. */
export const SEARCH_TEXT_MAX = 100;

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
