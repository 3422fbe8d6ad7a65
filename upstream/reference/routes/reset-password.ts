import { eq, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { identityAccount } from "../db/schema.ts";
import { type SafeHtml, alertBox, field, html, text } from "../html/layout.ts";
import { hashPassword, verifyPassword } from "../lib/password.ts";
import { MIN_PASSWORD_LENGTH, checkNewPassword } from "../lib/password-rules.ts";
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
      return renderForm(c, { error: text("resetPassword.wrongCurrent"), field: "current" }, 401);
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

function renderForm(c: Context<AppEnv>, state: { error?: SafeHtml; field?: "current" | "new" } = {}, status: 200 | 400 | 401 = 200) {
  const redirectUrl = safeRedirectPath(c.req.query("redirectUrl"));
  const loginHint = c.req.query("login_hint") ?? "";
  const action = `/api/auth/reset-password?${new URLSearchParams({ redirectUrl, login_hint: loginHint }).toString()}`;
  const currentError = state.field === "current" ? "password-error" : undefined;
  const newError = state.field === "new" ? "password-error" : undefined;
  return renderPage(
    c,
    "resetPassword.title",
    html`${loginHint ? html`<p>${text("resetPassword.account")} <strong>${loginHint}</strong></p>` : null}
${alertBox("password-error", state.error)}
<form method="post" action="${action}" novalidate>
${field({ id: "currentPassword", label: text("resetPassword.currentPassword"), type: "password", autocomplete: "current-password", errorId: currentError, autofocus: true })}
${field({ id: "newPassword", label: text("password.new"), type: "password", autocomplete: "new-password", errorId: newError, hint: text("resetPassword.hint", { min: MIN_PASSWORD_LENGTH }) })}
${field({ id: "confirmPassword", label: text("password.repeat"), type: "password", autocomplete: "new-password", errorId: newError })}
<div class="actions"><button class="primary" type="submit" name="action" value="save">${text("resetPassword.submit")}</button><button class="secondary" type="submit" name="action" value="cancel" formnovalidate>${text("common.cancel")}</button></div>
</form>`,
    status,
  );
}
