import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ErrorCode } from "~/errors";
import { useFormBusy } from "~/hooks/use-form-busy";
import { FormError } from "~/components/form-error";
import { FormIdentity } from "~/components/submit-button";
import { DialogCancel, RouteDialog } from "~/components/route-dialog";
import type { RouteDialogControl } from "~/hooks/use-route-dialog";

/** The dialog parameter of the VIDIS synchronisation on the school offers page: `?vidis`. */
export const VIDIS_SYNC = "vidis";

const FORM_ID = "vidis-sync";

/** "Synchronise this school's offers with VIDIS?": what it does, then one post to the page. */
export function VidisSyncDialog({ dialog, schule, error }: { dialog: RouteDialogControl; schule: string; error?: ErrorCode | null }) {
  const { t } = useTranslation();
  const busy = useFormBusy(FORM_ID);
  return (
    <RouteDialog dialog={dialog} title={t("angebote:vidis.title")} description={t("angebote:vidis.question", { schule })}>
      <p className="mb-4">{t("angebote:vidis.info")}</p>
      <FormError id="vidis-sync-fehler" code={error} />
      <Form method="post" {...dialog.formProps} className="dialog-actions">
        <FormIdentity formId={FORM_ID} />
        <DialogCancel dialog={dialog}>{t("form.cancel")}</DialogCancel>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? t("angebote:vidis.busy") : t("angebote:vidis.confirm")}
        </button>
      </Form>
    </RouteDialog>
  );
}
