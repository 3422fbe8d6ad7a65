import { z } from "zod";
import { textKey } from "~/i18n";
import { germanToday, type CalendarDay } from "~/dates";
import { futureGermanDay } from "~/features/zuordnungen/befristung";

/**
 * The forms of a person's lock (inventory §4.8.7), shared by browser and server. Messages are i18n keys; `today` is
 * asked at every check, so a form left open over midnight is judged by the day it is sent.
 */

export const SPERR_DAUER = ["unbefristet", "befristet"] as const;

/** "I have cleared it with the locking office": a checkbox that must be ticked before a lock is changed or lifted. */
const bestaetigt = z.string({ required_error: textKey("personAktionen:lock.validation.bestaetigt") });

/**
 * Lock or change a lock. A new lock names the office it is set in the name of, one of `organisationen` (the
 * administrator's own organisations above the person); a change keeps the lock's office and asks for the
 * confirmation instead. The lock lasts without end or until a day after today. The result's `bis` is the last day
 * of the lock, or null.
 */
export function sperrenSchema({
  aendern,
  organisationen,
  today = germanToday,
}: {
  aendern: boolean;
  organisationen: readonly string[];
  today?: () => CalendarDay;
}) {
  const datum = futureGermanDay({ today });
  const lockedBy = aendern
    ? z.string().optional()
    : z
        .string({ required_error: textKey("personAktionen:lock.validation.organisation") })
        .refine((id) => organisationen.includes(id), textKey("personAktionen:lock.validation.organisation"));
  return z
    .object({
      lockedBy,
      bestaetigt: aendern ? bestaetigt : z.string().optional(),
      dauer: z.enum(SPERR_DAUER, { errorMap: () => ({ message: textKey("personAktionen:lock.validation.dauer") }) }),
      datum: z.string().optional(),
    })
    .transform((value, context): { lockedBy: string | undefined; bis: CalendarDay | null } => {
      if (value.dauer === "unbefristet") {
        // Without JavaScript nothing ties the date to its radio button: a typed date next to "unbefristet" is asked about.
        if (value.datum === undefined) return { lockedBy: value.lockedBy, bis: null };
        context.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["datum"],
          message: textKey("personAktionen:lock.validation.datumOhneBefristung"),
        });
        return z.NEVER;
      }
      const parsed = datum.safeParse(value.datum);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) context.addIssue({ ...issue, path: ["datum"] });
        return z.NEVER;
      }
      return { lockedBy: value.lockedBy, bis: parsed.data };
    });
}

/** Lift a manual lock: only with the confirmation. */
export const entsperrenSchema = z.object({ bestaetigt });

/**
 * Lift a KoPers lock by entering the KoPers number (spec: required for the role, no leading or trailing spaces).
 */
export const kopersSchema = z.object({
  personalnummer: z
    .string({ required_error: textKey("personAktionen:kopers.validation.required") })
    .refine((value) => value.trim() === value, textKey("personAktionen:kopers.validation.outerSpaces")),
});
