/**
 * The answer of a part of a save in parts that broke off (decision 020), in a module of its own without zod: the admin
 * layout asks it on every admin page, whose shared JavaScript must not carry the page's checks.
 */
/** Why a part of a save in parts (with JavaScript) brought no answer: the route's `clientAction` answers this instead. */
export type Abbruchgrund = "anmeldung" | "fehler";

export interface TeilAbgebrochen {
  antwort: "teilAbgebrochen";
  grund: Abbruchgrund;
}

/**
 * Whether an action's answer is a part of a save that broke off. Loaders are not run again after it: after an expired
 * login they would lead to the login at once, and the page's result (what was saved) would be lost.
 */
export function istAbgebrochenerTeil(actionResult: unknown): actionResult is TeilAbgebrochen {
  return typeof actionResult === "object" && actionResult !== null && (actionResult as { antwort?: unknown }).antwort === "teilAbgebrochen";
}
