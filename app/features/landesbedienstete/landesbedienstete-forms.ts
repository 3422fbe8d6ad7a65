import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { textKey } from "~/i18n";
import { KOPERS_MAX } from "~/features/zuordnungen/aenderungen";
import { befristungSchema } from "~/features/zuordnungen/befristung";
import { SUCH_ARTEN } from "./landesbedienstete";

/**
 * The state-employee screens (inventory §4.9.3, §4.10). The search is one criterion at a time: the chosen kind
 * (`art`) decides which fields count, the others are ignored (without JavaScript all of them are in the form).
 */

const NAME_MAX = 100;
const EMAIL_MAX = 254;
/**
 * An address as a person types it: something, one "@", a domain with a dot; no spaces. Deliberately wide: an
 * internationalised address (`test@spaß.de`) is a valid address, and whether it exists is the upstream's answer.
 */
const EMAIL_FORM = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/u;

/** What the upstream search is asked: exactly one criterion, names as one. */
export type Suchkriterium =
  | { art: "kopers"; personalnummer: string }
  | { art: "email"; primaryEmailAddress: string }
  | { art: "benutzername"; username: string }
  | { art: "name"; vorname: string; familienname: string };

// Surrounding spaces are never part of what is searched for (a pasted number, a name typed with a space).
const trimmed = (max: number, tooLong: Parameters<typeof textKey>[0]) =>
  z
    .string()
    .transform((value) => value.trim())
    // A refinement, not a pipe: conform would read the trimmed "" of a pipe's second schema as "missing".
    .refine((value) => value.length <= max, textKey(tooLong))
    .optional();

export const sucheSchema = z
  .object({
    art: z.enum(SUCH_ARTEN, { errorMap: () => ({ message: textKey("landesbedienstete:validation.art") }) }),
    kopers: trimmed(KOPERS_MAX, "landesbedienstete:validation.kopersLength"),
    email: trimmed(EMAIL_MAX, "landesbedienstete:validation.emailLength"),
    benutzername: trimmed(NAME_MAX, "landesbedienstete:validation.nameLength"),
    vorname: trimmed(NAME_MAX, "landesbedienstete:validation.nameLength"),
    familienname: trimmed(NAME_MAX, "landesbedienstete:validation.nameLength"),
  })
  .superRefine((value, context) => {
    const missing = (path: string, message: Parameters<typeof textKey>[0]) =>
      context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message: textKey(message) });
    switch (value.art) {
      case "kopers":
        if (!value.kopers) missing("kopers", "landesbedienstete:validation.kopers");
        break;
      case "email":
        if (!value.email) missing("email", "landesbedienstete:validation.email");
        else if (!EMAIL_FORM.test(value.email)) missing("email", "landesbedienstete:validation.emailFormat");
        break;
      case "benutzername":
        if (!value.benutzername) missing("benutzername", "landesbedienstete:validation.benutzername");
        break;
      case "name":
        // The pair counts as one criterion: each name asks for the other.
        if (!value.vorname)
          missing("vorname", value.familienname ? "landesbedienstete:validation.vornameAuch" : "landesbedienstete:validation.vorname");
        if (!value.familienname)
          missing(
            "familienname",
            value.vorname ? "landesbedienstete:validation.familiennameAuch" : "landesbedienstete:validation.familienname",
          );
        break;
    }
  })
  .transform((value): Suchkriterium => {
    switch (value.art) {
      case "kopers":
        return { art: "kopers", personalnummer: value.kopers! };
      case "email":
        return { art: "email", primaryEmailAddress: value.email! };
      case "benutzername":
        return { art: "benutzername", username: value.benutzername! };
      case "name":
        return { art: "name", vorname: value.vorname!, familienname: value.familienname! };
    }
  });

/** The browser's check of the search (loaded on demand, `useFormCheckedOnDemand`). */
export const sucheCheck = (formData: FormData) => parseWithZod(formData, { schema: sucheSchema });

const choice = (message: Parameters<typeof textKey>[0]) => z.string({ required_error: textKey(message) }).uuid(textKey(message));

/**
 * The add form (inventory §4.9.3): organisation, one or more roles, Befristung. Checked on the server only, as the
 * assignment form of a person's page: its buttons are round trips that also narrow the choices.
 */
export function hinzufuegenSchema({ befristungPflicht }: { befristungPflicht: boolean }) {
  return z.object({
    schule: choice("landesbedienstete:validation.schule"),
    rollen: z
      .array(z.string().uuid(textKey("landesbedienstete:validation.rollen")))
      .min(1, textKey("landesbedienstete:validation.rollen"))
      .max(20),
    befristung: befristungSchema({ pflicht: befristungPflicht }),
  });
}
