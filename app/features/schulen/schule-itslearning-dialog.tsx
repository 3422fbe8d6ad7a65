import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ErrorCode } from "~/errors";
import { useFormBusy } from "~/hooks/use-form-busy";
import { FormError } from "~/components/form-error";
import { FormIdentity } from "~/components/submit-button";
import { DialogCancel, RouteDialog } from "~/components/route-dialog";
import type { RouteDialogControl } from "~/hooks/use-route-dialog";

/** The dialog parameter of the itslearning activation over the school list: `?itslearning=<id>`. */
export const SCHULE_ITSLEARNING = "itslearning";

const FORM_ID = "schule-itslearning";

/**
 * "Transmit this school to itslearning?": the first time it activates the school, afterwards it transmits the
 * school's data again. Its form posts to the page it is shown on.
 */
export function SchuleItslearningDialog({
  dialog,
  schule,
  error,
}: {
  dialog: RouteDialogControl;
  schule: { label: string; itslearning: boolean };
  error?: ErrorCode | null;
}) {
  const { t } = useTranslation();
  const busy = useFormBusy(FORM_ID);
  const values = { schule: schule.label };
  const again = schule.itslearning;
  return (
    <RouteDialog
      dialog={dialog}
      title={t(again ? "schulen:itslearning.retransmitTitle" : "schulen:itslearning.activateTitle")}
      description={t(again ? "schulen:itslearning.retransmitQuestion" : "schulen:itslearning.activateQuestion", values)}
    >
      <FormError id="schule-itslearning-fehler" code={error} />
      <Form method="post" {...dialog.formProps} className="dialog-actions">
        <FormIdentity formId={FORM_ID} />
        <DialogCancel dialog={dialog}>{t("form.cancel")}</DialogCancel>
        <button type="submit" className="btn-primary" disabled={busy}>
          {t(again ? "schulen:itslearning.retransmitConfirm" : "schulen:itslearning.activateConfirm")}
        </button>
      </Form>
    </RouteDialog>
  );
}
