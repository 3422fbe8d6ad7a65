import { CookieJar } from "./cookie-jar.ts";

/**
 * Logs a demo user in through the real flow, over plain HTTP against the portal only, the way a
 * browser without JavaScript would: follow each redirect by hand, fill whichever form the IdP shows
 * (password, then one-time password for gold) and stop when the target page answers 200.
 */
export interface LoginInput {
  portalOrigin: string;
  targetPath: string;
  username: string;
  password: string;
  otp: () => Promise<string>;
}

const MAX_STEPS = 20;

export async function login(input: LoginInput): Promise<CookieJar> {
  const jar = new CookieJar();
  const trail: string[] = [];
  let url = new URL(input.targetPath, input.portalOrigin);
  let init: RequestInit = { method: "GET" };

  for (let step = 0; step < MAX_STEPS; step++) {
    if (url.origin !== input.portalOrigin) {
      throw new Error(`Login-Ablauf verlässt den Portal-Origin: ${url.href}\n  ${trail.join("\n  ")}`);
    }
    const headers = new Headers(init.headers);
    headers.set("Accept", "text/html");
    const cookie = jar.header();
    if (cookie) headers.set("Cookie", cookie);
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    jar.store(response);
    trail.push(`${init.method ?? "GET"} ${url.pathname}${url.search} → ${response.status}`);

    const location = response.headers.get("Location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      url = new URL(location, url);
      init = { method: "GET" };
      continue;
    }

    const body = await response.text();
    if (response.status === 200 && url.pathname === input.targetPath) return jar;

    const form = readForm(body);
    const fields = form?.fields ?? [];
    let values: Record<string, string> | null = null;
    if (fields.includes("username") && fields.includes("password")) values = { username: input.username, password: input.password };
    else if (fields.includes("otp")) values = { otp: await input.otp() };
    if (!form || !values || init.method === "POST") {
      // A form shown again after our POST means the credentials or the code were refused.
      throw new Error(`Login fehlgeschlagen bei ${url.pathname} (${response.status}).\n  ${trail.join("\n  ")}\n${excerpt(body)}`);
    }
    url = new URL(form.action || url.href, url);
    init = {
      method: "POST",
      // The portal refuses cross-origin POSTs, and a browser would send its own origin here.
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: input.portalOrigin },
      body: new URLSearchParams(values).toString(),
    };
  }
  throw new Error(`Login nach ${MAX_STEPS} Schritten nicht abgeschlossen.\n  ${trail.join("\n  ")}`);
}

function readForm(html: string): { action: string; fields: string[] } | null {
  const form = /<form\b[^>]*>/i.exec(html);
  if (!form) return null;
  const action = /\baction="([^"]*)"/i.exec(form[0])?.[1] ?? "";
  const fields = [...html.matchAll(/<input\b[^>]*\bname="([^"]+)"/gi)].map((match) => match[1]);
  return { action: decodeEntities(action), fields };
}

const decodeEntities = (value: string) =>
  value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

const excerpt = (body: string) => body.replace(/\s+/g, " ").slice(0, 400);
