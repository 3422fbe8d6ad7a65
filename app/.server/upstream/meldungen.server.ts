import { z } from "zod";
import { MeldungResponse, type CreateOrUpdateMeldungBody } from "@contract";
import { callUpstreamJson } from "./client.server";

/** The portal notices (ORGANISATIONS_ROLES §7); the start page reads the published one in `self.server.ts`. */

/** Every notice (gold, SCHULPORTAL_VERWALTEN and HINWEISE_BEARBEITEN at the root). The editor edits the first. */
export function listMeldungen(request: Request) {
  return callUpstreamJson(request, "/api/portal/meldung", z.array(MeldungResponse));
}

/**
 * Creates (without `id`) or updates a notice at `revision`. A stale revision is `MISMATCHED_REVISION` (409) at the
 * current upstream and a generic 500 at the pinned one: `saveMeldungWithOutcome` tells the second apart by re-reading.
 */
export function putMeldung(request: Request, body: CreateOrUpdateMeldungBody) {
  return callUpstreamJson(request, "/api/portal/meldung", MeldungResponse, {
    method: "PUT",
    body,
    defaultError: "MELDUNG_ERROR",
    errorCodes: { conflict: "MISMATCHED_REVISION" },
  });
}
