import { describe, expect, it } from "vitest";
import { KlassenListParams } from "~/features/klassen/klassen.server";
import { assertPageInRange } from "~/.server/list-params.server";

function redirectOf(request: Request, paging: { seite: number; anzahl: number }, total: number): string | null {
  try {
    assertPageInRange(request, paging, total);
    return null;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return thrown.headers.get("Location");
  }
}

describe("pages beyond the end of a list", () => {
  it("lead to the last page, keeping search and page size, also for data requests", () => {
    const request = new Request("http://portal/admin/klassen.data?suche=5&anzahl=5&seite=9&_routes=routes%2Fadmin.klassen._index");
    expect(redirectOf(request, { seite: 9, anzahl: 5 }, 12)).toBe("/admin/klassen?suche=5&anzahl=5&seite=3");
  });

  it("leave pages that exist and empty lists alone", () => {
    const request = new Request("http://portal/admin/klassen?seite=3");
    expect(redirectOf(request, { seite: 3, anzahl: 5 }, 12)).toBeNull();
    expect(redirectOf(request, { seite: 3, anzahl: 5 }, 0)).toBeNull();
  });
});

describe("list parameters from the address bar", () => {
  const parse = (query: string) => KlassenListParams.parse(Object.fromEntries(new URLSearchParams(query)));

  it("bound a huge page number before it becomes the upstream's offset", () => {
    expect(parse("seite=1e20").seite).toBe(100_000);
    expect(parse("anzahl=100&seite=1e18")).toMatchObject({ seite: 100_000, anzahl: 100 });
    expect(parse("seite=-3").seite).toBe(1);
    expect(parse("seite=abc").seite).toBe(1);
  });

  it("drop control characters from the search text", () => {
    expect(parse("suche=%00").suche).toBe("");
    expect(parse("suche=5%00a").suche).toBe("5a");
    expect(parse(`suche=${"x".repeat(101)}`).suche).toBe("x".repeat(100));
  });
});
