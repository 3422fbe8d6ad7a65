import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { identityAccount, person } from "../db/schema.ts";
import { findAccountByUsername, passwordMatches, readFormFields } from "../lib/accounts.ts";
import { LOGIN_USER_NOT_FOUND_BODY } from "../lib/errors.ts";
import { lockedUntil, recordFailure, recordSuccess } from "../lib/lockout.ts";
import { type PageStatus, lockedMessage, renderPage, setRetryAfter } from "../lib/login-page.ts";
import { hashPassword } from "../lib/password.ts";
import { confirmEnrolment, loginToken, verifyOtp } from "../lib/tokens.ts";
import { STYLESHEET, type SafeHtml, alertBox, field, html, text } from "../html/layout.ts";
import type { SessionState } from "../session-data.ts";
import { ensureSession, rotateSession } from "../session.ts";
import { MIN_PASSWORD_LENGTH, checkNewPassword } from "../lib/password-rules.ts";

/**
 * The embedded identity provider (§1.7): password form (→ silver), one-time-password form (→ gold, asked on every
 * gold request), forced change of a start password, and the hand-back to the portal. Plain HTML forms, no scripts.
 */
const IDP_BASE = "/api/auth/idp";
type Acr = "silver" | "gold";
const readAcr = (value: string | undefined): Acr => (value === "gold" ? "gold" : "silver");

type IdpContext = Context<AppEnv>;

export function idpRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/styles.css", (c) =>
    c.body(STYLESHEET, 200, { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "public, max-age=300" }),
  );

  app.get("/login", async (c) => {
    const acr = readAcr(c.req.query("acr"));
    const session = await ensureSession(c);
    const idp = session.data.idp;
    if (idp?.pendingPasswordChangeSub) return c.redirect(`${IDP_BASE}/passwort-neu?acr=${acr}`, 302);
    if (idp?.sub) {
      if (acr === "gold") return c.redirect(`${IDP_BASE}/otp`, 302);
      return completeLogin(c, session, idp.sub, "silver");
    }
    return renderLoginForm(c, acr);
  });

  app.post("/login", async (c) => {
    const acr = readAcr(c.req.query("acr"));
    const session = await ensureSession(c);
    const form = await readFormFields(c, ["username", "password"]);
    const username = form.username.trim();
    const { password } = form;
    if (!username || !password) {
      return renderLoginForm(c, acr, { username, error: text("login.errors.missing") }, 400);
    }
    const { db, config } = c.var;
    // While locked, nothing entered is checked, so a correct guess cannot be told apart from a wrong one.
    const locked = await lockedUntil(db, config, username);
    if (locked) {
      setRetryAfter(c, locked);
      return renderLoginForm(c, acr, { username, error: lockedMessage(c, locked) }, 429);
    }
    const account = await findAccountByUsername(db, username);
    if (!(await passwordMatches(account, password)) || !account) {
      const lockStarted = await recordFailure(db, config, username);
      if (lockStarted) {
        setRetryAfter(c, lockStarted);
        return renderLoginForm(c, acr, { username, error: lockedMessage(c, lockStarted) }, 429);
      }
      return renderLoginForm(c, acr, { username, error: text("login.errors.invalid") }, 401);
    }
    if (!account.enabled) {
      return renderLoginForm(c, acr, { username, error: text("login.errors.disabled") }, 401);
    }
    if (account.passwordTemporary) {
      session.data.idp = { pendingPasswordChangeSub: account.id };
      return c.redirect(`${IDP_BASE}/passwort-neu?acr=${acr}`, 302);
    }
    session.data.idp = { sub: account.id };
    if (acr === "gold") return c.redirect(`${IDP_BASE}/otp`, 302);
    return completeLogin(c, session, account.id, "silver");
  });

  app.get("/otp", async (c) => {
    const session = await ensureSession(c);
    const sub = session.data.idp?.sub;
    if (!sub) return c.redirect(`${IDP_BASE}/login?acr=gold`, 302);
    return renderOtpForm(c, sub);
  });

  app.post("/otp", async (c) => {
    const session = await ensureSession(c);
    const sub = session.data.idp?.sub;
    if (!sub) return c.redirect(`${IDP_BASE}/login?acr=gold`, 302);
    const { db, config } = c.var;
    const form = await readFormFields(c, ["otp"]);
    const code = form.otp.replace(/\s+/g, "");
    const [owner] = await db.select({ id: person.id }).from(person).where(eq(person.keycloakUserId, sub)).limit(1);
    if (!owner) return completeLogin(c, session, sub, "gold");
    const token = await loginToken(db, owner.id);
    if (!token) return renderOtpForm(c, sub);
    const [account] = await db
      .select({ username: identityAccount.username })
      .from(identityAccount)
      .where(eq(identityAccount.id, sub))
      .limit(1);
    const username = account?.username ?? sub;
    const locked = await lockedUntil(db, config, username);
    if (locked) {
      setRetryAfter(c, locked);
      return renderOtpForm(c, sub, lockedMessage(c, locked), 429);
    }
    if (!(await verifyOtp(token.secret, code))) {
      const lockStarted = await recordFailure(db, config, username);
      if (lockStarted) {
        setRetryAfter(c, lockStarted);
        return renderOtpForm(c, sub, lockedMessage(c, lockStarted), 429);
      }
      return renderOtpForm(c, sub, text("otp.invalid"), 401);
    }
    if (token.rolloutState === "verify") await confirmEnrolment(db, token);
    return completeLogin(c, session, sub, "gold");
  });

  app.get("/passwort-neu", async (c) => {
    const acr = readAcr(c.req.query("acr"));
    const session = await ensureSession(c);
    if (!session.data.idp?.pendingPasswordChangeSub) return c.redirect(`${IDP_BASE}/login?acr=${acr}`, 302);
    return renderNewPasswordForm(c, acr);
  });

  app.post("/passwort-neu", async (c) => {
    const acr = readAcr(c.req.query("acr"));
    const session = await ensureSession(c);
    const sub = session.data.idp?.pendingPasswordChangeSub;
    if (!sub) return c.redirect(`${IDP_BASE}/login?acr=${acr}`, 302);
    const form = await readFormFields(c, ["newPassword", "confirmPassword"]);
    const [account] = await c.var.db.select().from(identityAccount).where(eq(identityAccount.id, sub)).limit(1);
    if (!account) {
      session.data.idp = {};
      return c.redirect(`${IDP_BASE}/login?acr=${acr}`, 302);
    }
    const { newPassword, confirmPassword: confirmation } = form;
    const problem = await checkNewPassword(newPassword, confirmation, account.passwordHash);
    if (problem) return renderNewPasswordForm(c, acr, problem, 400);
    await c.var.db
      .update(identityAccount)
      .set({ passwordHash: await hashPassword(newPassword), passwordTemporary: false, passwordUpdatedAt: c.var.config.now() })
      .where(eq(identityAccount.id, sub));
    session.data.idp = { sub };
    if (acr === "gold") return c.redirect(`${IDP_BASE}/otp`, 302);
    return completeLogin(c, session, sub, "silver");
  });

  /** Leaves the login dialog without logging in. */
  app.get("/abbrechen", async (c) => {
    const session = c.var.session;
    if (session?.data.idp?.pendingPasswordChangeSub) session.data.idp = {};
    return c.redirect("/", 302);
  });

  return app;
}

