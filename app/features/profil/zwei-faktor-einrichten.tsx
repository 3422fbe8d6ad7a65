import type { FormProps } from "@remix-run/react";
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { useCurrentFormError } from "~/hooks/use-current-form-error";
import { TextField } from "~/components/forms";
import { Notice } from "~/components/notice";
import { HelpdeskHinweis } from "~/features/person/zwei-faktor-status";
import { QrCodeKarte } from "~/features/zwei-faktor/qr-code-karte";
import { SubmitButton } from "~/components/submit-button";
import { useSchemaForm } from "~/hooks/use-schema-form";
import { EINMALPASSWORT_FORM, einmalpasswortSchema, QR_CODE_FORM } from "~/features/zwei-faktor/zwei-faktor-forms";
import type { TokenQrCode, SetupAnswer } from "~/features/zwei-faktor/views";

/** How the steps post: the page's `Form`, or a fetcher's form (the dialog over the profile) with the set-up's action. */
export interface SetupForms {
  FormAs: ComponentType<FormProps>;
  action?: string;
  /** A fetcher's post is not the page's navigation: the form error must be told when it is in flight. */
  pending?: boolean;
}

/**
 * The steps of setting up one's own software token, the same on the page `/profile/zwei-faktor` and in the dialog over
 * the profile: the introduction, then the QR code with its key and the code form, and a new QR code for whoever could
 * not scan it. The QR code is the answer to its post; with JavaScript it stays on screen after a wrong code (only in
 * this component's memory).
 */
export function ZweiFaktorSchritte({
  answer,
  einmal,
  forms,
  cancel,
}: {
  answer: SetupAnswer | undefined;
  einmal: string;
  forms: SetupForms;
  cancel: ReactNode;
}) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<TokenQrCode | null>(null);
  // State derived from the answer while rendering (React's pattern): no flash of the step without its code.
  if (answer?.qr && answer.qr !== qr) setQr(answer.qr);

  if (!answer || answer.step === "start") {
    return (
      <div className="max-w-2xl">
        <FormError id="qr-code-fehler" code={answer?.error ?? null} pending={forms.pending}>
          <HelpdeskHinweis />
        </FormError>
        <p className="mb-3">{t("zweiFaktor:self.intro")}</p>
        <Notice tone="info" className="mb-3">
          <p>{t("zweiFaktor:self.appFirst")}</p>
        </Notice>
        <p className="mb-3">{t("zweiFaktor:self.steps")}</p>
        <p className="mb-6">{t("zweiFaktor:self.lost")}</p>
        <div className="flex flex-wrap gap-3">
          <QrCodeErzeugen einmal={einmal} label={t("zweiFaktor:self.create")} forms={forms} />
          {cancel}
        </div>
      </div>
    );
  }
  // From the md width on, the code and its form stand side by side, so the step that ends the set-up is in view
  // without scrolling in a window of 900 px (issue 32 §6); on a phone they follow each other.
  return (
    <div className="grid gap-x-8 md:grid-cols-2 md:items-start">
      {qr ? (
        <QrCodeKarte
          qr={qr}
          title={t("zweiFaktor:self.scanTitle")}
          imageLabel={t("zweiFaktor:self.qrImage")}
          instructions={t("zweiFaktor:self.scan")}
          printable={false}
          className="md:mb-0"
        >
          <p className="mt-3">{t("zweiFaktor:self.secretPrivate")}</p>
          <p className="mt-3">{t("zweiFaktor:self.once")}</p>
        </QrCodeKarte>
      ) : null}
      <div className={qr ? "" : "md:col-span-2"}>
        {answer.alreadyShown ? (
          <Notice tone="info" className="mb-4">
            <p>{t("zweiFaktor:self.alreadyShown")}</p>
          </Notice>
        ) : null}
        <CodeForm answer={answer} forms={forms} />
        <section aria-labelledby="neuer-qr-code" className="mt-6 border-t border-gray-300 pt-4">
          <h2 id="neuer-qr-code" className="mb-2 text-lg font-bold">
            {t("zweiFaktor:self.restartTitle")}
          </h2>
          <p className="mb-3">{t("zweiFaktor:self.restartHint")}</p>
          <div className="flex flex-wrap gap-3">
            <QrCodeErzeugen einmal={einmal} label={t("zweiFaktor:self.restart")} forms={forms} secondary />
            {cancel}
          </div>
        </section>
      </div>
    </div>
  );
}

function QrCodeErzeugen({
  einmal,
  label,
  forms,
  secondary = false,
}: {
  einmal: string;
  label: string;
  forms: SetupForms;
  secondary?: boolean;
}) {
  const { FormAs, action } = forms;
  return (
    <FormAs method="post" action={action} id={QR_CODE_FORM}>
      <input type="hidden" name="einmal" value={einmal} />
      <SubmitButton form={{ id: QR_CODE_FORM }} label={label} className={secondary ? "btn-secondary" : "btn-primary"} />
    </FormAs>
  );
}

/** The app's code. A refusal empties the field (the app shows a new code anyway) and says why. */
function CodeForm({ answer, forms }: { answer: SetupAnswer; forms: SetupForms }) {
  const { t } = useTranslation();
  const { FormAs, action, pending } = forms;
  const { form, fields, formProps } = useSchemaForm(einmalpasswortSchema, { id: EINMALPASSWORT_FORM, lastResult: answer.result ?? null });
  const formError = useCurrentFormError(form, answer.result ? answer : undefined);
  const emptied = useRef<unknown>(null);
  useEffect(() => {
    if (!answer.error || emptied.current === answer) return;
    emptied.current = answer;
    const input = document.getElementById(fields.otp.id);
    if (input instanceof HTMLInputElement) input.value = "";
  }, [answer, fields.otp.id]);
  return (
    <section aria-labelledby="code-titel">
      <h2 id="code-titel" className="mb-2 text-xl font-bold">
        {t("zweiFaktor:self.codeTitle")}
      </h2>
      <FormError id={`${EINMALPASSWORT_FORM}-fehler`} code={formError} pending={pending}>
        {formError && formError !== "OTP_NICHT_GUELTIG" ? <HelpdeskHinweis /> : null}
      </FormError>
      <p className="mb-3">{t("zweiFaktor:self.codeIntro")}</p>
      <FormAs method="post" action={action} {...formProps}>
        <TextField
          field={fields.otp}
          label={t("zweiFaktor:self.otp")}
          hint={t("zweiFaktor:self.otpHint")}
          autoComplete="one-time-code"
          inputMode="numeric"
        />
        <SubmitButton form={form} label={t("zweiFaktor:self.confirm")} />
      </FormAs>
    </section>
  );
}
