import { data } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { redirectWithToast, refusedForm, withUpstreamSession } from "~/.server/responses.server";
import { acceptUpstreamAnswer, UpstreamFailure } from "~/.server/upstream/client.server";

const REFRESHED = "connect.sid=neu; Path=/; HttpOnly; SameSite=Lax";

/** A request during which the upstream refreshed the session cookie, as every upstream call may. */
async function requestWithRefreshedSession(): Promise<Request> {
  const request = new Request("http://portal.test/admin/klassen", { headers: { Cookie: "connect.sid=alt" } });
  await acceptUpstreamAnswer(request, { status: 200, headers: new Headers({ "Set-Cookie": REFRESHED }), text: "[]" });
  return request;
}

const cookiesOf = (headers: Headers | HeadersInit | undefined) => new Headers(headers).getSetCookie();

describe("die erneuerte Sitzung des Upstreams erreicht den Browser, was immer eine Route antwortet", () => {
  it("bei einfachen Daten", async () => {
    const answer = await withUpstreamSession({ request: await requestWithRefreshedSession() }, async () => ({ rows: [] }));
    expect(answer).toMatchObject({ type: "DataWithResponseInit", data: { rows: [] } });
    expect(cookiesOf((answer as unknown as ReturnType<typeof data>).init?.headers)).toEqual([REFRESHED]);
  });

  it("bei Daten mit eigenem Status und eigenen Cookies", async () => {
    const answer = await withUpstreamSession({ request: await requestWithRefreshedSession() }, async () =>
      data({ error: "X" }, { status: 400, headers: { "Set-Cookie": "__portal=flash" } }),
    );
    expect(answer.init?.status).toBe(400);
    expect(cookiesOf(answer.init?.headers)).toEqual(["__portal=flash", REFRESHED]);
  });

  it("bei einer Weiterleitung mit Meldung", async () => {
    const request = await requestWithRefreshedSession();
    const answer = await withUpstreamSession({ request }, () =>
      redirectWithToast(request, "/admin/klassen", { key: "klassen:delete.done" }),
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.getSetCookie()).toHaveLength(2);
    expect(answer.headers.getSetCookie()).toContain(REFRESHED);
  });

  it("bei einer geworfenen Antwort, ohne ein Cookie doppelt zu senden", async () => {
    const request = await requestWithRefreshedSession();
    const thrown = new Response(null, { status: 302, headers: { Location: "/api/auth/login", "Set-Cookie": REFRESHED } });
    const failure = await withUpstreamSession({ request }, async () => {
      throw thrown;
    }).catch((error: unknown) => error);
    expect(failure).toBe(thrown);
    expect(thrown.headers.getSetCookie()).toEqual([REFRESHED]);
  });
});

describe("eine Ablehnung des Upstreams im Formular", () => {
  const submission = {
    reply: (options?: { fieldErrors?: Record<string, string[]> }) => ({ status: "error" as const, error: options?.fieldErrors ?? {} }),
  };

  it("steht am Feld, wenn die Zuordnung den Fehlercode einem Feld gibt", () => {
    const answer = refusedForm(submission, new UpstreamFailure("PERSONALNUMMER_NICHT_EINDEUTIG", 400), {
      fields: { PERSONALNUMMER_NICHT_EINDEUTIG: "personalnummer" },
    });
    expect(answer.data.error).toBeNull();
    expect(answer.data.result).toMatchObject({ error: { personalnummer: ["errors:PERSONALNUMMER_NICHT_EINDEUTIG.message"] } });
    expect(answer.init?.status).toBe(400);
  });

  it("steht sonst über dem Formular, und ein Ausfall behält seinen Status", () => {
    const answer = refusedForm(submission, new UpstreamFailure("UPSTREAM_UNAVAILABLE", 503));
    expect(answer.data.error).toBe("UPSTREAM_UNAVAILABLE");
    expect(answer.init?.status).toBe(503);
  });
});
