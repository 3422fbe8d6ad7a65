import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ErrorCode } from "~/errors";
import { useFormBusy } from "~/hooks/use-form-busy";
import { FormError } from "~/components/form-error";
import { FormIdentity } from "~/components/submit-button";
import { DialogCancel, RouteDialog } from "~/components/route-dialog";
import type { RouteDialogControl } from "~/hooks/use-route-dialog";

/** The dialog parameter of the school delete: `?loeschen=<id>` over the list, `?loeschen` on the school's page. */
export const SCHULE_LOESCHEN = "loeschen";

const FORM_ID = "schule-loeschen";

const CONDITIONS = [
  "schulen:delete.conditionPersonen",
  "schulen:delete.conditionKlassen",
  "schulen:delete.conditionRollen",
  "schulen:delete.conditionErweiterungen",
  "schulen:delete.conditionAngebote",
] as const;

/**
 * "Delete this school for good?" with its Dienststellennummer and name, and what the server requires first, so a
 * refusal is no surprise. Its form posts to the page it is shown on.
 */
export function SchuleLoeschenDialog({
  dialog,
  schule,
  error,
}: {
  dialog: RouteDialogControl;
  schule: { label: string };
  error?: ErrorCode | null;
}) {
  const { t } = useTranslation();
  const busy = useFormBusy(FORM_ID);
  return (
    <RouteDialog dialog={dialog} title={t("schulen:delete.title")} description={t("schulen:delete.question", { schule: schule.label })}>
      <p id="schule-loeschen-bedingungen">{t("schulen:delete.conditions")}</p>
      <ul aria-labelledby="schule-loeschen-bedingungen" className="mb-6 list-disc pl-6">
        {CONDITIONS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <FormError id="schule-loeschen-fehler" code={error} />
      <Form method="post" {...dialog.formProps} className="dialog-actions">
        <FormIdentity formId={FORM_ID} />
        <DialogCancel dialog={dialog}>{t("form.cancel")}</DialogCancel>
        <button type="submit" className="btn-danger" disabled={busy}>
          {t("schulen:delete.confirm")}
        </button>
      </Form>
    </RouteDialog>
  );
}
