/**
 * The document path the browser is on, also for single-fetch data requests
 * (`/admin/klassen.data?_routes=…`), which must come back to the page, not to the data URL.
 */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  let pathname = url.pathname;
  if (pathname === "/_root.data") pathname = "/";
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return search ? `${pathname}?${search}` : pathname;
}
