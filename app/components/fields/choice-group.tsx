import { getCollectionProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { RequiredMark } from "~/components/field-label";
import { ErrorList } from "~/components/forms";
import { useServerAutoFocus } from "~/hooks/use-server-auto-focus";

export interface FieldOption {
  value: string;
  label: string;
  /** A line under the label, e.g. why an option cannot be chosen. */
  hint?: string;
  disabled?: boolean;
}

export interface ChoiceGroupProps<Schema> {
  field: FieldMetadata<Schema, Record<string, unknown>, string[]>;
  legend: string;
  options: FieldOption[];
  /** A line under the legend, read with the group. */
  hint?: string;
}

interface Props<Schema> extends ChoiceGroupProps<Schema> {
  type: "checkbox" | "radio";
  /** Shown between the legend and the options (the multi-select's filter). */
  above?: ReactNode;
  /** Wraps the options (the multi-select's scrolling box). */
  listClassName?: string;
  /** Content under one option's label (the date field of "until a date"). */
  detail?: (option: FieldOption) => ReactNode;
  /** Options left out of view, yet still in the form (the multi-select's filter hides, never removes). */
  isHidden?: (option: FieldOption) => boolean;
  onToggle?: (value: string, checked: boolean) => void;
}

/**
 * Checkboxes or radio buttons as one named group: a fieldset whose legend is the question, the hint and the error
 * message tied to the group by `aria-describedby` (as the GOV.UK design system does; each input is marked
 * `aria-invalid`). Plain HTML that works without JavaScript; after a refused post without JavaScript the first
 * option to correct asks for the focus, as `TextField` does.
 */
export function ChoiceGroup<Schema>({
  type,
  field,
  legend,
  options,
  hint,
  above,
  listClassName,
  detail,
  isHidden,
  onToggle,
}: Props<Schema>) {
  const autoFocus = useServerAutoFocus(field.errors);
  const invalid = Boolean(field.errors?.length);
  const hintId = `${field.id}-hint`;
  const describedBy = [hint ? hintId : null, invalid ? field.errorId : null].filter(Boolean).join(" ");
  const inputs = getCollectionProps(field, { type, options: options.map((option) => option.value), ariaAttributes: false });
  const focusIndex = autoFocus ? firstToCorrect(inputs, options) : -1;
  return (
    <fieldset id={field.id} aria-describedby={describedBy || undefined} className="mb-4 min-w-0">
      <legend className="mb-1 font-semibold">
        {legend} <RequiredMark required={field.required} />
      </legend>
      {hint ? (
        <p id={hintId} className="mb-2 text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      {above}
      <div className={listClassName}>
        {options.map((option, index) => {
          const { key, ...input } = inputs[index];
          // Values may be anything (a UUID, a name with spaces); ids by position are always valid.
          const id = `${field.id}-${index}`;
          const optionHintId = `${id}-hint`;
          return (
            // A class, not the `hidden` attribute: Tailwind's `flex` would override the attribute's display:none.
            <div key={key ?? option.value} className={isHidden?.(option) ? "hidden" : "flex items-start gap-2 py-1"}>
              <input
                {...input}
                id={id}
                disabled={option.disabled}
                aria-invalid={invalid || undefined}
                aria-describedby={option.hint ? optionHintId : undefined}
                autoFocus={index === focusIndex}
                onChange={onToggle ? (event) => onToggle(option.value, event.currentTarget.checked) : undefined}
                className="mt-0.5 h-5 w-5 shrink-0 accent-primary"
              />
              <div className="min-w-0">
                <label htmlFor={id}>{option.label}</label>
                {option.hint ? (
                  <p id={optionHintId} className="text-sm text-gray-700">
                    {option.hint}
                  </p>
                ) : null}
                {detail?.(option)}
              </div>
            </div>
          );
        })}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/** The option to focus after a refused post: the chosen one, else the first that can be chosen. */
function firstToCorrect(inputs: Array<{ defaultChecked?: boolean }>, options: FieldOption[]): number {
  const checked = inputs.findIndex((input, index) => input.defaultChecked && !options[index].disabled);
  return checked >= 0 ? checked : options.findIndex((option) => !option.disabled);
}
