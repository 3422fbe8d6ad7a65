import { z } from "zod";
import { textKey, type TranslationKey } from "~/i18n";
import { endOfSchoolYear, germanToday, parseGermanDay, type CalendarDay, type GermanDayProblem } from "~/dates";
import { BEFRISTUNG_ARTEN } from "./befristung-wahl";

/**
 * Date rules of spec §5, shared by browser and server. Messages are i18n keys. `today` is asked at every check, not
 * at import: a page left open over midnight, and the server, judge by the day of the submission.
 */
type Today = () => CalendarDay;

const DAY_PROBLEM_MESSAGES: Record<GermanDayProblem, TranslationKey> = {
  format: textKey("validation.date.format"),
  year: textKey("validation.date.year"),
  noSuchDay: textKey("validation.date.noSuchDay"),
};

/**
 * A day typed as DD.MM.YYYY that lies after today, as a `CalendarDay`. Today itself is refused as the old client
 * refused it (a Befristung or lock ending today would end before it is saved, inventory §3); the message says
 * "from tomorrow" so nobody has to guess.
 */
export function futureGermanDay({ today = germanToday }: { today?: Today } = {}) {
  return z.string({ required_error: textKey("validation.date.required") }).transform((text, context): CalendarDay => {
    const parsed = parseGermanDay(text);
    if ("problem" in parsed) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: DAY_PROBLEM_MESSAGES[parsed.problem] });
      return z.NEVER;
    }
    if (parsed.day <= today()) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: textKey("validation.date.notInFuture") });
      return z.NEVER;
    }
    return parsed.day;
  });
}

/**
 * A Befristung as a pair of fields, `art` (radio) and `datum` (text), nested under the form's field name:
 * `befristung: befristungSchema({ pflicht })` gives the inputs `befristung.art` and `befristung.datum`.
 * The result is `{ bis }`: the last day, or null for "unbefristet".
 *
 * - `pflicht`: the role has BEFRISTUNG_PFLICHT; "unbefristet" is refused (spec §5).
 * - A day typed next to another choice is refused rather than guessed: without JavaScript nothing ties the text
 *   field to its radio, and which of the two the user meant last is unknown.
 */
export function befristungSchema({ pflicht, today = germanToday }: { pflicht: boolean; today?: Today }) {
  const datum = futureGermanDay({ today });
  return z
    .object({
      art: z.enum(BEFRISTUNG_ARTEN, { errorMap: () => ({ message: textKey("validation.befristung.chooseArt") }) }),
      datum: z.string().optional(),
    })
    .transform((value, context): { bis: CalendarDay | null } => {
      if (value.art !== "datum" && value.datum !== undefined) {
        context.addIssue({ code: z.ZodIssueCode.custom, path: ["datum"], message: textKey("validation.befristung.datumWithoutArt") });
        return z.NEVER;
      }
      if (value.art === "unbefristet") {
        if (!pflicht) return { bis: null };
        context.addIssue({ code: z.ZodIssueCode.custom, path: ["art"], message: textKey("validation.befristung.pflicht") });
        return z.NEVER;
      }
      if (value.art === "schuljahresende") return { bis: endOfSchoolYear(today()) };
      const parsed = datum.safeParse(value.datum);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) context.addIssue({ ...issue, path: ["datum"] });
        return z.NEVER;
      }
      return { bis: parsed.data };
    });
}
