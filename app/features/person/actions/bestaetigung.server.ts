import { data } from "@remix-run/node";
import type { ErrorCode } from "~/errors";
import { UpstreamFailure } from "~/.server/upstream/client.server";

/** The answer of a confirmation dialog (delete, sync) whose write the upstream refused: the code, shown in the dialog. */
export interface ConfirmationRefusal {
  dialog: string;
  error: ErrorCode;
}

export function refusedConfirmation(dialog: string, error: unknown) {
  if (!(error instanceof UpstreamFailure)) throw error;
  return data<ConfirmationRefusal>({ dialog, error: error.code }, { status: error.status >= 500 ? error.status : 400 });
}
