import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ErrorCode } from "~/errors";
import { useFormBusy } from "~/hooks/use-form-busy";
import { FormError } from "~/components/form-error";
import { FormIdentity } from "~/components/submit-button";
import { DialogCancel, RouteDialog } from "~/components/route-dialog";
import type { RouteDialogControl } from "~/hooks/use-route-dialog";

/** The dialog parameter of the offer delete on the offer's page: `?loeschen`. */
export const ANGEBOT_LOESCHEN = "loeschen";

const FORM_ID = "angebot-loeschen";

/** "Delete this offer?" with its name; its form posts to the offer's page. */
export function AngebotLoeschenDialog({ dialog, name, error }: { dialog: RouteDialogControl; name: string; error?: ErrorCode | null }) {
  const { t } = useTranslation();
  const busy = useFormBusy(FORM_ID);
  return (
    <RouteDialog dialog={dialog} title={t("angebote:delete.title")} description={t("angebote:delete.question", { name })}>
      <FormError id="angebot-loeschen-fehler" code={error} />
      <Form method="post" {...dialog.formProps} className="dialog-actions">
        <FormIdentity formId={FORM_ID} />
        <DialogCancel dialog={dialog}>{t("form.cancel")}</DialogCancel>
        <button type="submit" className="btn-danger" disabled={busy}>
          {t("angebote:delete.confirm")}
        </button>
      </Form>
    </RouteDialog>
  );
}
