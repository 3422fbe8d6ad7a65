/**
 * The e2e servers. The main pair (portal and reference upstream) serves most journeys; a second pair has an
 * upstream whose step-up level lapses after a few idle seconds, for the journeys where the second factor is
 * asked again in the middle of work.
 */
export const PORT = Number(process.env.E2E_PORT ?? 3111);
export const STEP_UP_PORT = PORT + 2;
// Long enough for an axe scan between two requests, short enough for the journeys that wait it out.
export const STEP_UP_TIMEOUT_SECONDS = 8;
export const STEP_UP_BASE_URL = `http://127.0.0.1:${STEP_UP_PORT}`;
