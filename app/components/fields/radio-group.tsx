import type { ReactNode } from "react";
import { ChoiceGroup, type ChoiceGroupProps, type FieldOption } from "./choice-group";

export type { FieldOption } from "./choice-group";

/**
 * One choice from a short list, as radio buttons under a legend. `detail` puts content under an option's label,
 * e.g. the date field that belongs to "until a date".
 */
export function RadioGroup<Schema>({ detail, ...props }: ChoiceGroupProps<Schema> & { detail?: (option: FieldOption) => ReactNode }) {
  return <ChoiceGroup type="radio" detail={detail} {...props} />;
}
