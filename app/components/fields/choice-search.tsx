import type { MouseEvent } from "react";
import { FieldLabel } from "~/components/field-label";

/**
 * A search that narrows a long choice inside a post form (the levels of a role or an offer): its button sends the form
 * as a GET, so the address holds the search and the page answers with the narrowed options. Enter in the search means
 * the search: without this, the browser would press the form's first button, the create.
 */
export function ChoiceSearch({
  id,
  name,
  label,
  defaultValue,
  hint,
  buttonLabel,
  onSearch,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  hint: string;
  buttonLabel: string;
  /** With JavaScript: how the form's GET is sent (else the browser's own form submission). */
  onSearch?: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  return (
    <div className="mb-4">
      <FieldLabel id={id} label={label} />
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          type="search"
          name={name}
          defaultValue={defaultValue}
          className="input max-w-xs"
          aria-describedby={`${id}-hint`}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            event.currentTarget.parentElement?.querySelector("button")?.click();
          }}
        />
        <button type="submit" formMethod="get" formNoValidate className="btn-secondary" onClick={onSearch}>
          {buttonLabel}
        </button>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
        {hint}
      </p>
    </div>
  );
}
