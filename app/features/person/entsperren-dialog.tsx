import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { useCurrentFormError } from "~/hooks/use-current-form-error";
import { Notice } from "~/components/notice";
import { DialogCancel, RouteDialog } from "~/components/route-dialog";
import type { RouteDialogControl } from "~/hooks/use-route-dialog";
import { SubmitButton } from "~/components/submit-button";
import type { ErrorCode } from "~/errors";
import { answerOf, useSchemaForm } from "~/hooks/use-schema-form";
import { entsperrenSchema } from "./person-sperre-forms";
import { BestaetigungsField } from "./bestaetigungs-field";

/** The dialog parameter of lifting the manual lock: `?entsperren` on the person's page. */
const FORM_ID = "person-entsperren";

/**
 * Lift the manual lock (inventory §4.8.7), only after confirming that the locking office agreed. A KoPers lock of
 * the same person stays, and the dialog says so.
 */
export function EntsperrenDialog({
  dialog,
  name,
  office,
  kopersBleibt,
}: {
  dialog: RouteDialogControl;
  name: string;
  office: string | null;
  kopersBleibt: boolean;
}) {
  const { t } = useTranslation();
  const { form, fields, formProps } = useSchemaForm(entsperrenSchema, { id: FORM_ID });
  const actionData = useActionData();
  const answer = answerOf(actionData, FORM_ID) ? (actionData as { error?: ErrorCode | null }) : undefined;
  const formError = useCurrentFormError(form, answer);
  return (
    <RouteDialog dialog={dialog} title={t("personAktionen:unlock.title")} description={t("personAktionen:unlock.question", { name })}>
      <FormError id={`${FORM_ID}-fehler`} code={formError} />
      {kopersBleibt ? (
        <Notice tone="info" className="mb-4">
          <p>{t("personAktionen:unlock.kopersStays")}</p>
        </Notice>
      ) : null}
      <Form method="post" {...formProps} {...dialog.formProps}>
        <BestaetigungsField
          field={fields.bestaetigt}
          label={t("personAktionen:unlock.bestaetigt", { office: office ?? t("personAktionen:lock.unknownOffice") })}
        />
        <div className="dialog-actions mt-6">
          <DialogCancel dialog={dialog}>{t("form.cancel")}</DialogCancel>
          <SubmitButton form={form} label={t("personAktionen:unlock.confirm")} />
        </div>
      </Form>
    </RouteDialog>
  );
}
