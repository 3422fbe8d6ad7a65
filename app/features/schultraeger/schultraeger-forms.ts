import { z } from "zod";
import { textKey } from "~/i18n";
import { SCHULNAME_CHARACTERS } from "~/features/schulen/schule-forms";

/**
 * The Schulträger form's rules (spec section 5, inventory §4.16.2): the name is required, has no blank at either end and
 * uses the characters of organisation names (DIN 91379, as school names). The upstream accepts an empty Träger name
 * (ORGANISATIONS_ROLES.md §4.1: the blank checks apply to non-empty names only), so the portal is what refuses it.
 */
export const traegername = z
  .string({ required_error: textKey("schultraeger:validation.name.required") })
  .min(1, textKey("schultraeger:validation.name.required"))
  .max(200, textKey("schultraeger:validation.name.tooLong"))
  .refine((name) => name.trim() === name, textKey("schultraeger:validation.name.outerSpaces"))
  .refine((name) => SCHULNAME_CHARACTERS.test(name), textKey("schultraeger:validation.name.invalidCharacters"));

export const CreateSchultraegerSchema = z.object({
  schulform: z
    .string({ required_error: textKey("schultraeger:validation.form.required") })
    .uuid(textKey("schultraeger:validation.form.required")),
  name: traegername,
});

export const RenameSchultraegerSchema = z.object({
  name: traegername,
  // The version the form was rendered from: the upstream refuses a rename of a newer version.
  version: z.coerce.number().int().positive(),
});
