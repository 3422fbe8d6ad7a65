import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./app-env.ts";
import type { ReferenceDb } from "./db/client.ts";
import type { ReferenceConfig } from "./env.ts";
import { HttpError, databaseError, internalError, routeNotFoundBody } from "./lib/errors.ts";
import { createImportJobs } from "./lib/import-job.ts";
import { invalidRequest } from "./lib/validation.ts";
import { authRoutes } from "./routes/auth.ts";
import { cronRoutes } from "./routes/cron.ts";
import { idpRoutes } from "./routes/idp.ts";
import { fileTooLarge, importRoutes } from "./routes/import.ts";
import { landesbediensteterRoutes, landesbediensteterSucheRoutes } from "./routes/landesbediensteter.ts";
import { meldungRoutes } from "./routes/meldung.ts";
import { metaRoutes } from "./routes/meta.ts";
import { organisationVerwaltungRoutes } from "./routes/organisation-verwaltung.ts";
import { organisationRoutes } from "./routes/organisationen.ts";
import { personAdministrationRoutes } from "./routes/person-administration.ts";
import { personInfoRoutes } from "./routes/person-info.ts";
import { personLockRoutes } from "./routes/person-lock.ts";
import { personenFrontendRoutes } from "./routes/personen-frontend.ts";
import { personenkontextWorkflowRoutes } from "./routes/personenkontext-workflow.ts";
import { personenuebersichtRoutes } from "./routes/personenuebersicht.ts";
import { personenRoutes } from "./routes/personen.ts";
import { providerRoutes } from "./routes/provider.ts";
import { providerWriteRoutes } from "./routes/provider-writes.ts";
import { rollenErweiterungRoutes } from "./routes/rollen-erweiterung.ts";
import { rollenRoutes } from "./routes/rollen.ts";
import { resetPasswordRoutes } from "./routes/reset-password.ts";
import { simulationRoutes } from "./routes/simulation.ts";
import { twoFactorRoutes } from "./routes/two-factor.ts";
import { vidisRoutes } from "./routes/vidis.ts";
import { sessionMiddleware } from "./session.ts";

/** Express' JSON body parser (the upstream's) refuses bodies above 100 kB; no form or JSON call comes close. */
const MAX_BODY_BYTES = 100 * 1024;
/** The CSV upload: a file of at most 5 MB (checked on the file itself) plus the form's other fields and framing. */
const MAX_UPLOAD_BYTES = 5 * 1024 * 1024 + 64 * 1024;
const UPLOAD_PATH = "/api/import/upload";

/** The SQLSTATE of a database driver error (pg and PGlite alike), also when drizzle wrapped it as `cause`. */
function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code: unknown = (current as Error & { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Builds the Hono app of the reference upstream on an open, migrated database. `app.importJobs` is the app's background
 * runner of CSV imports: the server resumes interrupted imports with it at start and stops it when closing.
 */
export function createReferenceApp(db: ReferenceDb, config: ReferenceConfig) {
  const app = new Hono<AppEnv>();
  const importJobs = createImportJobs(db, config);

  app.use("*", async (c, next) => {
    c.set("db", db);
    c.set("config", config);
    c.set("family", "default");
    c.set("importJobs", importJobs);
    await next();
    // Personal data and session-bound answers must not land in shared or browser caches; routes that may be cached
    // (stylesheet, logos) set their own policy.
    if (c.req.path.startsWith("/api/") && !c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });
  const generalLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ message: "request entity too large", error: "Payload Too Large", statusCode: 413 }, 413),
  });
  const uploadLimit = bodyLimit({
    maxSize: MAX_UPLOAD_BYTES,
    onError: (c) => {
      const { status, body } = fileTooLarge().render({ version: config.apiVersion, family: "default" });
      return c.json(body, status);
    },
  });
  app.use("/api/*", (c, next) => (c.req.path === UPLOAD_PATH ? uploadLimit(c, next) : generalLimit(c, next)));
  app.use("/api/*", sessionMiddleware());

  app.route("/api/auth/idp", idpRoutes());
  app.route("/api/auth/reset-password", resetPasswordRoutes());
  app.route("/api/auth", authRoutes(config.apiVersion));
  app.route("/api", metaRoutes());
  app.route("/api/organisationen", organisationRoutes(config.apiVersion));
  app.route("/api/organisationen", organisationVerwaltungRoutes(config.apiVersion));
  app.route("/api/rolle", rollenRoutes(config.apiVersion));
  app.route("/api/provider", providerRoutes(config.apiVersion));
  // Offer writes exist in the current upstream only (CHANGES-SINCE-PIN §4).
  if (config.apiVersion === "current") app.route("/api/provider", providerWriteRoutes());
  if (config.apiVersion === "current") app.route("/api/rollen-erweiterung", rollenErweiterungRoutes());
  if (config.apiVersion === "current") app.route("/api/vidis", vidisRoutes());
  app.route("/api/portal/meldung", meldungRoutes(config.apiVersion));
  app.route("/api/person-info", personInfoRoutes());
  app.route("/api/personen-frontend", personenFrontendRoutes(config.apiVersion));
  app.route("/api/dbiam/personenuebersicht", personenuebersichtRoutes());
  app.route("/api/person-administration", personAdministrationRoutes(config.apiVersion));
  app.route("/api/personenkontext-workflow", personenkontextWorkflowRoutes(config.apiVersion));
  // before the person routes: "landesbediensteter" would otherwise be read as a person id
  app.route("/api/personen", landesbediensteterSucheRoutes(config.apiVersion));
  app.route("/api/personen", personenRoutes());
  app.route("/api/landesbediensteter", landesbediensteterRoutes(config.apiVersion));
  app.route("/api/2fa-token", twoFactorRoutes());
  app.route("/api/personen", personLockRoutes());
  app.route("/api/cron", cronRoutes());
  app.route("/api/reference", simulationRoutes());
  app.route("/api/import", importRoutes(config.apiVersion));

  app.notFound((c) => c.json(routeNotFoundBody(c.req.method, new URL(c.req.url).pathname), 404));

  app.onError((error, c) => {
    const context = { version: c.var.config?.apiVersion ?? config.apiVersion, family: c.var.family ?? "default" };
    if (error instanceof HttpError) {
      const { status, body } = error.render(context);
      return c.json(body, status);
    }
    const state = sqlState(error);
    // Class 22 "data exception": the database refused a value the request carried (NUL byte, number out of range,
    // malformed literal). Validation should have caught it; if it did not, it is still the caller's bad request.
    if (state?.startsWith("22")) {
      console.warn(`[reference-upstream] database refused a request value (SQLSTATE ${state}) on ${c.req.method} ${c.req.path}`);
      const { status, body } = invalidRequest("other", "").render(context);
      return c.json(body, status);
    }
    if (state) {
      // Never the error itself: drizzle's message carries the query's parameters (a new password's hash, names).
      console.error(`[reference-upstream] database error (SQLSTATE ${state}) on ${c.req.method} ${c.req.path}`);
      const { status, body } = databaseError().render(context);
      return c.json(body, status);
    }
    console.error("[reference-upstream] unexpected error", error);
    const { status, body } = internalError().render(context);
    return c.json(body, status);
  });

  return Object.assign(app, { importJobs });
}

export type ReferenceApp = ReturnType<typeof createReferenceApp>;
