import { z } from "zod";
import { textKey } from "~/i18n";

/** The notice's text: 1 to 2000 characters (ORGANISATIONS_ROLES §7.0, `MELDUNG_INHALT` beyond). */
export const HINWEIS_MAX_LENGTH = 2000;

/**
 * A browser posts a textarea's line breaks as CR LF, while its `maxlength` and the live counter count each as one
 * character, as the old client sent them: the text is stored with plain LF, so 2000 characters with line breaks fit.
 */
export const normalizeLineBreaks = (text: string) => text.replace(/\r\n?/g, "\n");

/** What each button of the editor does with the publication state; a post without one (Enter) only saves. */
export const HINWEIS_INTENTS = ["speichern", "veroeffentlichen", "beenden"] as const;
export type HinweisIntent = (typeof HINWEIS_INTENTS)[number];

export const HinweisSchema = z.object({
  inhalt: z
    .string({ required_error: textKey("hinweise:validation.inhalt.required") })
    .transform(normalizeLineBreaks)
    .pipe(
      z
        .string()
        // Blanks alone would show an empty notice on every start page.
        .refine((text) => text.trim().length > 0, textKey("hinweise:validation.inhalt.required"))
        .refine((text) => text.length <= HINWEIS_MAX_LENGTH, textKey("hinweise:validation.inhalt.tooLong")),
    ),
  intent: z.enum(HINWEIS_INTENTS).catch("speichern"),
  // The notice and its revision the form was read at ("" and 0 when there was none): someone else's save since then
  // is a conflict, never overwritten unseen.
  id: z.string().optional(),
  revision: z.coerce.number().int().min(0),
});
export type HinweisForm = z.output<typeof HinweisSchema>;
