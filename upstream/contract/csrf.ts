/**
 * CSRF protection of the current upstream (CHANGES-SINCE-PIN §2.1): every session-authenticated
 * POST/PUT/PATCH/DELETE carries the session's token in this header; the token comes from this path.
 * The pinned upstream has neither. No zod here: the browser bundle reads the refusal message.
 */
export const CSRF_TOKEN_PATH = "/api/auth/csrf-token";
export const CSRF_HEADER = "X-CSRF-Token";
/** `message` of the NestJS default 400 body the upstream answers a missing or wrong token with. */
export const CSRF_REFUSAL_MESSAGE = "Invalid or missing CSRF token";
