/**
 * The one way a query reaches the upstream. No zod here: it is plain data, and the reference upstream's
 * tests build their URLs with it as well.
 */

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type Query = Readonly<Record<string, QueryValue>>;

/**
 * Lists go as repeated keys (`a=1&a=2`): the current upstream parses queries with Express 5's simple
 * parser and silently drops the bracket form `a[]=1` (CHANGES-SINCE-PIN §2.6); the pinned one reads both.
 * Absent, null and empty text mean "no such criterion" and are left out, as is an empty list.
 */
export function upstreamSearchParams(query: Query): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? (value as readonly unknown[]) : [value]) {
      if (item === undefined || item === null || item === "") continue;
      params.append(key, String(item));
    }
  }
  return params;
}
