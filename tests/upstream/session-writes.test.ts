import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UserinfoResponse } from "../../upstream/contract/index.ts";
import { session as sessionTable } from "../../upstream/reference/db/schema.ts";
import type { SessionData } from "../../upstream/reference/session-data.ts";
import { type TestUpstream, loggedIn, startTestUpstream } from "./support.ts";

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream();
});
afterAll(() => upstream.close());

async function storedActivity(id: string | undefined): Promise<number | undefined> {
  const [row] = await upstream.handle.db
    .select()
    .from(sessionTable)
    .where(eq(sessionTable.id, id ?? ""));
  return (row?.data as SessionData | undefined)?.lastRouteChangeTime;
}

describe("Sitzung unter Last: nicht jede Anfrage schreibt", () => {
  it("eine Anfrage kurz nach der letzten Speicherung ändert die gespeicherte Sitzung nicht", async () => {
    let now = Date.now();
    const app = upstream.restart({ stepUpTimeoutSeconds: 900, now: () => new Date(now) });
    const browser = await loggedIn(app, "schuladmin", "gold");
    const afterLogin = await storedActivity(browser.cookie);
    expect(afterLogin).toBeDefined();

    now += 5_000;
    expect((await browser.get("/api/auth/logininfo")).status).toBe(200);
    expect(await storedActivity(browser.cookie)).toBe(afterLogin);

    // Older than the slack (a twentieth of 900 s, at most 30 s): the activity time is written again.
    now += 40_000;
    expect((await browser.get("/api/auth/logininfo")).status).toBe(200);
    expect(await storedActivity(browser.cookie)).toBe(now);
  });

  it("eine Herabstufung auf silver wird sofort gespeichert, auch wenn sonst nichts geschrieben würde", async () => {
    let now = Date.now();
    const app = upstream.restart({ stepUpTimeoutSeconds: 5, now: () => new Date(now) });
    const browser = await loggedIn(app, "schuladmin", "gold");
    now += 6_000;
    const info = UserinfoResponse.parse(await (await browser.get("/api/auth/logininfo")).json());
    expect(info.acr).toBe("silver");
    const [row] = await upstream.handle.db
      .select()
      .from(sessionTable)
      .where(eq(sessionTable.id, browser.cookie ?? ""));
    expect((row.data as SessionData).user?.stepUpLevel).toBe("silver");
  });

  it("wer mit kurzem Abstand weiterarbeitet, bleibt gold, solange keine Pause die Zeitgrenze erreicht", async () => {
    let now = Date.now();
    const app = upstream.restart({ stepUpTimeoutSeconds: 5, now: () => new Date(now) });
    const browser = await loggedIn(app, "schuladmin", "gold");
    for (let i = 0; i < 5; i++) {
      now += 3_000;
      const info = UserinfoResponse.parse(await (await browser.get("/api/auth/logininfo")).json());
      expect(info.acr).toBe("gold");
    }
  });
});
