import type { StepUpLevel } from "../contract/index.ts";

/** What a session holds (session.ts loads and stores it); a module of its own so that app-env.ts can name it. */

export interface SessionUser {
  /** IdP subject = identity_account.id */
  sub: string;
  stepUpLevel: StepUpLevel;
  /** the redirectUrl that was current when this login completed */
  redirectUri?: string;
}

/** What the session stores; mirrors the fields of the real upstream's server-side session (§1.1). */
export interface SessionData {
  redirectUrl?: string;
  requiredStepupLevel?: "silver" | "gold";
  lastRouteChangeTime?: number;
  user?: SessionUser;
  /** Embedded IdP "SSO session": who proved the password, and who still has to replace a start password. */
  idp?: { sub?: string; pendingPasswordChangeSub?: string };
  /** CSRF token of the current upstream (lib/csrf.ts); lives and dies with the session. */
  csrfToken?: string;
  /** Reference only: the token service as this session sees it (lib/token-service.ts); absent = working. */
  tokenService?: "unreachable" | "failing" | "failing-writes";
  /** Reference only: VIDIS fails for this session (`PUT /api/reference/vidis`); absent = as configured. */
  vidis?: "failing";
}

export interface SessionState {
  id: string;
  data: SessionData;
  destroyed: boolean;
}
