/**
 * The e2e servers. The main pair (portal and reference upstream) imitates the upstream as it is today and serves
 * most journeys. The second pair imitates the upstream at the commit the behaviour documents pinned (no CSRF
 * token, older error bodies, the old class-delete route), so both paths of the portal's upstream client run, and
 * its upstream asks for the second factor again after a few idle seconds, for the journeys where that happens in
 * the middle of work.
 */
export const PORT = Number(process.env.E2E_PORT ?? 3111);
export const PINNED_PORT = PORT + 2;
// Long enough for an axe scan between two requests, short enough for the journeys that wait it out.
export const PINNED_STEP_UP_TIMEOUT_SECONDS = 8;
export const PINNED_BASE_URL = `http://127.0.0.1:${PINNED_PORT}`;
