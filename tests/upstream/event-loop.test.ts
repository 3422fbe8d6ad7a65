import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestUpstream, startTestUpstream } from "./support.ts";

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream();
});
afterAll(() => upstream.close());

describe("Eingebettete Datenbank unter Last", () => {
  it("lässt zwischen den Abfragen die Ereignisschleife laufen, damit neue Verbindungen angenommen werden", async () => {
    const { db } = upstream.handle;
    let finished = 0;
    // Four requests in progress (as the upstream admits them), each running its queries one after another.
    const requests = Array.from({ length: 4 }, async () => {
      for (let i = 0; i < 50; i++) {
        await db.execute(sql`select 1`);
        finished++;
      }
    });
    // A timer stands for everything that needs a turn of the event loop: accepting a connection, reading a socket.
    const finishedWhenTimerRan = await new Promise<number>((resolve) => setTimeout(() => resolve(finished), 0));
    await Promise.all(requests);
    expect(finished).toBe(200);
    expect(finishedWhenTimerRan).toBeLessThan(200);
  });
});
