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

/**
 * The landing page's configured notices (MAINTENANCE_*, WHATS_NEW_*): on the main pair the maintenance notice is
 * inside its window and the what's-new box not yet; on the pinned pair the other way round (the maintenance window
 * is the spec's, long past).
 */
export const LANDING_NOTICES = {
  wartungstext: "Am Wochenende wird das Schulportal gewartet. Bitte melden Sie sich in dieser Zeit nicht an.",
  neuigkeitenTitel: "Neu in dieser Version",
  neuigkeiten: ["Einmalcodes lassen sich einfügen", "Gerätepasswörter gibt es im Profil"],
};
export const MAIN_LANDING_ENV = {
  MAINTENANCE_FROM: "2020-01-01T00:00:00Z",
  MAINTENANCE_UNTIL: "2099-12-31T23:00:00Z",
  MAINTENANCE_TEXT: LANDING_NOTICES.wartungstext,
  WHATS_NEW_FROM: "2099-01-01T00:00:00Z",
  WHATS_NEW_UNTIL: "2099-12-31T23:00:00Z",
  WHATS_NEW_TEXT: LANDING_NOTICES.neuigkeiten.map((item) => `- ${item}`).join("\n"),
};
export const PINNED_LANDING_ENV = {
  MAINTENANCE_FROM: "2024-12-02T00:00+01:00",
  MAINTENANCE_UNTIL: "2024-12-08T18:00+01:00",
  MAINTENANCE_TEXT: LANDING_NOTICES.wartungstext,
  WHATS_NEW_FROM: "2020-01-01T00:00:00Z",
  WHATS_NEW_UNTIL: "2099-12-31T23:00:00Z",
  WHATS_NEW_TITLE: LANDING_NOTICES.neuigkeitenTitel,
  WHATS_NEW_TEXT: LANDING_NOTICES.neuigkeiten.map((item) => `- ${item}`).join("\n"),
};
