/**
 * What both ways of `npm run bench -- --import` share: the phases they time, and what they hand back so the run can
 * be checked (every row created, usernames unique, a start password that logs in).
 */
export type PhaseName = "hochladen" | "ausfuehren" | "ergebnis";

/** Runs one phase and measures it (wall time, upstream CPU, load). */
export type Phase = <T>(name: PhaseName, work: () => Promise<T>) => Promise<T>;

export interface ImportRun {
  rows: number;
  /** Rows the upstream reports as created, and their usernames and start passwords as the result holds them. */
  created: Array<{ benutzername: string; startpasswort: string }>;
  /** After the execution started: when progress above 0 was first seen (ms), or NaN. */
  firstProgressMs: number;
  /** How many status answers (API) or progress steps (portal) were seen. */
  polls: number;
}

export interface ImportTarget {
  schuleId: string;
  rolleId: string;
  csv: string;
  rows: number;
}
