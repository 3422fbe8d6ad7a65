import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ErrorCode } from "~/errors";
import { useFormBusy } from "~/hooks/use-form-busy";
import { FormError } from "~/components/form-error";
import { DialogCancel, RouteDialog } from "~/components/route-dialog";
import type { RouteDialogControl } from "~/hooks/use-route-dialog";
import { FormIdentity } from "~/components/submit-button";

/** The dialog parameter of a role's delete: `?loeschen` on the role's page. */
export const ROLLE_LOESCHEN = "loeschen";

const FORM_ID = "rolle-loeschen";

/**
 * "Delete this role?" with its name and level. A role that persons still have cannot be deleted: the refusal says how
 * to get there (take the role from those persons first) and, for whoever may, links the person list filtered by it.
 */
export function RolleLoeschenDialog({
  dialog,
  rolle,
  personenLink,
  error,
}: {
  dialog: RouteDialogControl;
  rolle: { name: string; ebene: string };
  /** The person list filtered by the role, when the user may open it. */
  personenLink: string | null;
  error?: ErrorCode | null;
}) {
  const { t } = useTranslation();
  const busy = useFormBusy(FORM_ID);
  const assigned = error === "ROLLE_HAT_PERSONENKONTEXTE_ERROR";
  return (
    // Once refused, the question is answered: the refusal says why and what to do, and the way out is "Schließen".
    <RouteDialog dialog={dialog} title={t("rollen:delete.title")} description={assigned ? undefined : t("rollen:delete.question", rolle)}>
      <FormError
        id="rolle-loeschen-fehler"
        code={error}
        title={assigned ? t("rollen:delete.assignedTitle") : undefined}
        message={assigned ? t("rollen:delete.assigned", { name: rolle.name }) : undefined}
      >
        {assigned && personenLink ? (
          <p className="mt-2">
            <Link to={personenLink} className="text-primary underline">
              {t("rollen:delete.personenLink", { name: rolle.name })}
            </Link>
          </p>
        ) : null}
      </FormError>
      <Form method="post" {...dialog.formProps} className="dialog-actions">
        <FormIdentity formId={FORM_ID} />
        <DialogCancel dialog={dialog}>{assigned ? t("rollen:delete.close") : t("form.cancel")}</DialogCancel>
        {assigned ? null : (
          <button type="submit" className="btn-danger" disabled={busy}>
            {t("rollen:delete.confirm")}
          </button>
        )}
      </Form>
    </RouteDialog>
  );
}
