import { Hono } from "hono";
import { SYSTEMRECHTE, TECHNICAL_SYSTEMRECHTE } from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import { PAGE_SECURITY_HEADERS, html, page } from "../html/layout.ts";

/** Public endpoints without data access: feature flags (§2), status redirect (§3), system rights (§5.2). */
export function metaRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/config", (c) => c.json(c.var.config.featureFlags));

  app.get("/status", (c) => c.redirect(c.var.config.statusRedirectUrl, 302));

  /** The default target of STATUS_REDIRECT_URL: a static page, since the reference has no external status service. */
  app.get("/status/seite", (c) =>
    c.html(
      page({
        title: "Systemstatus",
        body: html`<h1>Systemstatus</h1>
<p class="info">Der Referenzdienst des Schulportals ist erreichbar. Es liegen keine bekannten Störungen vor.</p>
<p><a href="/">Zurück zum Schulportal</a></p>`,
      }),
      200,
      PAGE_SECURITY_HEADERS,
    ),
  );

  app.get("/rolle/systemrechte", (c) =>
    c.json(SYSTEMRECHTE.map((name) => ({ name, isTechnical: TECHNICAL_SYSTEMRECHTE.includes(name) }))),
  );

  return app;
}
