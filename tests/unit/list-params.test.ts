import { describe, expect, it } from "vitest";
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
