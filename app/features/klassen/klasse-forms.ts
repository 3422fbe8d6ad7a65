import { z } from "zod";
import { textKey } from "~/i18n";

/**
 * Name rules shared by browser and server (spec section 5). Messages are i18n keys, checked by `textKey`.
 * Allowed characters: letters with diacritics (DIN 91379), digits, space and the punctuation of
 * names: apostrophes, hyphen, period, comma, parentheses.
 */
const ALLOWED_NAME_CHARACTERS = /^[\p{L}\p{M}0-9 '’`´.,\-()]*$/u;
// The upstream counts only ASCII letters and digits (ORGANISATIONS_ROLES.md §4.1, unchanged at its current version):
// "Ü" alone is refused there, so here too, and the message says so instead of promising that umlauts count.
const HAS_LETTER_OR_DIGIT = /[A-Za-z0-9]/;

export const klassenname = z
  .string({ required_error: textKey("klassen:validation.name.required") })
  .min(1, textKey("klassen:validation.name.required"))
  .max(200, textKey("klassen:validation.name.tooLong"))
  .refine((name) => name.trim() === name, textKey("validation.noOuterSpaces"))
  .refine((name) => ALLOWED_NAME_CHARACTERS.test(name), textKey("validation.invalidCharacters"))
  .refine((name) => HAS_LETTER_OR_DIGIT.test(name), textKey("klassen:validation.name.letterOrDigit"));

const uuid = z.string({ required_error: textKey("validation.schule.required") }).uuid(textKey("validation.schule.required"));

export const CreateKlasseSchema = z.object({ schule: uuid, name: klassenname });

export const RenameKlasseSchema = z.object({
  name: klassenname,
  // The version the form was rendered from: the upstream refuses a rename of a newer version.
  version: z.coerce.number().int().positive(),
});
