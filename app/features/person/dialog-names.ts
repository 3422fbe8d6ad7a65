/**
 * The dialogs of a person's page, by their search parameter (`/admin/personen/<id>?sperren`). Kept apart from the
 * dialog components: the page needs the names with its first load, the forms' code (conform and zod) only when a
 * dialog opens.
 */
export const PERSON_BEARBEITEN = "bearbeiten";
export const PASSWORT = "passwort";
export const GERAETEPASSWORT = "geraetepasswort";
export const SPERREN = "sperren";
export const ENTSPERREN = "entsperren";
export const KOPERS = "kopers";
export const LOESCHEN = "loeschen";
export const SYNCHRONISIEREN = "synchronisieren";
/** Two-factor administration: reset the token; set one up (`=hardware`: the hardware token form). */
export const TOKEN_ZURUECKSETZEN = "token-zuruecksetzen";
export const ZWEI_FAKTOR_EINRICHTEN = "zwei-faktor-einrichten";
export const HARDWARE_TOKEN = "hardware";
