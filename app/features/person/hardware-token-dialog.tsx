import { Form, useActionData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { useCurrentFormError } from "~/hooks/use-current-form-error";
import { RequiredFieldsNote, TextField } from "~/components/forms";
import { DialogCancel, RouteDialog } from "~/components/route-dialog";
import type { RouteDialogControl } from "~/hooks/use-route-dialog";
import { SubmitButton } from "~/components/submit-button";
import type { ErrorCode } from "~/errors";
import { answerOf, useSchemaForm } from "~/hooks/use-schema-form";
import { hardwareTokenSchema } from "~/features/zwei-faktor/zwei-faktor-forms";
import type { ZweiFaktorView } from "~/features/zwei-faktor/views";
import { EinrichtenNichtMoeglich, HelpdeskHinweis } from "./zwei-faktor-status";

const FORM_ID = "hardware-token";
/** The codes that are the token service's fault, not the input's: the helpdesk can help. */
const TECHNICAL: ReadonlySet<ErrorCode> = new Set<ErrorCode>(["HARDWARE_TOKEN_SERVICE_FEHLER", "PI_UNAVAILABLE_ERROR"]);

/**
 * Hand a hardware token to {name} (inventory §4.8.6): serial and the device's current code. A refusal (unknown serial,
 * serial in use, wrong code, a failing token service) is shown above the form in German; the serial stays, the code
 * is emptied – the device shows a new one anyway.
 */
export function HardwareTokenDialog({ dialog, name, view }: { dialog: RouteDialogControl; name: string; view: ZweiFaktorView }) {
  const { t } = useTranslation();
  const { form, fields, formProps } = useSchemaForm(hardwareTokenSchema, { id: FORM_ID });
  const actionData = useActionData();
  const answer = answerOf(actionData, FORM_ID) ? (actionData as { error?: ErrorCode | null }) : undefined;
  const formError = useCurrentFormError(form, answer);
  // The server's answer leaves the code out; in the browser the field still holds it until it is emptied here.
  const emptied = useRef<unknown>(null);
  useEffect(() => {
    if (!answer?.error || emptied.current === answer) return;
    emptied.current = answer;
    // Straight in the field, not through conform's `update`: that submits an intent of its own, and after Enter in this
    // field (the focus still there when the error box takes it) that submit went to the server as a page load.
    const input = document.getElementById(fields.otp.id);
    if (input instanceof HTMLInputElement) input.value = "";
  }, [answer, fields.otp.id]);
  const title = t("zweiFaktor:hardware.title");

  if (!view.token || view.token.hasToken) {
    return <EinrichtenNichtMoeglich dialog={dialog} title={title} name={name} view={view} formId={FORM_ID} />;
  }
  return (
    <RouteDialog dialog={dialog} title={title} description={t("zweiFaktor:hardware.question", { name })}>
      <FormError id={`${FORM_ID}-fehler`} code={formError}>
        {formError && TECHNICAL.has(formError) ? <HelpdeskHinweis /> : null}
      </FormError>
      <p className="mb-4">{t("zweiFaktor:hardware.info")}</p>
      <Form method="post" {...formProps} {...dialog.formProps}>
        <RequiredFieldsNote />
        <TextField field={fields.serial} label={t("zweiFaktor:hardware.serial")} />
        <TextField
          field={fields.otp}
          label={t("zweiFaktor:hardware.otp")}
          hint={t("zweiFaktor:hardware.otpHint")}
          autoComplete="one-time-code"
        />
        <div className="dialog-actions mt-6">
          <DialogCancel dialog={dialog}>{t("form.cancel")}</DialogCancel>
          <SubmitButton form={form} label={t("zweiFaktor:hardware.confirm")} />
        </div>
      </Form>
    </RouteDialog>
  );
}
