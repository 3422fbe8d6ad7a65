import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { textKey } from "~/i18n";
import { KOPERS_MAX } from "./aenderungen";
import { befristungSchema } from "./befristung";

/**
 * The sub-forms of "Schulzuordnungen bearbeiten" (inventory §4.8.5). They are checked on the server only: each of
 * their buttons is a round trip that also narrows the choices (organisation → roles → classes), and a browser-side
 * check would stop the buttons that only ask for narrower choices.
 */

const choice = (message: Parameters<typeof textKey>[0]) => z.string({ required_error: textKey(message) }).uuid(textKey(message));

/** What the add form decides by, from the workflow step and the chosen role. */
export interface HinzufuegenRegeln {
  /** The chosen role is a pupil's role: a class is required. */
  klassePflicht: boolean;
  befristungPflicht: boolean;
  /** The role asks for a KoPers number and the person has none. */
  kopersNoetig: boolean;
}

export function hinzufuegenSchema(regeln: HinzufuegenRegeln) {
  return z
    .object({
      schule: choice("person:zuordnungenBearbeiten.validation.schule"),
      rolle: choice("person:zuordnungenBearbeiten.validation.rolle"),
      klasse: regeln.klassePflicht ? choice("person:zuordnungenBearbeiten.validation.klasse") : z.string().uuid().optional(),
      befristung: befristungSchema({ pflicht: regeln.befristungPflicht }),
      kopers: z
        .string()
        .max(KOPERS_MAX, textKey("person:zuordnungenBearbeiten.validation.kopersLength"))
        .refine((value) => value.trim() === value, textKey("person:validation.personalnummer.outerSpaces"))
        .optional(),
      ohneKopers: z.literal("on").optional(),
    })
    .superRefine((value, context) => {
      if (regeln.kopersNoetig && !value.kopers && !value.ohneKopers) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["kopers"],
          message: textKey("person:zuordnungenBearbeiten.validation.kopers"),
        });
      }
    });
}

export const versetzenSchema = z.object({ klasse: choice("person:zuordnungenBearbeiten.validation.neueKlasse") });

export const befristungAendernSchema = (pflicht: boolean) => z.object({ befristung: befristungSchema({ pflicht }) });

/**
 * The browser's check while "Befristung ändern" is open (it narrows nothing, so a field can be checked when it is
 * left, as on every other form): a date that is not after today is said at once. Going back is never stopped.
 */
export const befristungAendernCheck = (pflicht: boolean) => (formData: FormData) =>
  formData.get("intent") === "zurueck"
    ? parseWithZod(formData, { schema: z.object({}).passthrough() })
    : parseWithZod(formData, { schema: befristungAendernSchema(pflicht) });
