import { z } from "zod";

/**
 * The four error body shapes of the upstream (ORGANISATIONS_ROLES.md §0.3, PERSONS.md §1.5).
 * Only the fields that decide the error code are modelled; everything else passes through.
 */
export const DbiamErrorBody = z.object({ i18nKey: z.string(), code: z.number() });
export const SchulConnexErrorBody = z.object({
  code: z.number(),
  subcode: z.string(),
  titel: z.string(),
  beschreibung: z.string(),
});
export const FrameworkErrorBody = z.object({ statusCode: z.number(), message: z.string(), error: z.string().optional() });

export const ErrorBody = z
  .object({
    i18nKey: z.string().optional(),
    code: z.union([z.number(), z.string()]).optional(),
  })
  .passthrough();
export type ErrorBody = z.infer<typeof ErrorBody>;
