import { afterEach, describe, expect, it } from "vitest";
import {
  json,
  pointPortalAt,
  portalRequest,
  routeMiss,
  sessionOf,
  startStandIn,
  type Handler,
  type StandIn,
} from "./support/stand-in-upstream";

/**
 * A stale notice revision: the current upstream answers 409 `MISMATCHED_REVISION`, the pinned one a generic 500
 * (ORGANISATIONS_ROLES §7.3). The editor checks the revision before it writes; these are the saves that race another
 * one between that check and the PUT, and an outage, which must not look like a conflict (docs/decisions/022).
 */
let standIn: StandIn | undefined;
afterEach(() => standIn?.close());

const ID = "6a1f0c2e-4b3d-4e5f-8a9b-0c1d2e3f4a5b";
const SESSION = "s3ss10n";

function noticeUpstream(
  stored: { inhalt: string; status: string; revision: number },
  answerStale: "pinned" | "current" | "outage",
): Handler {
  return (request, response) => {
    if (!sessionOf(request)) return json(response, 401, { message: "Unauthorized", statusCode: 401 });
    const meldung = () => ({ id: ID, ...stored, createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z" });
    if (request.method === "GET" && request.path === "/api/portal/meldung") return json(response, 200, [meldung()]);
    if (request.method === "PUT" && request.path === "/api/portal/meldung") {
      const body = JSON.parse(request.body) as { revision: number; inhalt: string; status: string };
      if (answerStale === "outage") return json(response, 500, { statusCode: 500, message: "Internal server error" });
      if (body.revision !== stored.revision) {
        if (answerStale === "current") return json(response, 409, { i18nKey: "MISMATCHED_REVISION", code: 409 });
        return json(response, 500, { statusCode: 500, message: "Internal server error" });
      }
      Object.assign(stored, { inhalt: body.inhalt, status: body.status, revision: stored.revision + 1 });
      return json(response, 200, meldung());
    }
    routeMiss(request, response);
  };
}

async function saveOver(revision: number, upstream: Handler) {
  standIn = await startStandIn(upstream);
  pointPortalAt(standIn.url);
  const { saveHinweisWithOutcome } = await import("~/features/hinweise/hinweise.server");
  const current = { id: ID, inhalt: "Alter Text", veroeffentlicht: true, revision };
  const request = portalRequest(SESSION, { method: "POST", path: "/admin/hinweise/new" });
  return saveHinweisWithOutcome(request, current, { inhalt: "Mein Text", veroeffentlicht: true });
}

describe("Hinweis speichern, während ihn jemand anderes speichert", () => {
  it("die ältere Version antwortet mit 500: ein neuerer Stand beim erneuten Lesen ist der Konflikt", async () => {
    const stored = { inhalt: "Ihr Text", status: "VEROEFFENTLICHT", revision: 3 };
    const outcome = await saveOver(2, noticeUpstream(stored, "pinned"));
    expect(outcome.status).toBe("not-saved");
    expect(outcome.status !== "saved" && outcome.failure.code).toBe("MISMATCHED_REVISION");
    expect(stored.inhalt).toBe("Ihr Text");
  });

  it("die aktuelle Version antwortet mit 409 MISMATCHED_REVISION: derselbe Konflikt", async () => {
    const stored = { inhalt: "Ihr Text", status: "VEROEFFENTLICHT", revision: 3 };
    const outcome = await saveOver(2, noticeUpstream(stored, "current"));
    expect(outcome.status !== "saved" && outcome.failure.code).toBe("MISMATCHED_REVISION");
  });

  it("ein Ausfall bei unverändertem Stand ist kein Konflikt, sondern „nicht gespeichert“", async () => {
    const stored = { inhalt: "Alter Text", status: "VEROEFFENTLICHT", revision: 2 };
    const outcome = await saveOver(2, noticeUpstream(stored, "outage"));
    expect(outcome.status !== "saved" && outcome.failure.code).toBe("WRITE_NOT_SAVED");
  });

  it("beim passenden Stand wird gespeichert", async () => {
    const stored = { inhalt: "Alter Text", status: "VEROEFFENTLICHT", revision: 2 };
    const outcome = await saveOver(2, noticeUpstream(stored, "pinned"));
    expect(outcome.status === "saved" && outcome.value).toEqual({ id: ID, inhalt: "Mein Text", veroeffentlicht: true, revision: 3 });
  });
});
