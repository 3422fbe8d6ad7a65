import { describe, expect, it } from "vitest";
import { admitInOrder } from "../../upstream/reference/admission.ts";

/** A handler whose requests finish only when the test says so. */
function controllableHandler() {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const handler = (request: Request) =>
    new Promise<Response>((resolve) => {
      const name = new URL(request.url).pathname;
      started.push(name);
      finishers.set(name, () => resolve(new Response(name)));
    });
  return { handler, started, finish: (name: string) => finishers.get(name)?.() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("Referenz-Upstream unter Last: Anfragen der Reihe nach", () => {
  it("bearbeitet höchstens die Grenze gleichzeitig und die übrigen in der Reihenfolge ihres Eintreffens", async () => {
    const { handler, started, finish } = controllableHandler();
    const admission = admitInOrder(handler, 2);
    const answers = ["/a", "/b", "/c", "/d"].map((path) => admission.handle(new Request(`http://upstream${path}`)));
    await tick();
    expect(started).toEqual(["/a", "/b"]);
    expect(admission.waiting).toBe(2);

    finish("/b");
    await tick();
    expect(started).toEqual(["/a", "/b", "/c"]);
    finish("/a");
    await tick();
    expect(started).toEqual(["/a", "/b", "/c", "/d"]);
    finish("/c");
    finish("/d");
    expect(await Promise.all(answers.map(async (answer) => (await answer).text()))).toEqual(["/a", "/b", "/c", "/d"]);
    expect(admission.inProgress).toBe(0);
  });

  it("beginnt keine Anfrage, deren Aufrufer während des Wartens aufgegeben hat", async () => {
    const { handler, started, finish } = controllableHandler();
    const admission = admitInOrder(handler, 1);
    const first = admission.handle(new Request("http://upstream/first"));
    const gaveUp = new AbortController();
    const abandoned = admission.handle(new Request("http://upstream/abandoned", { signal: gaveUp.signal }));
    const next = admission.handle(new Request("http://upstream/next"));
    await tick();
    gaveUp.abort();
    finish("/first");
    await first;
    expect((await abandoned).status).toBe(503);
    await tick();
    expect(started).toEqual(["/first", "/next"]);
    finish("/next");
    expect(await (await next).text()).toBe("/next");
  });

  it("gibt den Platz auch frei, wenn die Bearbeitung scheitert", async () => {
    const admission = admitInOrder(async () => {
      throw new Error("kaputt");
    }, 1);
    await expect(admission.handle(new Request("http://upstream/x"))).rejects.toThrow("kaputt");
    expect(admission.inProgress).toBe(0);
  });
});
