import { z } from "zod";
import { loadEnvFile } from "../../scripts/env-file.ts";
import { DEMO_VIDIS_ANGEBOTE, type VidisAngebot } from "./seed/vidis.ts";

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
  FEATURE_FLAG_SET_UEM_PASSWORD: booleanFlag(true),
  FEATURE_FLAG_SCHULISCHE_ANGEBOTE_ERSTELLEN: booleanFlag(true),
  REFERENCE_API_VERSION: z.preprocess((value) => (value === "" ? undefined : value), z.enum(["current", "pinned"]).default("current")),
  LOGIN_LOCKOUT_MAX_FAILURES: z.coerce.number().int().min(0).max(1000).default(10),
  LOGIN_LOCKOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  IMPORT_PASSWORD_SECRET: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().default("schulportal-reference-import-secret"),
  ),
});

// Started by `npm start` it inherits the loaded environment; stand-alone and for its scripts it loads `.env` itself.
loadEnvFile();
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
  /** Served by the current upstream only (informational there as well). */
  setUemPasswordEnabled: boolean;
  /** Served by the current upstream only (informational there as well). */
  schulischeAngeboteErstellen: boolean;
}

/**
 * Which upstream the reference imitates: `current` = the upstream as of CHANGES-SINCE-PIN.md (CSRF guard, Dbiam
 * error bodies, empty columns omitted, moved endpoints), `pinned` = the commit PERSONS.md and ORGANISATIONS_ROLES.md
 * describe. The portal's tests can run against either.
 */
export type ApiVersion = "current" | "pinned";

/** Temporary lockout after consecutive failed logins (in the spirit of the IdP's brute-force detection). */
export interface LoginLockout {
  /** Consecutive failures (password or one-time password) that lock the login; 0 disables the lockout. */
  maxFailures: number;
  /** How long the login stays locked once the limit is reached. */
  lockoutSeconds: number;
}

/**
 * The VIDIS service the current upstream pulls a school's offers from (`PUT /api/vidis/{id}/angebote-sync`), faked:
 * the offers activated for each school, by its Kennung, and whether every call to it fails (`VIDIS_API_ERROR`).
 */
export interface VidisSource {
  failing: boolean;
  activatedBySchool: Readonly<Record<string, readonly VidisAngebot[]>>;
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
  apiVersion: ApiVersion;
  loginLockout: LoginLockout;
  /** Secret from which the key that encrypts imported start passwords until they are fetched is derived. */
  importPasswordSecret: string;
  /** The fake VIDIS (demo content: `seed/vidis.ts`); a session can also make it fail (`PUT /api/reference/vidis`). */
  vidis: VidisSource;
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
    cookieSecure:
      env.COOKIE_SECURE === undefined ? env.NODE_ENV === "production" : env.COOKIE_SECURE === "true" || env.COOKIE_SECURE === "1",
    statusRedirectUrl: env.STATUS_REDIRECT_URL,
    featureFlags: {
      rolleBearbeitenEnabled: env.FEATURE_FLAG_ROLLE_BEARBEITEN,
      befristungBearbeitenEnabled: env.FEATURE_FLAG_BEFRISTUNG_BEARBEITEN,
      rolleErweiternEnabled: env.FEATURE_FLAG_ROLLE_ERWEITERN,
      setUemPasswordEnabled: env.FEATURE_FLAG_SET_UEM_PASSWORD,
      schulischeAngeboteErstellen: env.FEATURE_FLAG_SCHULISCHE_ANGEBOTE_ERSTELLEN,
    },
    apiVersion: env.REFERENCE_API_VERSION,
    loginLockout: { maxFailures: env.LOGIN_LOCKOUT_MAX_FAILURES, lockoutSeconds: env.LOGIN_LOCKOUT_SECONDS },
    importPasswordSecret: env.IMPORT_PASSWORD_SECRET,
    vidis: { failing: false, activatedBySchool: DEMO_VIDIS_ANGEBOTE },
    now: () => new Date(),
  } satisfies ReferenceConfig,
} as const;

export function defaultReferenceConfig(overrides: Partial<ReferenceConfig> = {}): ReferenceConfig {
  return {
    ...referenceEnv.config,
    featureFlags: { ...referenceEnv.config.featureFlags },
    loginLockout: { ...referenceEnv.config.loginLockout },
    vidis: { ...referenceEnv.config.vidis },
    ...overrides,
  };
}
