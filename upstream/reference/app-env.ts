import type { ReferenceDb } from "./db/client.ts";
import type { ReferenceConfig } from "./env.ts";
import type { ControllerFamily } from "./lib/errors.ts";
import type { ImportJobs } from "./lib/import-job.ts";
import type { SessionState } from "./session-data.ts";

/** Per-request variables shared by all route modules. */
export interface AppEnv {
  Variables: {
    db: ReferenceDb;
    config: ReferenceConfig;
    session: SessionState | null;
    /** Decides the error bodies of the route (errors.ts); set by the route module, "default" otherwise. */
    family: ControllerFamily;
    /** The background runner of this app instance's CSV imports. */
    importJobs: ImportJobs;
  };
}
