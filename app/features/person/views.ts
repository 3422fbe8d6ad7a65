/** What the person's page shows: the view types of its components. */

export type EmailStatusWord = "aktiv" | "angefragt" | "deaktiviert" | "fehlerhaft";

/** The person's own data as its page shows and its edit dialog starts from. */
export interface PersonView {
  id: string;
  vorname: string;
  familienname: string;
  username: string | null;
  personalnummer: string | null;
  kopersPflicht: boolean;
  /** An address whose status the portal does not know is not shown (as in the original). */
  email: { address: string; status: EmailStatusWord } | null;
  revision: string;
  lastModified: string;
}

/** An organisation a lock can be set in the name of. */
export interface LockingOffice {
  id: string;
  label: string;
}

/** What the page needs for its lock, delete and sync actions; only what the user may do is offered. */
export interface LockActions {
  offices: LockingOffice[];
  mayDelete: boolean;
  maySync: boolean;
}

export interface LockView {
  occasion: "MANUELL_GESPERRT" | "KOPERS_GESPERRT" | null;
  /** The locking organisation's label; null when it cannot be named. */
  lockedBy: string | null;
  since: string | null;
  until: string | null;
}

export interface ZuordnungLine {
  key: string;
  schule: string;
  rolle: string;
  klassen: string[];
  befristung: string | null;
}
