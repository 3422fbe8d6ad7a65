import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ErrorCode } from "~/errors";
import { useFormBusy } from "~/hooks/use-form-busy";
import { FormError } from "~/components/form-error";
import { FormIdentity } from "~/components/submit-button";
import { DialogCancel, RouteDialog } from "~/components/route-dialog";
import type { RouteDialogControl } from "~/hooks/use-route-dialog";

/** The dialog parameter of the class delete: `?loeschen=<id>` over the list, `?loeschen` on the class's page. */
export const KLASSE_LOESCHEN = "loeschen";

const FORM_ID = "klasse-loeschen";

/** "Delete this class?" with the class's name and school; its form posts to the page it is shown on. */
export function KlasseLoeschenDialog({
  dialog,
  klasse,
  error,
}: {
  dialog: RouteDialogControl;
  klasse: { name: string; schule: string };
  error?: ErrorCode | null;
}) {
  const { t } = useTranslation();
  const busy = useFormBusy(FORM_ID);
  return (
    <RouteDialog dialog={dialog} title={t("klassen:delete.title")} description={t("klassen:delete.question", klasse)}>
      <FormError id="klasse-loeschen-fehler" code={error} />
      <Form method="post" {...dialog.formProps} className="dialog-actions">
        <FormIdentity formId={FORM_ID} />
        <DialogCancel dialog={dialog}>{t("form.cancel")}</DialogCancel>
        <button type="submit" className="btn-danger" disabled={busy}>
          {t("klassen:delete.confirm")}
        </button>
      </Form>
    </RouteDialog>
  );
}
