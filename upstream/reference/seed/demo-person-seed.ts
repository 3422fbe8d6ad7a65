import type { EmailAddressStatus, LockOccasion } from "../../contract/index.ts";

/** The shape of a demo person (seed/demo-persons.ts, seed/landesbedienstete.ts) as seed/index.ts inserts it. */

export interface DemoLockSeed {
  occasion: LockOccasion;
  /** organisation id of the locking office, or "Cron" */
  lockedBy: string;
  createdDaysAgo: number;
  /** days from the seed's "now"; absent = unlimited */
  untilInDays?: number;
}

export interface DemoEmailSeed {
  status: EmailAddressStatus;
  address: string;
  updatedDaysAgo: number;
}

export interface DemoPersonSeed {
  username: string;
  vorname: string;
  familienname: string;
  personalnummer?: string;
  kontexte: Array<{ organisation: string; rolle: string; createdDaysAgo?: number; befristungInDays?: number }>;
  locks?: DemoLockSeed[];
  emails?: DemoEmailSeed[];
}
