import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { textKey } from "~/i18n";
import { KOPERS_MAX } from "~/features/zuordnungen/aenderungen";
import { befristungSchema } from "~/features/zuordnungen/befristung";
import { personName } from "~/features/person/person-forms";

/**
 * The form "Benutzer anlegen" / "Andere Person (neu anlegen)" (inventory §4.9), shared by browser and server. Which
 * fields it asks for depends on the chosen roles (`AnlegenRegeln`, from the workflow step); the browser has them from
 * the page's last answer, the server from the step it asks again on every post.
 */

/** What the chosen roles ask for. */
export interface AnlegenRegeln {
  /** A pupil's role (LERN) is chosen: a class is required. */
  klassePflicht: boolean;
  /** A chosen role has BEFRISTUNG_PFLICHT: "unbefristet" is not possible. */
  befristungPflicht: boolean;
  /** A chosen role has KOPERS_PFLICHT: a KoPers number, or the confirmation that there is none. */
  kopersPflicht: boolean;
}

export const KEINE_REGELN: AnlegenRegeln = { klassePflicht: false, befristungPflicht: false, kopersPflicht: false };

const choice = (message: Parameters<typeof textKey>[0]) => z.string({ required_error: textKey(message) }).uuid(textKey(message));

export function personAnlegenSchema(regeln: AnlegenRegeln) {
  return z
    .object({
      organisation: choice("person:anlegen.validation.organisation"),
      rollen: z
        .array(z.string().uuid(textKey("person:anlegen.validation.rollen")), {
          required_error: textKey("person:anlegen.validation.rollen"),
        })
        .min(1, textKey("person:anlegen.validation.rollen"))
        .max(20, textKey("person:anlegen.validation.rollen")),
      klasse: regeln.klassePflicht ? choice("person:anlegen.validation.klasse") : z.string().uuid().optional(),
      befristung: befristungSchema({ pflicht: regeln.befristungPflicht }),
      vorname: personName("vorname"),
      familienname: personName("familienname"),
      kopers: z
        .string()
        .max(KOPERS_MAX, textKey("person:anlegen.validation.kopersLength"))
        .refine((value) => value.trim() === value, textKey("person:validation.personalnummer.outerSpaces"))
        .optional(),
      ohneKopers: z.literal("on").optional(),
    })
    .superRefine((value, context) => {
      if (regeln.kopersPflicht && !value.kopers && !value.ohneKopers) {
        context.addIssue({ code: z.ZodIssueCode.custom, path: ["kopers"], message: textKey("person:anlegen.validation.kopers") });
      }
    });
}

export type PersonAnlegenValues = z.output<ReturnType<typeof personAnlegenSchema>>;

/** The buttons that only ask for narrower choices (search, "Auswahl aktualisieren"): the server answers them. */
const LAX = z.object({}).passthrough();

/**
 * The browser's check of the form (loaded on demand, `useCheckOnDemand`): a field when it is left (no button, and
 * conform reports only that field) and "anlegen" in full.
 */
export function personAnlegenCheck(regeln: AnlegenRegeln) {
  const schema = personAnlegenSchema(regeln);
  return (formData: FormData) => {
    const intent = formData.get("intent");
    return parseWithZod(formData, { schema: intent === null || intent === "anlegen" ? schema : LAX });
  };
}
