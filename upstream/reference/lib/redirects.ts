/**
 * Only same-origin paths are accepted as redirect targets: a single leading "/" (no "//" or "/\" which browsers
 * treat as another host) and no control characters. Anything else falls back to "/". The reference upstream is
 * reached through the portal's origin, which it does not know: of an absolute http(s) URL, as the portal sends for
 * the password change, only the path is kept, so the browser never leaves that origin.
 */
export function safeRedirectPath(value: string | undefined | null): string {
  if (value && /^https?:\/\//i.test(value) && URL.canParse(value)) {
    const url = new URL(value);
    return safeRedirectPath(`${url.pathname}${url.search}${url.hash}`);
  }
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return "/";
  return value;
}

/** Appends/replaces one query parameter on a same-origin path, keeping an existing query and fragment. */
export function withQueryParam(path: string, key: string, value: string): string {
  const url = new URL(path, "http://reference.invalid");
  url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
