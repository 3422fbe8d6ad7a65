import { z } from "zod";
import { textKey } from "~/i18n";

/** The role extension's form (decision 024): the school and the role to extend there by the page's offer. */
export const RollenerweiterungSchema = z.object({
  schule: z.string({ required_error: textKey("validation.schule.required") }).uuid(textKey("validation.schule.required")),
  rolle: z
    .string({ required_error: textKey("angebote:erweiterung.validation.rolleRequired") })
    .uuid(textKey("angebote:erweiterung.validation.rolleRequired")),
});
