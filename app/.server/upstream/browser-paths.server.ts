/**
 * What a browser reaches of the upstream on the portal's own origin (docs/deployment.md, "Pass-through"): the login
 * and logout, the password change, the identity provider's pages and their assets, the status link and the offers'
 * logos. Everything else the portal reads on the server; its origin offers no other upstream path (the upstream
 * answers, for one, any logged-in user with any person's name under `/api/dbiam/personenuebersicht/<id>`).
 */
const BROWSER_PATHS: readonly RegExp[] = [
  /^\/api\/auth\/(login|logout)$/,
  /^\/api\/auth\/reset-password(\/.*)?$/,
  // The reference upstream's own login pages (the real one's identity provider runs on a host of its own).
  /^\/api\/auth\/idp(\/.*)?$/,
  /^\/api\/status(\/seite)?$/,
  /^\/api\/provider\/[^/]+\/logo$/,
];

/** Only reading is needed where no form is posted: the status link and the logos. */
const READ_ONLY: readonly RegExp[] = [/^\/api\/status/, /^\/api\/provider\//];

export function isBrowserPath(method: string, pathname: string): boolean {
  if (!BROWSER_PATHS.some((path) => path.test(pathname))) return false;
  const reading = method === "GET" || method === "HEAD";
  return reading || !READ_ONLY.some((path) => path.test(pathname));
}
