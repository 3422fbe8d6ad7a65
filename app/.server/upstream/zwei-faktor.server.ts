import {
  type AssignHardwareTokenBody,
  AssignHardwareTokenResponse,
  type TokenInitBody,
  type TokenVerifyBody,
  type TwoFactorPersonQuery,
} from "@contract";
import { callUpstream, callUpstreamJson, callUpstreamText } from "./client.server";

/** The writes of a person's second factor (PERSONS.md §2.9), with the original's default codes (inventory §5.1). */

/** Takes the person's token away: a software token is deleted, a hardware token goes back to the pool. */
export async function resetToken(request: Request, personId: string): Promise<void> {
  const query: TwoFactorPersonQuery = { personId };
  await callUpstream(request, "/api/2fa-token/reset", { method: "PUT", query, defaultError: "TOKEN_RESET_ERROR" });
}

/** A new software token, pending until its first code: the answer is the token service's QR code (a data URI). */
export function initSoftwareToken(request: Request, personId: string): Promise<string> {
  const body: TokenInitBody = { personId };
  return callUpstreamText(request, "/api/2fa-token/init", { method: "POST", body, defaultError: "SOFTWARE_TOKEN_INITIALIZATION_ERROR" });
}

/** Confirms the pending software token with a code of it (self-service); the token service knows which token is meant. */
export async function verifySoftwareToken(request: Request, body: TokenVerifyBody): Promise<void> {
  await callUpstream(request, "/api/2fa-token/verify", { method: "POST", body, defaultError: "SOFTWARE_TOKEN_VERIFICATION_ERROR" });
}

/** Hands a hardware token of the pool to the person; the device's current code proves it is the one in hand. */
export function assignHardwareToken(request: Request, body: AssignHardwareTokenBody) {
  return callUpstreamJson(request, "/api/2fa-token/assign/hardwareToken", AssignHardwareTokenResponse, {
    method: "POST",
    body,
    defaultError: "HARDWARE_TOKEN_SERVICE_FEHLER",
  });
}
