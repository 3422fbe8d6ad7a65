import { z } from "zod";
import { PERSON_NAME_CHARACTERS } from "@contract/requests";
import { textKey } from "~/i18n";

/**
 * The edit form of a person's names and KoPers number, shared by browser and server (spec section 5, inventory
 * §4.8.2). Messages are i18n keys.
 */

/** A first or last name (spec §5): required, no outer spaces, at least 2 characters, DIN 91379 letters (no digits). */
export const personName = (which: "vorname" | "familienname") =>
  z
    .string({ required_error: textKey(`person:validation.${which}.required`) })
    .min(1, textKey(`person:validation.${which}.required`))
    .refine((name) => name.trim() === name, textKey(`person:validation.${which}.outerSpaces`))
    .refine((name) => name.length >= 2, textKey(`person:validation.${which}.tooShort`))
    .refine((name) => PERSON_NAME_CHARACTERS.test(name.normalize("NFC")), textKey(`person:validation.${which}.characters`));

/**
 * `kopersVorhanden`: the person has a KoPers number, which can be changed but not removed. An empty field of a person
 * without one stays without one.
 */
export function personBearbeitenSchema({ kopersVorhanden }: { kopersVorhanden: boolean }) {
  const personalnummer = z
    .string()
    .refine((value) => value.trim() === value, textKey("person:validation.personalnummer.outerSpaces"))
    .refine((value) => value.trim() !== "" || value === "", textKey("person:validation.personalnummer.outerSpaces"));
  return z.object({
    vorname: personName("vorname"),
    familienname: personName("familienname"),
    personalnummer: kopersVorhanden
      ? z.string({ required_error: textKey("person:validation.personalnummer.required") }).pipe(personalnummer)
      : personalnummer.optional().transform((value) => value ?? ""),
    // The record the form was built from: the upstream refuses a change of a newer one.
    revision: z.string().min(1),
    lastModified: z.string().min(1),
  });
}

export type PersonBearbeitenValues = z.output<ReturnType<typeof personBearbeitenSchema>>;
