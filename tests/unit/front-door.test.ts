import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withFrontDoor } from "~/.server/front-door.server";

/**
 * The front door (docs/decisions/034) around a stand-in for remix-serve's handler that records what reaches it: a
 * static file without headers of its own, and a page that sets the security headers itself, as Remix does.
 */
let server: Server;
let origin: string;
const reached: string[] = [];

beforeAll(async () => {
  server = createServer(
    withFrontDoor((request, response) => {
      reached.push(`${request.method} ${request.url}`);
      if (request.url === "/build/app.js") {
        response.setHeader("Content-Type", "application/javascript");
        response.end("export {};");
      } else {
        response.writeHead(200, { "Content-Type": "text/html", "X-Content-Type-Options": "nosniff" }).end("<p>Seite</p>");
      }
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function post(headers: Record<string, string>) {
  return fetch(`${origin}/admin/klassen/new`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: "name=Fremd",
  });
}

describe("die Eingangstür des Portals", () => {
  it("weist ein Formular von einer fremden Seite auf Deutsch ab, mit Sicherheitsköpfen, bevor Remix es sieht", async () => {
    reached.length = 0;
    for (const foreign of [
      { Origin: "http://evil.example" } as Record<string, string>,
      { Origin: "evil" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
    ]) {
      const response = await post(foreign);
      expect(response.status, JSON.stringify(foreign)).toBe(403);
      expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
      const page = await response.text();
      expect(page).toContain('<html lang="de">');
      expect(page).toContain("Anfrage abgelehnt");
    }
    expect(reached).toEqual([]);
  });

  it("lässt ein Formular der eigenen Seiten und jeden Seitenaufruf durch", async () => {
    reached.length = 0;
    expect((await post({ Origin: origin })).status).toBe(200);
    expect((await fetch(`${origin}/admin/klassen`, { headers: { Origin: "http://evil.example" } })).status).toBe(200);
    expect(reached).toEqual(["POST /admin/klassen/new", "GET /admin/klassen"]);
  });

  it("beantwortet TRACE und andere unbekannte Methoden mit 405 und einer deutschen Seite", async () => {
    reached.length = 0;
    // fetch refuses to send TRACE itself; a raw request does what a stranger can do.
    for (const method of ["TRACE", "OPTIONS", "PROPFIND"]) {
      const response = await new Promise<{ status: number; body: string; allow: string | undefined }>((resolve, reject) => {
        const request = httpRequest(`${origin}/`, { method }, (answer: IncomingMessage) => {
          let body = "";
          answer.on("data", (chunk: Buffer) => (body += chunk.toString()));
          answer.on("end", () => resolve({ status: answer.statusCode ?? 0, body, allow: answer.headers["allow"] as string | undefined }));
        });
        request.on("error", reject);
        request.end();
      });
      expect(response.status, method).toBe(405);
      expect(response.allow).toBe("GET, HEAD, POST");
      expect(response.body).toContain("Anfrage nicht unterstützt");
    }
    expect(reached).toEqual([]);
  });

  it("gibt statischen Dateien die Sicherheitsköpfe und doppelt keinen, den eine Seite selbst setzt", async () => {
    const script = await fetch(`${origin}/build/app.js`);
    expect(script.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(script.headers.get("X-Frame-Options")).toBe("DENY");
    const page = await fetch(`${origin}/`);
    expect(page.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});
