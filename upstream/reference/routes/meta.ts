import { Hono } from "hono";
import { TECHNICAL_SYSTEMRECHTE } from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import { PAGE_SECURITY_HEADERS, html, page, text } from "../html/layout.ts";
import { systemrechteOf } from "../lib/systemrechte.ts";

/** Public endpoints without data access: feature flags (§2), status redirect (§3), system rights (§5.2). */
export function metaRoutes() {
  const app = new Hono<AppEnv>();

  /** The current upstream adds two informational flags (CHANGES-SINCE-PIN §3.2). */
  app.get("/config", (c) => {
    const { setUemPasswordEnabled, schulischeAngeboteErstellen, ...pinned } = c.var.config.featureFlags;
    if (c.var.config.apiVersion === "pinned") return c.json(pinned);
    return c.json({ ...pinned, setUemPasswordEnabled, schulischeAngeboteErstellen });
  });

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
    c.json(
      systemrechteOf(c.var.config.apiVersion).map((name) => ({
        name,
        isTechnical: (TECHNICAL_SYSTEMRECHTE as readonly string[]).includes(name),
      })),
    ),
  );

  return app;
}
