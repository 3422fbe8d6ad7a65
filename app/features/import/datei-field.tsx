import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldLabel } from "~/components/field-label";
import { ErrorList } from "~/components/forms";
import { useServerAutoFocus } from "~/hooks/use-server-auto-focus";

/** The file field of the import form, in the form kit's manner: label, hint, error, focus after a refused post. */
export function DateiField({ field, label, hint }: { field: FieldMetadata<File>; label: string; hint: string }) {
  const autoFocus = useServerAutoFocus(field.errors);
  const hintId = `${field.id}-hint`;
  const describedBy = [hintId, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ");
  return (
    <div className="mb-4">
      <FieldLabel id={field.id} label={label} required hint={hint} />
      <input
        {...getInputProps(field, { type: "file" })}
        key={field.key}
        accept=".csv,text/csv"
        required
        autoFocus={autoFocus}
        aria-describedby={describedBy}
        className="block max-w-md"
      />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
