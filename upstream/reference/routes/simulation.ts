import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { readJsonBody } from "../lib/body.ts";
import { requireUser } from "../lib/caller.ts";
import { parseOrThrow } from "../lib/validation.ts";

/**
 * Reference only, no upstream route: switches for failures of systems behind the upstream, for tests and demos.
 * They act on the caller's own session and nothing else, so nobody can disturb another user with them.
 *
 * `PUT /api/reference/token-service` `{"state": "ok" | "unreachable" | "failing" | "failing-writes"}` → 204: from
 * now on this session sees the token service as working, unreachable (`PI_UNAVAILABLE_ERROR` where the upstream names
 * it), failing (every call its own error key) or failing to change tokens (reads work; init, reset and assignment
 * fail with their keys). Login required (and the CSRF token, like every write of the current version).
 *
 * `PUT /api/reference/vidis` `{"state": "ok" | "failing"}` → 204: this session's VIDIS syncs fail with 500
 * `VIDIS_API_ERROR` (or, `ok`, work as configured again).
 */
const TokenServiceSwitch = z.object({ state: z.enum(["ok", "unreachable", "failing", "failing-writes"]) });
const VidisSwitch = z.object({ state: z.enum(["ok", "failing"]) });

export function simulationRoutes() {
  const app = new Hono<AppEnv>();
  app.put("/token-service", async (c) => {
    requireUser(c);
    const { state } = parseOrThrow(TokenServiceSwitch, await readJsonBody(c));
    const session = c.var.session!;
    if (state === "ok") delete session.data.tokenService;
    else session.data.tokenService = state;
    return c.body(null, 204);
  });
  app.put("/vidis", async (c) => {
    requireUser(c);
    const { state } = parseOrThrow(VidisSwitch, await readJsonBody(c));
    const session = c.var.session!;
    if (state === "ok") delete session.data.vidis;
    else session.data.vidis = state;
    return c.body(null, 204);
  });
  return app;
}
