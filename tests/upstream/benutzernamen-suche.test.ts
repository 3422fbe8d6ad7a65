import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identityAccount, person } from "../../upstream/reference/db/schema.ts";
import { PERSON_MANDANT, firstFreeUsername, takenUsernames } from "../../upstream/reference/lib/personen.ts";
import { type TestUpstream, startTestUpstream } from "./support.ts";

describe("vergebene Benutzernamen für viele Kandidaten auf einmal (Import)", () => {
  let upstream: TestUpstream;
  beforeAll(async () => {
    upstream = await startTestUpstream();
    const db = upstream.handle.db;
    const now = new Date();
    const accounts = ["qqzahl", ...Array.from({ length: 12 }, (_, i) => `qqzahl${i + 1}`), "qqlos", "qqlos2", "QQGross", "qqzahl-x"];
    await db.insert(identityAccount).values(accounts.map((username) => ({ id: randomUUID(), username, passwordHash: "x" })));
    // a person without an account holds a name too
    await db.insert(person).values({
      id: randomUUID(),
      username: "qqzahl13",
      mandant: PERSON_MANDANT,
      vorname: "Q",
      familienname: "Zahl",
      createdAt: now,
      updatedAt: now,
    });
  });
  afterAll(() => upstream.close());

  it("findet Namen mit Nummer, auch jenseits der ersten zehn, in beiden Tabellen, ohne Rücksicht auf Groß- und Kleinschreibung", async () => {
    const taken = await takenUsernames(upstream.handle.db, ["qqzahl", "qqlos", "qqgross", "qqfrei", "qqzahl", "ungültig-1"]);
    expect(firstFreeUsername("qqzahl", taken)).toBe("qqzahl14");
    expect(firstFreeUsername("qqlos", taken)).toBe("qqlos1");
    expect(firstFreeUsername("qqgross", taken)).toBe("qqgross1");
    expect(firstFreeUsername("qqfrei", taken)).toBe("qqfrei");
    expect(taken.has("qqzahl-x")).toBe(false);
  });
});
