import { describe, expect, it } from "vitest";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { writeWithOutcome } from "~/.server/write-outcome.server";

const timeout = () => new UpstreamFailure("UPSTREAM_TIMEOUT", 503);
const nameTaken = () => new UpstreamFailure("KLASSENNAME_AN_SCHULE_EINDEUTIG", 400);
const klasse = { id: "k-1", name: "5a" };

function rereadSpy(result: () => Promise<typeof klasse | null>) {
  const calls = { count: 0 };
  const reread = () => {
    calls.count++;
    return result();
  };
  return { reread, calls };
}

describe("Schreiben, das nicht rechtzeitig beantwortet wurde", () => {
  it("meldet eine beantwortete Änderung als gespeichert, ohne nachzulesen", async () => {
    const { reread, calls } = rereadSpy(async () => null);
    const outcome = await writeWithOutcome({ write: async () => klasse, reread });
    expect(outcome).toEqual({ status: "saved", value: klasse, how: "answered" });
    expect(calls.count).toBe(0);
  });

  it("liest nach einer Zeitüberschreitung nach und sagt, dass die Änderung doch gespeichert wurde", async () => {
    const outcome = await writeWithOutcome({ write: () => Promise.reject(timeout()), reread: async () => klasse });
    expect(outcome).toEqual({ status: "saved", value: klasse, how: "found-after-timeout" });
  });

  it("sagt nach einer Zeitüberschreitung klar, dass nichts gespeichert wurde, wenn das Nachlesen nichts findet", async () => {
    const outcome = await writeWithOutcome({ write: () => Promise.reject(timeout()), reread: async () => null });
    expect(outcome).toMatchObject({ status: "not-saved", failure: { code: "WRITE_NOT_SAVED" } });
  });

  it("behauptet nicht „nicht gespeichert“, wenn auch das Nachlesen scheitert", async () => {
    const outcome = await writeWithOutcome({ write: () => Promise.reject(timeout()), reread: () => Promise.reject(timeout()) });
    expect(outcome).toMatchObject({ status: "unknown", failure: { code: "WRITE_OUTCOME_UNKNOWN" } });
  });

  it("zeigt beim erneuten Versuch nicht „Name schon vergeben“ für die eigene, doch gespeicherte Klasse", async () => {
    const outcome = await writeWithOutcome({
      write: () => Promise.reject(nameTaken()),
      reread: async () => klasse,
      ownConflicts: ["KLASSENNAME_AN_SCHULE_EINDEUTIG"],
      earlierAttemptUnanswered: true,
    });
    expect(outcome).toEqual({ status: "saved", value: klasse, how: "found-after-conflict" });
  });

  it("meldet den Konflikt, wenn es keinen eigenen unbeantworteten Versuch gab", async () => {
    const { reread, calls } = rereadSpy(async () => klasse);
    const outcome = await writeWithOutcome({
      write: () => Promise.reject(nameTaken()),
      reread,
      ownConflicts: ["KLASSENNAME_AN_SCHULE_EINDEUTIG"],
    });
    expect(outcome).toMatchObject({ status: "not-saved", failure: { code: "KLASSENNAME_AN_SCHULE_EINDEUTIG" } });
    expect(calls.count).toBe(0);
  });

  it("lässt Anmelde-Weiterleitungen und andere Fehler durch", async () => {
    const redirect = new Response(null, { status: 302, headers: { Location: "/api/auth/login" } });
    await expect(writeWithOutcome({ write: () => Promise.reject(redirect), reread: async () => null })).rejects.toBe(redirect);
  });
});
