import { CookieJar } from "./cookie-jar.ts";

/**
 * A session at the reference upstream's own API, opened the way the portal opens it: the IdP's login form, then the
 * one-time password for the second factor (gold), then the CSRF token every changing call must carry.
 */
export interface UpstreamSession {
  /** A call to the API with the session cookie; a changing one also with the CSRF token. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

const MAX_REDIRECTS = 10;

export async function upstreamGoldSession(
  origin: string,
  username: string,
  password: string,
  otp: () => Promise<string>,
): Promise<UpstreamSession> {
  const jar = new CookieJar();
  const send = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const cookie = jar.header();
    if (cookie) headers.set("Cookie", cookie);
    const response = await fetch(new URL(path, origin), { ...init, headers, redirect: "manual" });
    jar.store(response);
    return response;
  };
  /** Follows redirects inside the API (the final one, to the portal's /start, is not ours to follow). */
  const follow = async (first: Response) => {
    let response = first;
    for (let i = 0; i < MAX_REDIRECTS; i++) {
      const location = response.headers.get("Location");
      if (response.status < 300 || response.status >= 400 || !location?.startsWith("/api/")) return response;
      await response.body?.cancel();
      response = await send(location);
    }
    return response;
  };
  const form = (path: string, fields: Record<string, string>) =>
    send(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });

  const loginPage = await follow(await send("/api/auth/login?redirectUrl=/start&requiredStepUpLevel=gold"));
  await loginPage.body?.cancel();
  const otpPage = await follow(await form("/api/auth/idp/login?acr=gold", { username, password }));
  await otpPage.body?.cancel();
  const done = await form("/api/auth/idp/otp", { otp: await otp() });
  await done.body?.cancel();
  if (done.status !== 302 || done.headers.get("Location") !== "/start") {
    throw new Error(`Anmeldung von ${username} am Upstream fehlgeschlagen (${done.status} ${done.headers.get("Location") ?? ""}).`);
  }
  // The pinned API version has no token endpoint and wants none.
  const tokenResponse = await send("/api/auth/csrf-token");
  const csrf = tokenResponse.ok ? ((await tokenResponse.json()) as { csrfToken: string }).csrfToken : null;
  if (!tokenResponse.ok) await tokenResponse.body?.cancel();

  return {
    fetch(path, init = {}) {
      const method = (init.method ?? "GET").toUpperCase();
      const headers = new Headers(init.headers);
      if (csrf && method !== "GET" && method !== "HEAD") headers.set("X-CSRF-Token", csrf);
      return send(path, { ...init, headers });
    },
  };
}
