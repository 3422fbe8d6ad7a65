import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { useCurrentFormError } from "~/hooks/use-current-form-error";
import { RequiredFieldsNote, TextField } from "~/components/forms";
import { Notice } from "~/components/notice";
import { ReloadLink } from "~/components/reload-link";
import { SaveButton } from "~/components/save-button";
import { useUnsavedChangesWarning } from "~/hooks/use-unsaved-changes-warning";
import type { ErrorCode } from "~/errors";
import { useInterruptedValues } from "~/hooks/use-interrupted-values";
import { useSchemaForm } from "~/hooks/use-schema-form";
import { EditSchuleSchema } from "./schule-forms";

const FORM_ID = "schule-bearbeiten";

interface Stand {
  kennung: string;
  name: string;
  version: number;
}

/**
 * The action's answer to this form: after a conflict it carries the school as it is now, and whether the other save
 * came in the same moment as this one (after the write, not before it).
 */
function answerOf(answer: unknown): { error: ErrorCode | null; current?: Stand; zugleich?: boolean } | undefined {
  if (typeof answer !== "object" || answer === null || !("result" in answer)) return undefined;
  return answer as unknown as { error: ErrorCode | null; current?: Stand; zugleich?: boolean };
}

/**
 * Dienststellennummer and name of a school. The form carries, hidden, the two as it was read (`stand`): a change by
 * someone else in the meantime ends in the conflict message, which shows the current values beside the kept input;
 * the form then carries the current state, so saving again replaces it knowingly.
 */
export function SchuleBearbeitenForm({ stand, cancelTo, reloadTo }: { stand: Stand; cancelTo: string; reloadTo: string }) {
  const { t } = useTranslation();
  const answer = answerOf(useActionData());
  const current = answer?.current;
  const { formHandlers, dialog } = useUnsavedChangesWarning();
  // After a save interrupted by a login the typed values come back with the state they were typed against.
  const interrupted = useInterruptedValues();
  const { form, fields, formProps } = useSchemaForm(EditSchuleSchema, {
    id: FORM_ID,
    defaultValue: { kennung: interrupted.kennung ?? stand.kennung, name: interrupted.name ?? stand.name },
  });
  const gelesen = current ?? {
    kennung: interrupted.gelesenKennung ?? stand.kennung,
    name: interrupted.gelesenName ?? stand.name,
    version: interrupted.version ?? stand.version,
  };
  const formError = useCurrentFormError(form, answer);

  return (
    <>
      <FormError
        id={`${FORM_ID}-fehler`}
        code={formError}
        // The code's own text asks for a reload; here the form keeps the input and offers both ways below.
        message={
          formError === "NEWER_VERSION_ORGANISATION" && current
            ? t(answer?.zugleich ? "schulen:edit.conflictSimultaneous" : "schulen:edit.conflictMessage")
            : undefined
        }
      />
      {formError === "NEWER_VERSION_ORGANISATION" && current ? (
        <Notice tone="info" className="mb-4">
          <p>{t("schulen:edit.conflictCurrent", { kennung: current.kennung, name: current.name })}</p>
          <p className="mt-2">{t("schulen:edit.conflictKept")}</p>
          <ReloadLink to={reloadTo}>{t("schulen:edit.reload")}</ReloadLink>
        </Notice>
      ) : null}
      <Form method="post" {...formProps} {...formHandlers} className="max-w-2xl">
        <RequiredFieldsNote />
        <input type="hidden" name={fields.gelesenKennung.name} value={gelesen.kennung} />
        <input type="hidden" name={fields.gelesenName.name} value={gelesen.name} />
        <input type="hidden" name={fields.version.name} value={String(gelesen.version)} />
        <TextField field={fields.kennung} label={t("schulen:fields.kennung")} hint={t("schulen:fields.kennungHint")} />
        <TextField field={fields.name} label={t("schulen:fields.name")} hint={t("schulen:fields.nameHint")} />
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={cancelTo} className="btn-secondary">
            {t("form.cancel")}
          </Link>
          <SaveButton form={form} stored={{ kennung: current?.kennung ?? stand.kennung, name: current?.name ?? stand.name }} />
        </div>
      </Form>
      {dialog}
    </>
  );
}
