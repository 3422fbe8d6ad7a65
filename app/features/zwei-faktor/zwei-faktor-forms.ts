import { z } from "zod";
import { textKey } from "~/i18n";

/**
 * Hand a hardware token to a person (inventory §4.8.6, §5.11): the device's serial and the code it shows now, both
 * required, the code at most 6 characters. Spaces around either are dropped (copied from a list or a label).
 */
export const hardwareTokenSchema = z.object({
  serial: z
    .string({ required_error: textKey("zweiFaktor:hardware.validation.serial") })
    .trim()
    .min(1, textKey("zweiFaktor:hardware.validation.serial"))
    .max(64, textKey("zweiFaktor:hardware.validation.serialLength")),
  otp: z
    .string({ required_error: textKey("zweiFaktor:hardware.validation.otp") })
    .trim()
    .min(1, textKey("zweiFaktor:hardware.validation.otp"))
    .max(6, textKey("zweiFaktor:hardware.validation.otpLength")),
});

/** The two forms of one's own set-up (`/profile/zwei-faktor`): the action tells them apart by the form's id. */
export const QR_CODE_FORM = "qr-code";
export const EINMALPASSWORT_FORM = "einmalpasswort";

/**
 * The first code of one's own new software token (inventory §4.6.1): the six digits the authenticator app shows.
 * Spaces are dropped (apps show "123 456"), so a copied code counts as typed.
 */
export const einmalpasswortSchema = z.object({
  otp: z
    .string({ required_error: textKey("zweiFaktor:self.validation.otp") })
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(
      z
        .string()
        .min(1, textKey("zweiFaktor:self.validation.otp"))
        .regex(/^\d{6}$/, textKey("zweiFaktor:self.validation.otpFormat")),
    ),
});
