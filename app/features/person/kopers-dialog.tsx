import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { useCurrentFormError } from "~/hooks/use-current-form-error";
import { RequiredFieldsNote, TextField } from "~/components/forms";
import { DialogCancel, RouteDialog } from "~/components/route-dialog";
import type { RouteDialogControl } from "~/hooks/use-route-dialog";
import { SubmitButton } from "~/components/submit-button";
import type { ErrorCode } from "~/errors";
import { answerOf, useSchemaForm } from "~/hooks/use-schema-form";
import { kopersSchema } from "./person-sperre-forms";

/** The dialog parameter of lifting a KoPers lock: `?kopers` on the person's page. */
const FORM_ID = "person-kopers";

/** A KoPers lock ends only when a valid KoPers number is entered (spec §4): this dialog is that way. */
export function KopersDialog({ dialog, name }: { dialog: RouteDialogControl; name: string }) {
  const { t } = useTranslation();
  const { form, fields, formProps } = useSchemaForm(kopersSchema, { id: FORM_ID });
  const actionData = useActionData();
  const answer = answerOf(actionData, FORM_ID) ? (actionData as { error?: ErrorCode | null }) : undefined;
  const formError = useCurrentFormError(form, answer);
  return (
    <RouteDialog dialog={dialog} title={t("personAktionen:kopers.title")} description={t("personAktionen:kopers.question", { name })}>
      <FormError id={`${FORM_ID}-fehler`} code={formError} />
      <p className="mb-4">{t("personAktionen:kopers.info")}</p>
      <Form method="post" {...formProps} {...dialog.formProps}>
        <RequiredFieldsNote />
        <TextField field={fields.personalnummer} label={t("personAktionen:kopers.label")} />
        <div className="dialog-actions mt-6">
          <DialogCancel dialog={dialog}>{t("form.cancel")}</DialogCancel>
          <SubmitButton form={form} label={t("personAktionen:kopers.confirm")} />
        </div>
      </Form>
    </RouteDialog>
  );
}
