import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { ROLLE_NAME_CHARACTERS } from "@contract/requests";
import { ROLLEN_MERKMALE, ROLLENARTEN } from "@contract/enums";
import { textKey } from "~/i18n";

/** The longest role name the upstream stores (ORGANISATIONS_ROLES.md §5.0). */
export const ROLLENNAME_MAX = 200;

/** More ticks than any form offers: a post with thousands of values is refused before anything is looked up. */
const MAX_CHOICES = 200;

/**
 * A role's name by the upstream's rules: required, at most 200 characters, no blank at either end, and only the
 * characters of names (DIN 91379 Latin letters, digits, round brackets and the marks of names). Checked in its NFC
 * form, as the upstream does, so "é" typed as e and an accent counts as one character.
 */
export const rollenname = z
  .string({ required_error: textKey("rollen:validation.name.required") })
  .transform((name) => name.normalize("NFC"))
  .pipe(
    z
      .string()
      .min(1, textKey("rollen:validation.name.required"))
      .refine((name) => name.trim() !== "", textKey("rollen:validation.name.required"))
      .refine((name) => name.length <= ROLLENNAME_MAX, textKey("rollen:validation.name.tooLong"))
      .refine((name) => name.trim() === name, textKey("rollen:validation.name.outerSpaces"))
      .refine((name) => ROLLE_NAME_CHARACTERS.test(name), textKey("rollen:validation.name.invalidCharacters")),
  );

const choices = <T extends z.ZodTypeAny>(item: T) =>
  z
    .array(item)
    .max(MAX_CHOICES, textKey("rollen:validation.tooMany"))
    .default([])
    .transform((values) => [...new Set(values)] as z.output<T>[]);

const angebotIds = choices(z.string().uuid(textKey("rollen:validation.angebote.unknown")));
const merkmale = choices(z.enum(ROLLEN_MERKMALE, { message: textKey("rollen:validation.merkmale.unknown") }));
// A right is any upstream name here (a newer upstream may know more than this portal); the action checks it against
// the upstream's own list of rights before anything is sent.
const systemrechte = choices(
  z
    .string()
    .max(100, textKey("rollen:validation.systemrechte.unknown"))
    .regex(/^[A-Z0-9_]+$/, textKey("rollen:validation.systemrechte.unknown")),
);

/** The create form: level and rollenart first, then name, merkmale, offers and rights. */
export const CreateRolleSchema = z.object({
  ebene: z.string({ required_error: textKey("rollen:validation.ebene.required") }).uuid(textKey("rollen:validation.ebene.required")),
  rollenart: z.enum(ROLLENARTEN, {
    required_error: textKey("rollen:validation.rollenart.required"),
    invalid_type_error: textKey("rollen:validation.rollenart.required"),
    message: textKey("rollen:validation.rollenart.required"),
  }),
  name: rollenname,
  merkmale,
  angebote: angebotIds,
  systemrechte,
});
export type CreateRolleValues = z.output<typeof CreateRolleSchema>;

/**
 * The edit form: what may change (level and rollenart stay), and, hidden, the version it was read at. The upstream
 * refuses a save on an older version, so someone else's change meanwhile is shown instead of overwritten.
 */
export const EditRolleSchema = z.object({
  name: rollenname,
  merkmale,
  angebote: angebotIds,
  systemrechte,
  version: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).catch(0),
});
export type EditRolleValues = z.output<typeof EditRolleSchema>;

/** A set of values in one spelling, for "did anything change?": sorted, one per line. */
export const setKey = (values: readonly string[]) => [...new Set(values)].sort().join("\n");

/** The browser's checks, loaded at the first focus in the form (decision 019): the pages render without zod. */
export const createRolleCheck = (formData: FormData) => parseWithZod(formData, { schema: CreateRolleSchema });
export const editRolleCheck = (formData: FormData) => parseWithZod(formData, { schema: EditRolleSchema });
