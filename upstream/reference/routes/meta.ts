import { Hono } from "hono";
import { SYSTEMRECHTE, TECHNICAL_SYSTEMRECHTE } from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import { PAGE_SECURITY_HEADERS, html, page, text } from "../html/layout.ts";

/** Public endpoints without data access: feature flags (§2), status redirect (§3), system rights (§5.2). */
export function metaRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/config", (c) => c.json(c.var.config.featureFlags));

  app.get("/status", (c) => c.redirect(c.var.config.statusRedirectUrl, 302));

  /** The default target of STATUS_REDIRECT_URL: a static page, since the reference has no external status service. */
  app.get("/status/seite", (c) =>
    c.html(
      page({
        title: "status.title",
        body: html`<p class="info">${text("status.ok")}</p>
<p><a href="/">${text("common.backToPortal")}</a></p>`,
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
