/**
 * Redirect targets supplied by callers (login `redirectUrl`, reset-password `redirectUrl`) may only lead to a path
 * on the origin the browser is already on. The reference is reached through the portal's origin, which it does not
 * know, so of an absolute http(s) URL (the portal sends one for the password change) only path, query and fragment
 * are kept.
 *
 * A raw prefix check is not enough: browsers and the WHATWG URL parser resolve dot segments, also percent-encoded
 * ones, so `/.//evil.example`, `/..//evil.example` or `/%2e%2e//evil.example` become the scheme-relative
 * `//evil.example` — another host. The value is therefore resolved exactly like a browser resolves a Location
 * header, and only the resolved form is used, after checking that it is still a plain same-origin path.
 */
const PROBE_ORIGIN = "http://reference.invalid";

/** Returns the normalised same-origin path for `value`, or undefined if it is not one. */
function resolveSameOriginPath(value: string): string | undefined {
  // Control characters (tab and newline are silently removed by URL parsers), backslashes (read as "/") and
  // anything not starting with a single "/" are refused before parsing.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  if (!value.startsWith("/") || value.startsWith("//")) return undefined;
  if (!URL.canParse(value, PROBE_ORIGIN)) return undefined;
  const url = new URL(value, PROBE_ORIGIN);
  if (url.origin !== PROBE_ORIGIN) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // After dot-segment removal the path may begin with "//": that would leave the origin. An encoded slash or
  // backslash right after the first "/" is refused too, so no later decoding step can turn it into "//".
  if (!path.startsWith("/") || path.startsWith("//") || /^\/(%2f|%5c)/i.test(path)) return undefined;
  return path;
}

export function safeRedirectPath(value: string | undefined | null): string {
  if (!value) return "/";
  if (/^https?:\/\//i.test(value)) {
    if (!URL.canParse(value)) return "/";
    const url = new URL(value);
    return resolveSameOriginPath(`${url.pathname}${url.search}${url.hash}`) ?? "/";
  }
  return resolveSameOriginPath(value) ?? "/";
}

/** Appends/replaces one query parameter on a same-origin path, keeping an existing query and fragment. */
export function withQueryParam(path: string, key: string, value: string): string {
  const url = new URL(safeRedirectPath(path), PROBE_ORIGIN);
  url.searchParams.set(key, value);
  return safeRedirectPath(`${url.pathname}${url.search}${url.hash}`);
}
