import type { ErrorCode } from "~/errors";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { twoFactorRequired, twoFactorState } from "~/.server/upstream/self.server";
import type { ZweiFaktorView, TokenView } from "./views";

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
