import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { RequiredMark } from "~/components/field-label";
import { ErrorList } from "~/components/forms";
import { useServerAutoFocus } from "~/hooks/use-server-auto-focus";

/** One checkbox the user must tick to go on ("I have cleared it with the locking office"), with its error. */
export function BestaetigungsField({ field, label }: { field: FieldMetadata<string | undefined>; label: string }) {
  const autoFocus = useServerAutoFocus(field.errors);
  const invalid = Boolean(field.errors?.length);
  return (
    <div className="mb-4">
      <div className="flex items-start gap-2">
        <input
          {...getInputProps(field, { type: "checkbox", value: "ja" })}
          key={field.key}
          autoFocus={autoFocus}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? field.errorId : undefined}
          className="mt-0.5 h-5 w-5 shrink-0 accent-primary"
        />
        <label htmlFor={field.id}>
          {label} <RequiredMark required={field.required} />
        </label>
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
