import type { ErrorCode } from "~/errors";
import { UpstreamFailure } from "../../.server/upstream/client.server";
import { twoFactorRequired, twoFactorState } from "../../.server/upstream/self.server";

/**
 * The two-factor section of a person's page (inventory §4.8.6): whether any offer of the person's roles needs a second
 * factor, and which token the person has. Both are read at once; a failed read is shown in the section, never as the
 * page's error. A failed "required" read counts as required: the section then rather shows than hides the token.
 */
export type TokenView = { hasToken: false } | { hasToken: true; kind: "software" | "hardware" | null; serial: string | null };

export interface ZweiFaktorView {
  required: boolean;
  /** null when the state could not be read; `error` says why. */
  token: TokenView | null;
  error: ErrorCode | null;
  /** The section is shown when the second factor is required, a token exists, or the state is unknown. */
  shown: boolean;
}

export async function loadZweiFaktor(request: Request, personId: string): Promise<ZweiFaktorView> {
  const [required, state] = await Promise.all([
    twoFactorRequired(request, personId).then(
      (answer) => answer.required,
      (error: unknown) => {
        if (error instanceof UpstreamFailure) return true;
        throw error;
      },
    ),
    readToken(request, personId),
  ]);
  return { required, ...state, shown: required || state.token === null || state.token.hasToken };
}

/** The person's token, or the code of the failed read. */
export async function readToken(request: Request, personId: string): Promise<{ token: TokenView | null; error: ErrorCode | null }> {
  try {
    const state = await twoFactorState(request, personId);
    const token: TokenView = state.hasToken ? { hasToken: true, kind: state.tokenKind, serial: state.serial ?? null } : { hasToken: false };
    return { token, error: null };
  } catch (error) {
    if (error instanceof UpstreamFailure) return { token: null, error: error.code };
    throw error;
  }
}
