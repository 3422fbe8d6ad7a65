import type { ErrorCode } from "~/errors";
import type { FormFailure } from "~/.server/responses.server";

/** What the two-factor sections, dialogs and the set-up pages show: the view types of their components. */

export interface ZweiFaktorView {
  required: boolean;
  /** null when the state could not be read; `error` says why. */
  token: TokenView | null;
  error: ErrorCode | null;
  /** The section is shown when the second factor is required, a token exists, or the state is unknown. */
  shown: boolean;
}

/**
 * The QR code of a new software token as the page shows it. The upstream hands on what its token service renders, a
 * PNG as data URI (PERSONS.md §2.9.1). The portal reads the otpauth URI out of it and draws the code again as inline
 * SVG: sharp at any size and in print, no image request, and the key can be shown as text for typing it into an
 * authenticator by hand. Should the image not read exactly (a damaged image, no code found),
 * the upstream's image is shown as it came; an answer that already is the otpauth URI is drawn directly.
 */
export type TokenQrCode =
  { kind: "svg"; svg: string; secret: string | null; issuer: string | null; account: string | null } | { kind: "image"; src: string };

/** The action's answers: the QR code (once), the reload of that answer, or a refusal of either form. */
export type SetupAnswer =
  | { step: "code"; qr: TokenQrCode; alreadyShown?: never; error?: never; result?: never }
  | { step: "code"; alreadyShown: true; qr?: never; error?: never; result?: never }
  | ({ step: "code"; qr?: never; alreadyShown?: never } & FormFailure)
  | { step: "start"; error: ErrorCode; qr?: never; alreadyShown?: never; result?: never };

/**
 * The two-factor section of a person's page (inventory §4.8.6): whether any offer of the person's roles needs a second
 * factor, and which token the person has. Both are read at once; a failed read is shown in the section, never as the
 * page's error. A failed "required" read counts as required: the section then rather shows than hides the token.
 */
export type TokenView = { hasToken: false } | { hasToken: true; kind: "software" | "hardware" | null; serial: string | null };
