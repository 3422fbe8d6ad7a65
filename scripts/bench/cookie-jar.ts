/**
 * The smallest cookie jar that works for one origin: the benchmark only ever talks to the portal,
 * so domain and path matching are not needed. Attributes are kept so the same cookies can be
 * handed to Chromium unchanged.
 */
export interface JarCookie {
  name: string;
  value: string;
  httpOnly: boolean;
  secure: boolean;
  sameSite: "Strict" | "Lax" | "None";
}

export class CookieJar {
  private readonly cookies = new Map<string, JarCookie>();

  /** Applies every Set-Cookie line of a response, including deletions (Max-Age=0 or past Expires). */
  store(response: Response): void {
    this.storeLines(response.headers.getSetCookie());
  }

  /** The same for raw Set-Cookie lines (node:http responses). */
  storeLines(lines: readonly string[]): void {
    for (const line of lines) {
      const [pair, ...attributes] = line.split(";").map((part) => part.trim());
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = new Map(
        attributes.map((part) => {
          const i = part.indexOf("=");
          return i < 0 ? [part.toLowerCase(), ""] : [part.slice(0, i).toLowerCase(), part.slice(i + 1)];
        }),
      );
      const maxAge = attr.get("max-age");
      const expires = attr.get("expires");
      const expired = (maxAge !== undefined && Number(maxAge) <= 0) || (expires !== undefined && Date.parse(expires) < Date.now());
      if (expired || value === "") {
        this.cookies.delete(name);
        continue;
      }
      const sameSite = (attr.get("samesite") ?? "lax").toLowerCase();
      this.cookies.set(name, {
        name,
        value,
        httpOnly: attr.has("httponly"),
        secure: attr.has("secure"),
        sameSite: sameSite === "strict" ? "Strict" : sameSite === "none" ? "None" : "Lax",
      });
    }
  }

  header(): string {
    return [...this.cookies.values()].map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  }

  list(): JarCookie[] {
    return [...this.cookies.values()];
  }
}
