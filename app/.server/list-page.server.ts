import { mayOpen } from "~/permissions";
import { pathOf } from "~/return-path";
import { guardWhileLoading, requireAdmin } from "./guards.server";
import { assertPageInRange, listParamsFrom } from "./list-params.server";

/**
 * The steps every list's loader takes (docs/architecture.md §5, "Lists"): the URL read with the list's schema, the
 * guard started alongside the reads (one wave), a page beyond the last sent to the last, and the flags the page needs.
 * A list that reads more for the page's rows (names of its Schulträger, their schools) does so after it returns.
 */

type AdminRequirement = Parameters<typeof requireAdmin>[1];

interface ListPageOptions<P, T, D> {
  /** The list's schema of its URL: `PagingParams` extended, with a fallback for every value. */
  schema: { parse(input: unknown): P };
  /** Parameters that repeat (a filter of several ids): read as arrays. */
  repeated?: readonly string[];
  /** The screen's permissions, checked while the reads run. */
  access: AdminRequirement;
  /** The page's reads, in parallel. */
  load: (params: P) => Promise<T>;
  /** The number of entries in the whole list, from what was read. */
  total: (data: T) => number;
  /** A check of what was read, before the page range (it may throw a redirect). */
  verify?: (data: T, params: P) => Promise<void> | void;
  /** The create screen that the heading offers when the user may open it. */
  create?: string;
  /**
   * A row dialog opened by address (without JavaScript, `?<param>=<id>`): its record is read with the rest, checked
   * like any other. Several dialogs of one row (itslearning, delete) share the record: the first param present wins.
   */
  dialog?: { param: string | readonly string[]; load: (id: string) => Promise<D> };
}

export async function loadListPage<P extends { seite: number; anzahl: number }, T, D = never>(
  request: Request,
  { schema, repeated, access, load, total, verify, create, dialog }: ListPageOptions<P, T, D>,
) {
  const search = new URL(request.url).searchParams;
  const params = schema.parse(listParamsFrom(search, repeated));
  const dialogParam = dialog ? presentParam(search, dialog.param) : null;
  const dialogId = dialogParam === null ? null : search.get(dialogParam);
  const [user, [data, dialogRecord]] = await guardWhileLoading(requireAdmin(request, access), () =>
    Promise.all([load(params), dialog && dialogId !== null ? dialog.load(dialogId) : null]),
  );
  await verify?.(data, params);
  const count = total(data);
  assertPageInRange(request, params, count);
  return { user, params, data, total: count, dialogRecord, mayCreate: create ? mayOpen(user.rights, create) : false };
}

/** The first of a row's dialog parameters that the address carries, if any. */
function presentParam(search: URLSearchParams, param: string | readonly string[]): string | null {
  return (typeof param === "string" ? [param] : param).find((name) => search.has(name)) ?? null;
}

/**
 * The post of a row dialog (`?<param>=<id>`, decision 012): the screen's guard, then the answer, which goes back to the
 * list as it was, without the dialog.
 */
export async function answerRowDialog<R>(
  request: Request,
  {
    access,
    param,
    answer,
  }: {
    access: AdminRequirement;
    param: string | readonly string[];
    /** `param`: which of the row's dialogs was confirmed (the first of `param` when none is in the address). */
    answer: (id: string | null, zurueck: string, param: string) => Promise<R>;
  },
): Promise<R> {
  await requireAdmin(request, access);
  const url = new URL(request.url);
  const names = typeof param === "string" ? [param] : param;
  const confirmed = presentParam(url.searchParams, names) ?? names[0];
  const id = url.searchParams.get(confirmed);
  for (const name of names) url.searchParams.delete(name);
  // Remix marks posts to an index route with `index`; it is not part of the list's address.
  url.searchParams.delete("index");
  return answer(id, pathOf(url), confirmed);
}
