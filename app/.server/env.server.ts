import { z } from "zod";
import { loadEnvFile } from "../../scripts/env-file";

/**
 * The portal's configuration, parsed once at start-up. `scripts/start.ts` sets UPSTREAM_URL to the
 * embedded reference upstream when none is given, so here it is always present.
 */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    UPSTREAM_URL: z.string().url(),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    SESSION_SECRET: z.string().min(32).optional(),
    PUBLIC_ORIGIN: z.string().url().optional(),
    // The upstream's session cookie (express-session's default name); the portal keys the CSRF token cache by it.
    UPSTREAM_SESSION_COOKIE: z.string().min(1).default("connect.sid"),
    // Upstream calls a bulk action makes at the same time, per run (docs/decisions/026). Empty means the default.
    // The portal's own store (docs/decisions/035): PostgreSQL shared by all instances, else embedded on this machine.
    PORTAL_DATABASE_URL: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "PORTAL_DATABASE_URL must start with postgres://")
        .optional(),
    ),
    PORTAL_DATA_DIR: z.preprocess((value) => (value === "" ? undefined : value), z.string().default("data/portal")),
    // Set by the start script for its workers: the embedded store is the start script's, asked over IPC.
    PORTAL_STORE_VIA_PRIMARY: z.preprocess((value) => value === "1", z.boolean()),
    BULK_CONCURRENCY: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().int().min(1).max(16).default(4)),
    // For `npm run bench -- --vergleich …` only (issue 33): hand-made speed-ups switched off, to measure what each
    // buys against the framework's own way (and the person list's guessed first wave, decision 041). Never set in a
    // deployment.
    PORTAL_OHNE: z.preprocess(
      (value) => (typeof value === "string" && value !== "" ? value.split(",") : []),
      z.array(z.enum(["skripte-nach-dem-ersten-bild", "kompression", "uebersetzungs-cache", "vermutete-seite"])),
    ),
  })
  .transform((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["SESSION_SECRET"], message: "required in production" });
      return z.NEVER;
    }
    return {
      ...env,
      // A fixed development secret keeps flash cookies valid across restarts on a developer machine.
      SESSION_SECRET: env.SESSION_SECRET ?? "development-only-secret-do-not-use-in-production",
      isProduction: env.NODE_ENV === "production",
    };
  });

// Under `npm start` the file is loaded already; this covers a bare remix-serve (which reads PORT and HOST before).
loadEnvFile();
export const env = EnvSchema.parse(process.env);
