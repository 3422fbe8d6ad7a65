import { describe, expect, it } from "vitest";
import { SEARCH_TEXT_MAX } from "~/list-state";
import { parsePersonenListParams } from "~/features/personen/personen-list-params.server";
import { readFormData } from "~/.server/form-data.server";
import { searchText } from "~/.server/list-params.server";

const DECOMPOSED = "Kreis Mu\u0308ller"; // u + combining diaeresis
const PRECOMPOSED = "Kreis M\u00fcller";

function post(fields: Record<string, string>) {
  return new Request("http://portal/admin/schultraeger/new", {
    method: "POST",
    headers: { Origin: "http://portal", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

describe("what a user types is read in one spelling of each letter", () => {
  it("a name typed with a combining mark reaches the action as the same name typed precomposed", async () => {
    const form = await readFormData(post({ name: DECOMPOSED }));
    expect(form.get("name")).toBe(PRECOMPOSED);
  });

  it("a search with a combining mark searches for the precomposed text", () => {
    expect(searchText.parse("Me\u0301lanie")).toBe("M\u00e9lanie");
    expect(parsePersonenListParams(new URLSearchParams({ suche: DECOMPOSED })).suche).toBe(PRECOMPOSED);
  });
});

describe("a search text longer than its field allows", () => {
  it("is cut to the field's length instead of being dropped, so the list still searches and shows what for", () => {
    const long = "a".repeat(SEARCH_TEXT_MAX + 100);
    expect(searchText.parse(long)).toBe("a".repeat(SEARCH_TEXT_MAX));
    expect(parsePersonenListParams(new URLSearchParams({ suche: long })).suche).toBe("a".repeat(SEARCH_TEXT_MAX));
  });
});