/**
 * The OIDC-callback part of §1.2 step 4: map the IdP subject to a person. Without a person the session stays
 * unauthenticated and the browser lands on /login-error with the shape-D body; otherwise the session user is stored.
 */
async function completeLogin(c: IdpContext, session: SessionState, sub: string, level: Acr) {
  const [owner] = await c.var.db.select({ id: person.id }).from(person).where(eq(person.keycloakUserId, sub)).limit(1);
  if (!owner) {
    delete session.data.user;
    return c.json(LOGIN_USER_NOT_FOUND_BODY, 302, { Location: "/login-error" });
  }
  const target = session.data.redirectUrl ?? "/";
  const [account] = await c.var.db
    .select({ username: identityAccount.username })
    .from(identityAccount)
    .where(eq(identityAccount.id, sub))
    .limit(1);
  if (account) await recordSuccess(c.var.db, c.var.config, account.username);
  // A fresh session id after authentication prevents session fixation.
  const rotated = await rotateSession(c, session);
  rotated.data.user = { sub, stepUpLevel: level, redirectUri: session.data.redirectUrl };
  return c.redirect(target, 302);
}

function renderLoginForm(c: IdpContext, acr: Acr, state: { username?: string; error?: SafeHtml } = {}, status: PageStatus = 200) {
  const errorId = state.error ? "login-error" : undefined;
  return renderPage(
    c,
    "login.title",
    html`<p>${text("login.intro")}</p>
${alertBox("login-error", state.error)}
<form method="post" action="${IDP_BASE}/login?acr=${acr}" novalidate>
${field({ id: "username", label: text("login.username"), autocomplete: "username", value: state.username ?? "", errorId, autofocus: true })}
${field({ id: "password", label: text("login.password"), type: "password", autocomplete: "current-password", errorId })}
<div class="actions"><button class="primary" type="submit">${text("login.submit")}</button></div>
</form>`,
    status,
  );
}

async function renderOtpForm(c: IdpContext, sub: string, error?: SafeHtml, status: PageStatus = 200) {
  const [owner] = await c.var.db.select({ id: person.id }).from(person).where(eq(person.keycloakUserId, sub)).limit(1);
  const token = owner ? await loginToken(c.var.db, owner.id) : undefined;
  if (owner && !token) {
    return renderPage(
      c,
      "otp.missingToken.title",
      html`<p class="info">${text("otp.missingToken.text")}</p>
<div class="actions"><a href="${IDP_BASE}/abbrechen">${text("common.backToPortal")}</a></div>`,
    );
  }
  const errorId = error ? "otp-error" : undefined;
  return renderPage(
    c,
    "otp.title",
    html`<p>${text("otp.intro")}</p>
${alertBox("otp-error", error)}
<form method="post" action="${IDP_BASE}/otp" novalidate>
${field({ id: "otp", label: text("otp.code"), autocomplete: "one-time-code", numeric: true, errorId, autofocus: true })}
<div class="actions"><button class="primary" type="submit">${text("otp.submit")}</button><a href="${IDP_BASE}/abbrechen">${text("common.cancel")}</a></div>
</form>`,
    status,
  );
}

function renderNewPasswordForm(c: IdpContext, acr: Acr, error?: SafeHtml, status: 200 | 400 = 200) {
  const errorId = error ? "password-error" : undefined;
  return renderPage(
    c,
    "newPassword.title",
    html`<p>${text("newPassword.intro")}</p>
${alertBox("password-error", error)}
<form method="post" action="${IDP_BASE}/passwort-neu?acr=${acr}" novalidate>
${field({ id: "newPassword", label: text("password.new"), type: "password", autocomplete: "new-password", errorId, autofocus: true, hint: text("newPassword.hint", { min: MIN_PASSWORD_LENGTH }) })}
${field({ id: "confirmPassword", label: text("password.repeat"), type: "password", autocomplete: "new-password", errorId })}
<div class="actions"><button class="primary" type="submit">${text("newPassword.submit")}</button><a href="${IDP_BASE}/abbrechen">${text("common.cancel")}</a></div>
</form>`,
    status,
  );
}
