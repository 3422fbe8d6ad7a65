import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { identityAccount } from "../db/schema.ts";
import { type SafeHtml, alertBox, field, html, text } from "../html/layout.ts";
import { findAccountByUsername, passwordMatches, readFormFields } from "../lib/accounts.ts";
import { lockedUntil, recordFailure, recordSuccess } from "../lib/lockout.ts";
import { type PageStatus, lockedMessage, renderPage, setRetryAfter } from "../lib/login-page.ts";
import { hashPassword } from "../lib/password.ts";
import { MIN_PASSWORD_LENGTH, checkNewPassword } from "../lib/password-rules.ts";
import { safeRedirectPath, withQueryParam } from "../lib/redirects.ts";

/**
 * §1.5: the IdP's "update password" action. Asks for the current and a new password, then sends the browser back to
 * redirectUrl with kc_action_status=success (or cancelled). Public like the real endpoint: the form itself checks
 * the current password — and, as that makes it a way to guess passwords, counts wrong ones towards the same lockout
 * as the login form.
 */
export function resetPasswordRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/", (c) => renderForm(c));

  app.post("/", async (c) => {
    const form = await readFormFields(c, ["action", "currentPassword", "newPassword", "confirmPassword"]);
    const target = safeRedirectPath(c.req.query("redirectUrl"));
    if (form.action === "cancel") return c.redirect(withQueryParam(target, "kc_action_status", "cancelled"), 302);

    const { db, config } = c.var;
    const loginHint = c.req.query("login_hint") ?? "";
    const locked = loginHint ? await lockedUntil(db, config, loginHint) : undefined;
    if (locked) {
      setRetryAfter(c, locked);
      return renderForm(c, { error: lockedMessage(c, locked), field: "current" }, 429);
    }
    const account = await findAccountByUsername(db, loginHint);
    if (!(await passwordMatches(account, form.currentPassword)) || !account) {
      const lockStarted = loginHint ? await recordFailure(db, config, loginHint) : undefined;
      if (lockStarted) {
        setRetryAfter(c, lockStarted);
        return renderForm(c, { error: lockedMessage(c, lockStarted), field: "current" }, 429);
      }
      return renderForm(c, { error: text("resetPassword.wrongCurrent"), field: "current" }, 401);
    }
    const problem = await checkNewPassword(form.newPassword, form.confirmPassword, account.passwordHash);
    if (problem) return renderForm(c, { error: problem, field: "new" }, 400);
    await db
      .update(identityAccount)
      .set({ passwordHash: await hashPassword(form.newPassword), passwordTemporary: false, passwordUpdatedAt: config.now() })
      .where(eq(identityAccount.id, account.id));
    await recordSuccess(db, config, account.username);
    return c.redirect(withQueryParam(target, "kc_action_status", "success"), 302);
  });

  return app;
}

function renderForm(c: Context<AppEnv>, state: { error?: SafeHtml; field?: "current" | "new" } = {}, status: PageStatus = 200) {
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
