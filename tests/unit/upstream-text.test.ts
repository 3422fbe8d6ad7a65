import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { failureOf, json, portalModulesFor, portalRequest, routeMiss, startStandIn, type StandIn } from "./support/stand-in-upstream";

/**
 * Issue 6 item 5: some answers are plain text, not JSON – a new start password (PATCH
 * /api/personen/{id}/password, 202) and the QR code of a new second factor (POST /api/2fa-token/init,
 * 201). The upstream sends the bare string with Express' default `text/html` (PERSONS.md §1.1).
 */
let standIn: StandIn | undefined;
afterEach(() => {
  standIn?.close();
  vi.restoreAllMocks();
});

const PERSON_ID = "a61c0e9b-4f2d-4b8e-9d3a-1e7c5b2f8a04";
const PASSWORT = "Kx7#mQ2-vL9$wp";
const QR_CODE = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

function textAnswer(status: number, body: string, contentType = "text/html; charset=utf-8") {
  return startStandIn((request, response) => {
    if (request.path === "/api/auth/csrf-token") return routeMiss(request, response);
    response.writeHead(status, { "Content-Type": contentType }).end(body);
  });
}

/** Everything the portal wrote to the console during the test. */
function consoleOutput() {
  const calls = (["log", "info", "warn", "error", "debug"] as const).map((level) => vi.spyOn(console, level).mockImplementation(() => {}));
  return () =>
    calls.flatMap((spy) =>
      spy.mock.calls.map((args) => args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack}` : String(arg))).join(" ")),
    );
}

describe("Antworten als Text", () => {
  it("das neue Passwort kommt genau so an, wie der Upstream es schickt, und der Client bittet um Text", async () => {
    standIn = await textAnswer(202, PASSWORT);
    const { client } = await portalModulesFor(standIn.url);

    const passwort = await client.callUpstreamText(portalRequest("s1"), `/api/personen/${PERSON_ID}/password`, { method: "PATCH" });

    expect(passwort).toBe(PASSWORT);
    const reset = standIn.received.find((r) => r.method === "PATCH")!;
    expect(reset.path).toBe(`/api/personen/${PERSON_ID}/password`);
    expect(reset.headers.accept).toMatch(/^text\/plain/);
    expect(reset.body).toBe("");
  });

  it("der QR-Code des neuen zweiten Faktors kommt als data-URI", async () => {
    standIn = await textAnswer(201, QR_CODE);
    const { client } = await portalModulesFor(standIn.url);

    const qr = await client.callUpstreamText(portalRequest("s1"), "/api/2fa-token/init", { method: "POST", body: { personId: PERSON_ID } });

    expect(qr).toBe(QR_CODE);
    expect(JSON.parse(standIn.received.find((r) => r.method === "POST")!.body)).toEqual({ personId: PERSON_ID });
  });

  it("auch als JSON-Zeichenkette, wie es die OpenAPI-Beschreibung ankündigt", async () => {
    standIn = await textAnswer(202, JSON.stringify(PASSWORT), "application/json; charset=utf-8");
    const { client } = await portalModulesFor(standIn.url);

    expect(await client.callUpstreamText(portalRequest("s1"), `/api/personen/${PERSON_ID}/password`, { method: "PATCH" })).toBe(PASSWORT);
  });

  it("eine leere Antwort oder ein JSON-Objekt ist kein Passwort: der Fehler des Aufrufs statt eines leeren Passworts", async () => {
    standIn = await textAnswer(202, "");
    const { client } = await portalModulesFor(standIn.url);
    consoleOutput();
    const call = () =>
      client.callUpstreamText(portalRequest("s1"), `/api/personen/${PERSON_ID}/password`, {
        method: "PATCH",
        defaultError: "PERSON_ERROR",
      });

    const leer = await failureOf(call());
    expect(leer.status).toBe(502);
    expect(leer.code).toBe("PERSON_ERROR");

    standIn.replace((request, response) =>
      request.path === "/api/auth/csrf-token" ? routeMiss(request, response) : json(response, 202, { password: PASSWORT }),
    );
    expect((await failureOf(call())).code).toBe("PERSON_ERROR");
  });

  it("eine Fehlerantwort bleibt ein Fehler mit dem Code des Upstreams", async () => {
    standIn = await startStandIn((request, response) =>
      request.path === "/api/auth/csrf-token"
        ? routeMiss(request, response)
        : json(response, 404, { code: 404, subcode: "01", titel: "x", beschreibung: "y" }),
    );
    const { client } = await portalModulesFor(standIn.url);

    const failure = await failureOf(
      client.callUpstreamText(portalRequest("s1"), `/api/personen/${PERSON_ID}/password`, { method: "PATCH" }),
    );
    expect(failure.status).toBe(404);
  });
});

describe("Passwörter landen nie im Protokoll", () => {
  it("weder beim Lesen als Text noch wenn eine Text-Antwort versehentlich als JSON gelesen wird", async () => {
    standIn = await textAnswer(202, PASSWORT);
    const { client } = await portalModulesFor(standIn.url);
    const output = consoleOutput();

    await client.callUpstreamText(portalRequest("s1"), `/api/personen/${PERSON_ID}/password`, { method: "PATCH" });
    // JSON.parse's message would quote the text; a schema's message may quote a value.
    await failureOf(
      client.callUpstreamJson(portalRequest("s1"), `/api/personen/${PERSON_ID}/password`, z.object({ id: z.string() }), {
        method: "PATCH",
      }),
    );
    standIn.replace((request, response) =>
      request.path === "/api/auth/csrf-token" ? routeMiss(request, response) : json(response, 202, { status: PASSWORT }),
    );
    await failureOf(
      client.callUpstreamJson(portalRequest("s1"), `/api/personen/${PERSON_ID}/password`, z.object({ status: z.enum(["A", "B"]) }), {
        method: "PATCH",
      }),
    );
    await failureOf(client.callUpstreamText(portalRequest("s1"), `/api/personen/${PERSON_ID}/password`, { method: "PATCH" }));

    const lines = output();
    expect(lines.length, "the failures are logged").toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toContain(PASSWORT);
  });
});
