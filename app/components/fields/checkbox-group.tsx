import { ChoiceGroup, type ChoiceGroupProps } from "./choice-group";

export type { FieldOption } from "./choice-group";

/** Several choices from a short list, as checkboxes under a legend. For long lists use `MultiSelect`. */
export function CheckboxGroup<Schema>(props: ChoiceGroupProps<Schema>) {
  return <ChoiceGroup type="checkbox" {...props} />;
}
