import { test as base, expect, type Browser, type BrowserContext } from "@playwright/test";
import { escapeRegExp, submitOtpForm, submitPasswordForm } from "./login";
import { PORT } from "./servers";

export { expect };

/**
 * Logged in once per worker: most journeys only need "logged in as X", and logging in through the upstream's forms
 * (password, for admin pages the one-time password) took a good part of every test. Each demo account is logged in
 * once per worker, level and server, through the same real forms; its storage state (the upstream's session cookie
 * and the portal's cookie) is then put into each test's fresh browser context.
 *
 * The session behind it lives on the upstream's server, so whatever one test does to it, the next one inherits: a
 * test that logs out, logs in again, lets the step-up lapse or otherwise changes the session must log in on its own
 * with `loginAs` (support/login.ts). After each test the fixture checks that the shared session is still logged in
 * at its level; if not, that test fails with a pointer to `loginAs`, and the next test logs in afresh.
 */

type Level = "silver" | "gold";

interface LoggedInOptions {
  /** The page to open; default: /start */
  target?: string;
  /** With the one-time password (level gold); default: when the target is an admin page, as with `loginAs`. */
  otp?: boolean;
}

interface StoredSession {
  cookies: Awaited<ReturnType<BrowserContext["storageState"]>>["cookies"];
  /** When a test last used it: the upstream lowers an idle session to silver after STEP_UP_TIMEOUT_SECONDS. */
  lastUsed: number;
}

/** The main server pair's upstream asks for the second factor again after 15 idle minutes (its default). */
const MAIN_BASE_URL = `http://127.0.0.1:${PORT}`;
/** Well inside those 15 minutes, so a stored gold session never meets the timeout halfway through a test. */
const REUSE_WITHIN_MS = 10 * 60 * 1000;

class DemoSessions {
  private readonly sessions = new Map<string, StoredSession>();

  constructor(private readonly browser: Browser) {}

  /** The stored session of this account, after a login through the real forms if there is none (or an old one). */
  async cookiesFor(baseURL: string, username: string, level: Level): Promise<StoredSession["cookies"]> {
    const key = sessionKey(baseURL, username, level);
    const stored = this.sessions.get(key);
    if (stored && Date.now() - stored.lastUsed < REUSE_WITHIN_MS) return stored.cookies;
    const cookies = await logInOnce(this.browser, baseURL, username, level);
    this.sessions.set(key, { cookies, lastUsed: Date.now() });
    return cookies;
  }

  markUsed(baseURL: string, username: string, level: Level) {
    const stored = this.sessions.get(sessionKey(baseURL, username, level));
    if (stored) stored.lastUsed = Date.now();
  }

  forget(baseURL: string, username: string, level: Level) {
    this.sessions.delete(sessionKey(baseURL, username, level));
  }
}

const sessionKey = (baseURL: string, username: string, level: Level) => `${baseURL} ${username} ${level}`;

/** One login as a person would do it, in a context of its own (without JavaScript: the forms need none). */
async function logInOnce(browser: Browser, baseURL: string, username: string, level: Level) {
  const context = await browser.newContext({ baseURL, locale: "de-DE", javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    // The way the portal's own guards ask for a level: the upstream's login with the required step-up level.
    const query = new URLSearchParams({ redirectUrl: "/start", ...(level === "gold" ? { requiredStepUpLevel: "gold" } : {}) });
    await page.goto(`/api/auth/login?${query}`);
    await submitPasswordForm(page, username);
    if (level === "gold") await submitOtpForm(page, username);
    await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(baseURL)}/start$`));
    const state = await context.storageState();
    // Only cookies are carried over; a portal that starts keeping login state in the browser's storage needs more here.
    expect(state.origins, "Die Anmeldung legt Daten im Browser-Speicher ab").toEqual([]);
    return state.cookies;
  } finally {
    await context.close();
  }
}

/** What the upstream says about the session of these cookies: its level, or null when it is gone. */
async function sessionLevel(baseURL: string, cookies: StoredSession["cookies"]): Promise<string | null> {
  // The upstream itself (the port after the portal's): the portal's origin offers only what a browser needs of it.
  const portal = new URL(baseURL);
  const upstream = `${portal.protocol}//${portal.hostname}:${Number(portal.port) + 1}`;
  const response = await fetch(`${upstream}/api/auth/logininfo`, {
    headers: { Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ") },
    redirect: "manual",
  });
  if (response.status !== 200) return null;
  const body = (await response.json()) as { acr?: unknown };
  return typeof body.acr === "string" ? body.acr : null;
}

export const test = base.extend<
  {
    /**
     * Opens `target` in this test's page as the demo account, with the session logged in once per worker. For tests
     * that only need "logged in as X"; journeys about the login itself, or that end or change the session, use
     * `loginAs`.
     */
    loggedInAs: (username: string, options?: LoggedInOptions) => Promise<void>;
  },
  { demoSessions: DemoSessions }
>({
  demoSessions: [async ({ browser }, use) => use(new DemoSessions(browser)), { scope: "worker" }],

  loggedInAs: async ({ page, baseURL, demoSessions }, use) => {
    const used: { baseURL: string; username: string; level: Level; cookies: StoredSession["cookies"] }[] = [];
    await use(async (username, { target = "/start", otp } = {}) => {
      const origin = baseURL ?? MAIN_BASE_URL;
      if (origin !== MAIN_BASE_URL) {
        // Its upstream lowers the level after a few idle seconds: a session kept from an earlier test would not last.
        throw new Error(`loggedInAs gilt nur für die Hauptserver (${MAIN_BASE_URL}); für ${origin} bitte loginAs verwenden.`);
      }
      const level: Level = (otp ?? target.startsWith("/admin")) ? "gold" : "silver";
      const cookies = await demoSessions.cookiesFor(origin, username, level);
      used.push({ baseURL: origin, username, level, cookies });
      await page.context().addCookies(cookies);
      await page.goto(target);
      await expect(page, `Mit der gespeicherten Sitzung von ${username} nicht auf ${target} angekommen`).toHaveURL(
        new RegExp(`^[^?#]*//[^/]+${escapeRegExp(target)}([?#].*)?$`),
      );
    });

    for (const { baseURL: origin, username, level, cookies } of used) {
      const now = await sessionLevel(origin, cookies);
      if (now === level) {
        demoSessions.markUsed(origin, username, level);
        continue;
      }
      demoSessions.forget(origin, username, level);
      throw new Error(
        `Die geteilte Sitzung von ${username} (${level}) ist nach diesem Test ${now ? `auf Stufe ${now}` : "beendet"}. ` +
          "Ein Test, der sich abmeldet oder die Sitzung sonst verändert, meldet sich mit loginAs selbst an.",
      );
    }
  },
});
