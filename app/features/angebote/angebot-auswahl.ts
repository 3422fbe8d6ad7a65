/**
 * The choices of the offer form that the browser needs without zod (decision 019): which merkmale its checkboxes
 * stand for.
 */

/** How the offer may be given: to roles, and by schools to their roles (merkmale). */
export const ZUWEISUNG = ["NACHTRAEGLICH_ZUWEISBAR", "VERFUEGBAR_FUER_ROLLENERWEITERUNG"] as const;

/** The two places a school may meet the offer in (the current upstream's merkmale). */
export const ANBIETEN_IN = ["ANBIETEN_IN_SCHULISCHER_ANGEBOTSVERWALTUNG", "ANBIETEN_IN_SCHULISCHER_ROLLENVERWALTUNG"] as const;
