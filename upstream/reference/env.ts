import { z } from "zod";

/**
 * Environment of the reference upstream, parsed exactly once at import time.
 * Everything else receives a `ReferenceConfig` object so that tests can inject their own values
 * (e.g. a tiny step-up timeout) without touching process.env.
 */
const booleanFlag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"])
    .optional()
    .transform((value) => (value === undefined ? fallback : value === "true" || value === "1" || value === "yes"));

const EnvSchema = z.object({
  NODE_ENV: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL muss mit postgres:// oder postgresql:// beginnen")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  REFERENCE_DATA_DIR: z.string().min(1).default("./data/reference-db"),
  REFERENCE_UPSTREAM_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  STEP_UP_TIMEOUT_SECONDS: z.coerce.number().int().min(0).default(900),
  SESSION_TTL_SECONDS: z.coerce.number().int().min(1).default(3600),
  COOKIE_SECURE: z.enum(["true", "false", "1", "0"]).optional(),
  STATUS_REDIRECT_URL: z.string().min(1).default("/api/status/seite"),
  REFERENCE_BULK_PERSONS: z.coerce.number().int().min(0).max(1_000_000).default(0),
  FEATURE_FLAG_ROLLE_BEARBEITEN: booleanFlag(true),
  FEATURE_FLAG_BEFRISTUNG_BEARBEITEN: booleanFlag(true),
  FEATURE_FLAG_ROLLE_ERWEITERN: booleanFlag(true),
});

const parsed = EnvSchema.safeParse(process.env);
if (!parsed.success) {
  const issue = parsed.error.issues[0];
  throw new Error(`Ungültige Umgebungsvariable ${issue?.path.join(".")}: ${issue?.message}`);
}
const env = parsed.data;

export interface FeatureFlags {
  rolleBearbeitenEnabled: boolean;
  befristungBearbeitenEnabled: boolean;
  rolleErweiternEnabled: boolean;
}

/** Runtime configuration of one app instance. */
export interface ReferenceConfig {
  /** Seconds of inactivity after which gold is downgraded to silver; 0 disables the rule. */
  stepUpTimeoutSeconds: number;
  /** Rolling lifetime of a session in seconds. */
  sessionTtlSeconds: number;
  cookieSecure: boolean;
  statusRedirectUrl: string;
  featureFlags: FeatureFlags;
  /** Clock, injectable so tests can simulate inactivity without sleeping. */
  now: () => Date;
}

export const referenceEnv = {
  databaseUrl: env.DATABASE_URL,
  dataDir: env.REFERENCE_DATA_DIR,
  port: env.REFERENCE_UPSTREAM_PORT,
  /** Extra generated pupils (`massen-000001` …) seeded at start for load tests. */
  bulkPersons: env.REFERENCE_BULK_PERSONS,
  config: {
    stepUpTimeoutSeconds: env.STEP_UP_TIMEOUT_SECONDS,
    sessionTtlSeconds: env.SESSION_TTL_SECONDS,
    // Browsers treat http://127.0.0.1 as a secure context, so Secure cookies still work locally.
    cookieSecure: env.COOKIE_SECURE === undefined ? env.NODE_ENV === "production" : env.COOKIE_SECURE === "true" || env.COOKIE_SECURE === "1",
    statusRedirectUrl: env.STATUS_REDIRECT_URL,
    featureFlags: {
      rolleBearbeitenEnabled: env.FEATURE_FLAG_ROLLE_BEARBEITEN,
      befristungBearbeitenEnabled: env.FEATURE_FLAG_BEFRISTUNG_BEARBEITEN,
      rolleErweiternEnabled: env.FEATURE_FLAG_ROLLE_ERWEITERN,
    },
    now: () => new Date(),
  } satisfies ReferenceConfig,
} as const;

export function defaultReferenceConfig(overrides: Partial<ReferenceConfig> = {}): ReferenceConfig {
  return { ...referenceEnv.config, featureFlags: { ...referenceEnv.config.featureFlags }, ...overrides };
}
