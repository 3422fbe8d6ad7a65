import { type Context, Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { requireCaller, requireUser } from "../lib/caller.ts";
import { internalError } from "../lib/errors.ts";
import { type JobResult, runKopersLockJob, runUnlockJob } from "../lib/locks.ts";
import { hasRightsAtRoot } from "../lib/permissions.ts";

/**
 * The timed jobs as the upstream exposes them to its external scheduler (PERSONS §3, ORGANISATIONS_ROLES §8): a
 * technical user with CRON_DURCHFUEHREN at ROOT, no step-up. The answer is `true` when every item succeeded, else
 * `false`, as text. The reference server also runs the same jobs on its own timer (server.ts).
 */
export function cronRoutes() {
  const app = new Hono<AppEnv>();

  const job = (run: (c: Context<AppEnv>) => Promise<JobResult>) => async (c: Context<AppEnv>) => {
    requireUser(c);
    const caller = await requireCaller(c);
    // Quirk kept: the refusal is re-wrapped by the job's error handling into a 500.
    if (!(await hasRightsAtRoot(c.var.db, caller.id, ["CRON_DURCHFUEHREN"]))) throw internalError();
    const { ok } = await run(c);
    // A bare boolean, sent as text like every raw value of the upstream (PERSONS §1.1).
    return c.body(String(ok), 200, { "Content-Type": "text/html; charset=utf-8" });
  };

  app.put(
    "/kopers-lock",
    job((c) => runKopersLockJob(c.var.db, c.var.config.now())),
  );
  app.put(
    "/unlock",
    job((c) => runUnlockJob(c.var.db, c.var.config.now())),
  );
  return app;
}
