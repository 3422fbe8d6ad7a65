import { Hono } from "hono";
import type { AppEnv } from "./app-env.ts";
import type { ReferenceDb } from "./db/client.ts";
import type { ReferenceConfig } from "./env.ts";
import { HttpError, internalError } from "./lib/errors.ts";
import { authRoutes } from "./routes/auth.ts";
import { idpRoutes } from "./routes/idp.ts";
import { meldungRoutes } from "./routes/meldung.ts";
import { metaRoutes } from "./routes/meta.ts";
import { organisationRoutes } from "./routes/organisationen.ts";
import { personInfoRoutes } from "./routes/person-info.ts";
import { providerRoutes } from "./routes/provider.ts";
import { resetPasswordRoutes } from "./routes/reset-password.ts";
import { twoFactorRoutes } from "./routes/two-factor.ts";
import { sessionMiddleware } from "./session.ts";

/** A database driver error carries a five-character SQLSTATE `code` (pg and PGlite alike). */
const isDatabaseError = (error: Error) => {
  const code: unknown = (error as Error & { code?: unknown }).code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code);
};

/** Builds the Hono app of the reference upstream on an open, migrated database. */
export function createReferenceApp(db: ReferenceDb, config: ReferenceConfig) {
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    c.set("db", db);
    c.set("config", config);
    await next();
  });
  app.use("/api/*", sessionMiddleware());

  app.route("/api/auth/idp", idpRoutes());
  app.route("/api/auth/reset-password", resetPasswordRoutes());
  app.route("/api/auth", authRoutes());
  app.route("/api", metaRoutes());
  app.route("/api/organisationen", organisationRoutes());
  app.route("/api/provider", providerRoutes());
  app.route("/api/portal/meldung", meldungRoutes());
  app.route("/api/person-info", personInfoRoutes());
  app.route("/api/2fa-token", twoFactorRoutes());

  app.notFound((c) =>
    c.json({ message: `Cannot ${c.req.method} ${new URL(c.req.url).pathname}`, error: "Not Found", statusCode: 404 }, 404),
  );

  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json(error.body, error.status);
    if (isDatabaseError(error)) {
      console.error("[reference-upstream] database error", error);
      const body = internalError("Bei der Verarbeitung in der Datenbank ist ein Fehler aufgetreten.").body;
      return c.json(body, 500);
    }
    console.error("[reference-upstream] unexpected error", error);
    return c.json(internalError().body, 500);
  });

  return app;
}

export type ReferenceApp = ReturnType<typeof createReferenceApp>;
