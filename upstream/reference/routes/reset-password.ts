import { eq, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { identityAccount } from "../db/schema.ts";
import { alertBox, field, html } from "../html/layout.ts";
import { hashPassword, verifyPassword } from "../lib/password.ts";
import { checkNewPassword } from "../lib/password-rules.ts";
import { safeRedirectPath, withQueryParam } from "../lib/redirects.ts";
import { renderPage } from "./idp.ts";

/**
 * §1.5: the IdP's "update password" action. Asks for the current and a new password, then sends the browser back to
 * redirectUrl with kc_action_status=success (or cancelled). Public like the real endpoint: the form itself checks
 * the current password.
 */
export function resetPasswordRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/", (c) => renderForm(c));

  app.post("/", async (c) => {
    const form = await c.req.parseBody();
    const target = safeRedirectPath(c.req.query("redirectUrl"));
    if (form.action === "cancel") return c.redirect(withQueryParam(target, "kc_action_status", "cancelled"), 302);

    const loginHint = c.req.query("login_hint") ?? "";
    const current = typeof form.currentPassword === "string" ? form.currentPassword : "";
    const next = typeof form.newPassword === "string" ? form.newPassword : "";
    const confirmation = typeof form.confirmPassword === "string" ? form.confirmPassword : "";
    const [account] = loginHint
      ? await c.var.db
          .select()
          .from(identityAccount)
          .where(eq(sql`lower(${identityAccount.username})`, loginHint.toLowerCase()))
          .limit(1)
      : [];
    if (!account || !(await verifyPassword(current, account.passwordHash))) {
      return renderForm(c, { error: "Das aktuelle Passwort ist nicht korrekt.", field: "current" }, 401);
    }
    const problem = await checkNewPassword(next, confirmation, account.passwordHash);
    if (problem) return renderForm(c, { error: problem, field: "new" }, 400);
    await c.var.db
      .update(identityAccount)
      .set({ passwordHash: await hashPassword(next), passwordTemporary: false, passwordUpdatedAt: c.var.config.now() })
      .where(eq(identityAccount.id, account.id));
    return c.redirect(withQueryParam(target, "kc_action_status", "success"), 302);
  });

  return app;
}

function renderForm(c: Context<AppEnv>, state: { error?: string; field?: "current" | "new" } = {}, status: 200 | 400 | 401 = 200) {
  const redirectUrl = safeRedirectPath(c.req.query("redirectUrl"));
  const loginHint = c.req.query("login_hint") ?? "";
  const action = `/api/auth/reset-password?${new URLSearchParams({ redirectUrl, login_hint: loginHint }).toString()}`;
  const currentError = state.field === "current" ? "password-error" : undefined;
  const newError = state.field === "new" ? "password-error" : undefined;
  return renderPage(
    c,
    "Passwort ändern",
    html`<h1>Passwort ändern</h1>
${loginHint ? html`<p>Benutzerkonto: <strong>${loginHint}</strong></p>` : null}
${alertBox("password-error", state.error)}
<form method="post" action="${action}" novalidate>
${field({ id: "currentPassword", label: "Aktuelles Passwort", type: "password", autocomplete: "current-password", errorId: currentError, autofocus: true })}
${field({ id: "newPassword", label: "Neues Passwort", type: "password", autocomplete: "new-password", errorId: newError, hint: "Mindestens 8 Zeichen, anders als das aktuelle Passwort." })}
${field({ id: "confirmPassword", label: "Neues Passwort wiederholen", type: "password", autocomplete: "new-password", errorId: newError })}
<div class="actions"><button class="primary" type="submit" name="action" value="save">Passwort ändern</button><button class="secondary" type="submit" name="action" value="cancel" formnovalidate>Abbrechen</button></div>
</form>`,
    status,
  );
}
