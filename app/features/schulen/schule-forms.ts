import { z } from "zod";
import { textKey } from "~/i18n";

/**
 * The school form's rules (spec section 5): the school form is one of the root's two children, the
 * Dienststellennummer and the name are required and have no blank at either end. School names carry more punctuation
 * than class names (DIN 91379 for names of organisations): letters with diacritics, digits, space and the marks of
 * names such as "Grund- und Gemeinschaftsschule", "St. Marien", "Schule am See / Förderzentrum", "Kunst & Co.".
 */
export const SCHULNAME_CHARACTERS = /^[\p{L}\p{M}\p{N} '’`´.,\-–()/&+:;"„“”!?§]*$/u;

const outerSpaces = (text: string) => text.trim() === text;

export const schulname = z
  .string({ required_error: textKey("schulen:validation.name.required") })
  .min(1, textKey("schulen:validation.name.required"))
  .max(200, textKey("schulen:validation.name.tooLong"))
  .refine(outerSpaces, textKey("schulen:validation.name.outerSpaces"))
  .refine((name) => SCHULNAME_CHARACTERS.test(name), textKey("schulen:validation.name.invalidCharacters"));

export const dienststellennummer = z
  .string({ required_error: textKey("schulen:validation.kennung.required") })
  .min(1, textKey("schulen:validation.kennung.required"))
  .max(50, textKey("schulen:validation.kennung.tooLong"))
  .refine(outerSpaces, textKey("schulen:validation.kennung.outerSpaces"));

export const CreateSchuleSchema = z.object({
  schulform: z
    .string({ required_error: textKey("schulen:validation.schulform.required") })
    .uuid(textKey("schulen:validation.schulform.required")),
  kennung: dienststellennummer,
  name: schulname,
});

/**
 * The edit form of a school's page: Dienststellennummer and name by the rules of creation, and, hidden, the two as
 * the form was read together with the school's version. The action compares them with the school as it is now:
 * someone else's change in the meantime is shown, never overwritten unseen.
 */
export const EditSchuleSchema = z.object({
  kennung: dienststellennummer,
  name: schulname,
  gelesenKennung: z.string().default(""),
  gelesenName: z.string().default(""),
  version: z.coerce.number().int().catch(0),
});
