import type { FormMetadata } from "@conform-to/react";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { useFormBusy } from "~/hooks/use-form-busy";
import { useChangedSinceStored } from "~/hooks/use-changed-since-stored";
import { useHydrated } from "~/hooks/use-hydrated";
import { BusySpinner, FormIdentity } from "./submit-button";

/**
 * The submit button of an edit form, which saves only a change. With JavaScript it is disabled until a field differs
 * from its stored value; `aria-disabled` rather than `disabled`, so it stays in the tab order and a hint says why.
 * Without JavaScript it always submits, and the action answers an unchanged post with a neutral "nothing changed"
 * (the same `hasChanges`, then `nothingChanged`) instead of asking the upstream.
 *
 * Busy (disabled, with a spinner) only while its own form posts (`useFormBusy`), like `SubmitButton`.
 *
 * `stored` holds the editable fields as stored. The button reads the fields from the form itself on every input:
 * conform's `form.dirty` compares the serialised form (a field order unlike the default value's reads as a change
 * forever), and its `form.value` follows typing only once a field has been checked.
 */
export function SaveButton<Schema extends Record<string, unknown>>({
  form,
  stored,
  label,
}: {
  form: FormMetadata<Schema, string[]>;
  stored: Record<string, string>;
  label?: string;
}) {
  const { t } = useTranslation();
  const busy = useFormBusy(form.id);
  const hydrated = useHydrated();
  const changed = useChangedSinceStored(form.id, stored);
  const unchanged = hydrated && !changed;
  const hintId = `${form.id}-unveraendert`;
  // Also stops the implicit submit of Enter in a text field, which clicks this (the form's default) button.
  const refuseUnchanged = (event: MouseEvent<HTMLButtonElement>) => {
    if (unchanged) event.preventDefault();
  };
  return (
    <>
      <FormIdentity formId={form.id} />
      <button
        type="submit"
        className="btn-primary"
        disabled={busy}
        aria-disabled={unchanged || undefined}
        aria-describedby={unchanged ? hintId : undefined}
        onClick={refuseUnchanged}
      >
        {busy ? <BusySpinner /> : null}
        {label ?? t("form.save")}
      </button>
      {/* Always in the page, so the buttons beside it never move when the scripts start or a field changes: a press
          that began on a button would end beside it and be lost. Without JavaScript it states the rule (an unchanged
          post answers "nothing changed"); with JavaScript it is hidden, space kept, once something changed. */}
      <p id={hintId} className={`self-center text-sm text-gray-700${hydrated && changed ? " invisible" : ""}`}>
        {t("form.saveNeedsChange")}
      </p>
    </>
  );
}
