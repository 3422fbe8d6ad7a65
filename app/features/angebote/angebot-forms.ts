import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { CURRENT_PROVIDER_KATEGORIEN, ROLLENARTEN } from "@contract/enums";
import { ROLLE_NAME_CHARACTERS } from "@contract/requests";
import { textKey } from "~/i18n";
import { ANBIETEN_IN, ZUWEISUNG } from "./angebot-auswahl";

/** The role extension's form (decision 024): the school and the role to extend there by the page's offer. */
export const RollenerweiterungSchema = z.object({
  schule: z.string({ required_error: textKey("validation.schule.required") }).uuid(textKey("validation.schule.required")),
  rolle: z
    .string({ required_error: textKey("angebote:erweiterung.validation.rolleRequired") })
    .uuid(textKey("angebote:erweiterung.validation.rolleRequired")),
});

/** The longest offer name and link the upstream stores (`CreateServiceProviderBodyParams`). */
export const ANGEBOTSNAME_MAX = 50;
const LINK_MAX = 2000;

const angebotsname = z
  .string({ required_error: textKey("angebote:form.validation.nameRequired") })
  .transform((name) => name.normalize("NFC"))
  .pipe(
    z
      .string()
      .refine((name) => name.trim() !== "", textKey("angebote:form.validation.nameRequired"))
      .refine((name) => name.length <= ANGEBOTSNAME_MAX, textKey("angebote:form.validation.nameTooLong"))
      .refine((name) => name.trim() === name, textKey("angebote:form.validation.nameOuterSpaces"))
      .refine((name) => ROLLE_NAME_CHARACTERS.test(name), textKey("angebote:form.validation.nameCharacters")),
  );

/** A web address the start page can open: http or https, at most 2 000 characters. */
const link = z
  .string({ required_error: textKey("angebote:form.validation.linkRequired") })
  .trim()
  .min(1, textKey("angebote:form.validation.linkRequired"))
  .max(LINK_MAX, textKey("angebote:form.validation.linkTooLong"))
  .refine((value) => /^https?:\/\/[^\s/]+\.[^\s]*$/i.test(value) && URL.canParse(value), textKey("angebote:form.validation.linkInvalid"));

const choices = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values, { message: textKey("angebote:form.validation.unknownChoice") }))
    .max(20)
    .default([])
    .transform((chosen) => [...new Set(chosen)]);

/** What the create and the edit form share. A restricted administrator's post carries no kategorie: the upstream sets it. */
const angebotFields = {
  name: angebotsname,
  link,
  kategorie: z.enum(CURRENT_PROVIDER_KATEGORIEN, { message: textKey("angebote:form.validation.kategorieRequired") }).optional(),
  zuweisung: choices(ZUWEISUNG),
  anbietenIn: choices(ANBIETEN_IN),
  rollenarten: choices(ROLLENARTEN),
};

export const AngebotAnlegenSchema = z.object({
  ebene: z
    .string({ required_error: textKey("angebote:form.validation.ebeneRequired") })
    .uuid(textKey("angebote:form.validation.ebeneRequired")),
  // The restricted right's form has no such question (the upstream sets "no"), hence the default.
  requires2fa: z.enum(["ja", "nein"], { message: textKey("angebote:form.validation.requires2faRequired") }).default("nein"),
  ...angebotFields,
});

/** The edit form also carries the state it was read at (`stand`), so a change by someone else meanwhile is noticed. */
export const AngebotBearbeitenSchema = z.object({
  stand: z.string().max(64),
  // The second post after the warning that saving removes Rollenerweiterungen.
  bestaetigt: z.literal("1").optional(),
  ...angebotFields,
});

/**
 * The one-step form of a school's extensions (issue 34 §4): the roles ticked get the offer at the school. `gelesen` is
 * what was extended when the page was read; only those can be taken away, so an extension someone else added meanwhile
 * is not removed by a form that never showed it.
 */
export const ErweiterungenSchema = z.object({
  schule: z.string({ required_error: textKey("validation.schule.required") }).uuid(textKey("validation.schule.required")),
  rollen: z.array(z.string().uuid()).max(500).default([]),
  gelesen: z.array(z.string().uuid()).max(500).default([]),
});

/** The browser's checks of the two offer forms, loaded when the user starts working in one (decision 019). */
export const angebotAnlegenCheck = (formData: FormData) => parseWithZod(formData, { schema: AngebotAnlegenSchema });
export const angebotBearbeitenCheck = (formData: FormData) => parseWithZod(formData, { schema: AngebotBearbeitenSchema });
export const rollenerweiterungCheck = (formData: FormData) => parseWithZod(formData, { schema: RollenerweiterungSchema });
export const erweiterungenCheck = (formData: FormData) => parseWithZod(formData, { schema: ErweiterungenSchema });
