import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";

/**
 * The store's tables and housekeeping as SQL, and the embedded store itself. No import of the portal's environment:
 * the start script opens the embedded store before the environment is complete (docs/decisions/035).
 */

/** How long a spent token and a run's record are kept; older ones go when the store opens and once a day. */
export const RETENTION_DAYS = 30;

export const RETENTION_SQL = `DELETE FROM portal_einmal WHERE spent_at < now() - interval '${RETENTION_DAYS} days';
DELETE FROM portal_lauf WHERE started_at < now() - interval '${RETENTION_DAYS} days';`;

/** Created on open when missing: the schema is small and only grows by new tables (no migration tool needed). */
export const STORE_DDL = `
CREATE TABLE IF NOT EXISTS portal_einmal (
  token uuid PRIMARY KEY,
  art text NOT NULL,
  spent_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS portal_lauf (
  id uuid PRIMARY KEY,
  admin_id text NOT NULL,
  aktion text NOT NULL,
  auftrag text NOT NULL,
  schule text,
  anzahl integer NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  abbruch text,
  fortgesetzt_von uuid
);
CREATE TABLE IF NOT EXISTS portal_lauf_person (
  lauf_id uuid NOT NULL REFERENCES portal_lauf(id) ON DELETE CASCADE,
  person_id text NOT NULL,
  position integer NOT NULL,
  bezeichnung text NOT NULL,
  status text NOT NULL,
  code text,
  PRIMARY KEY (lauf_id, person_id)
);
CREATE INDEX IF NOT EXISTS portal_lauf_admin ON portal_lauf (admin_id, started_at);
`;

/** The embedded store on this machine: PGlite at `dataDir` (`memory://` for a throw-away one), prepared. */
export async function openEmbeddedStore(dataDir: string): Promise<PGlite> {
  if (!dataDir.startsWith("memory://")) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir });
  await client.exec(STORE_DDL + RETENTION_SQL);
  sweepDaily(() => client.exec(RETENTION_SQL));
  return client;
}

/** A process may run for months: the retention limit is applied once a day as well, not only at start. */
export function sweepDaily(sweep: () => Promise<unknown>): void {
  setInterval(() => void sweep().catch((error: unknown) => console.error("portal store: sweep failed:", error)), 86_400_000).unref();
}
