import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";

/**
 * The token service (privacyIDEA upstream) is a system of its own that can be down or fail while the rest of the
 * upstream works. The reference simulates that per session (routes/simulation.ts), so a test can see the failure
 * without disturbing anybody else's session: "unreachable" = the service does not answer, "failing" = it answers
 * every call with an error, "failing-writes" = it reads tokens but refuses to change them. Every 2FA route that talks
 * to the token service asks here first.
 */
export type TokenServiceProblem = "unreachable" | "failing" | "failing-writes";

export function tokenServiceProblem(c: Context<AppEnv>): TokenServiceProblem | undefined {
  return c.var.session?.data.tokenService;
}
