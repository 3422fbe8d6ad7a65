import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormError, useCurrentFormError } from "~/components/form-error";
import { TextField } from "~/components/forms";
import { Notice } from "~/components/notice";
import { PageMain } from "~/components/page-main";
import { HelpdeskHinweis } from "~/components/person/zwei-faktor-status";
import { QrCodeKarte } from "~/components/qr-code-karte";
import { SubmitButton } from "~/components/submit-button";
import { pageTitle, type I18nHandle } from "~/i18n";
import { useSchemaForm } from "~/hooks/use-schema-form";
import { EINMALPASSWORT_FORM, einmalpasswortSchema, QR_CODE_FORM } from "~/validation/zwei-faktor-forms";
import { requireUser } from "~/.server/guards.server";
import type { TokenQrCode } from "~/.server/qr/qr-code.server";
import { withUpstreamSession } from "~/.server/responses.server";
import { newConfirmation, requireSetupPossible, setupAction, type SetupAnswer } from "~/.server/zwei-faktor-einrichten.server";

export const handle: I18nHandle = { i18n: "zweiFaktor" };

/**
 * Setting up one's own second factor (inventory §4.6.1), reached from the profile's two-factor card and from
 * `/no-second-factor` (with `zurueck`, the page that asked for it). Each step is a page: the introduction, then the
 * QR code with the code form, answered by the posts; after the code the user goes on to `zurueck` (or the profile).
 */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const user = await requireUser(request);
    const { error } = await requireSetupPossible(request, user);
    return { error, ...newConfirmation() };
  });
}

export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => setupAction(request, await requireUser(request)));
}

export default function ZweiFaktorEinrichten() {
  const { t } = useTranslation();
  const { error, einmal } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as SetupAnswer | undefined;
  // With JavaScript the QR code stays on screen after a wrong code (only in this page's memory, never stored).
  const [qr, setQr] = useState<TokenQrCode | null>(null);
  if (answer?.qr && answer.qr !== qr) setQr(answer.qr);
  const step = answer?.step ?? "start";

  return (
    <PageMain>
      <h1 className="mb-4 text-2xl font-bold">{t("zweiFaktor:self.title")}</h1>
      <div className="max-w-2xl">
        {error ? (
          <>
            <FormError id="zwei-faktor-status-fehler" code={error}>
              <HelpdeskHinweis />
            </FormError>
            <Link to="/profile" className="btn-secondary">
              {t("profile.title")}
            </Link>
          </>
        ) : step === "start" ? (
          <Einfuehrung einmal={einmal} error={answer?.error ?? null} />
        ) : (
          <>
            {qr ? (
              <QrCodeKarte
                qr={qr}
                title={t("zweiFaktor:self.scanTitle")}
                imageLabel={t("zweiFaktor:self.qrImage")}
                instructions={t("zweiFaktor:self.scan")}
                printable={false}
              >
                <p className="mt-3">{t("zweiFaktor:self.secretPrivate")}</p>
                <p className="mt-3">{t("zweiFaktor:self.once")}</p>
              </QrCodeKarte>
            ) : null}
            {answer?.alreadyShown ? (
              <Notice tone="info" className="mb-4">
                <p>{t("zweiFaktor:self.alreadyShown")}</p>
              </Notice>
            ) : null}
            <CodeFormular answer={answer} />
            <section aria-labelledby="neuer-qr-code" className="mt-8 border-t border-gray-300 pt-4">
              <h2 id="neuer-qr-code" className="mb-2 text-lg font-bold">
                {t("zweiFaktor:self.restartTitle")}
              </h2>
              <p className="mb-3">{t("zweiFaktor:self.restartHint")}</p>
              <QrCodeErzeugen einmal={einmal} label={t("zweiFaktor:self.restart")} secondary />
            </section>
          </>
        )}
      </div>
    </PageMain>
  );
}

/** Step 1: what happens and what to have at hand; a refused `init` is shown here. */
function Einfuehrung({ einmal, error }: { einmal: string; error: SetupAnswer["error"] | null }) {
  const { t } = useTranslation();
  return (
    <>
      <FormError id="qr-code-fehler" code={error}>
        <HelpdeskHinweis />
      </FormError>
      <p className="mb-3">{t("zweiFaktor:self.intro")}</p>
      <Notice tone="info" className="mb-3">
        <p>{t("zweiFaktor:self.appFirst")}</p>
      </Notice>
      <p className="mb-3">{t("zweiFaktor:self.steps")}</p>
      <p className="mb-6">{t("zweiFaktor:self.lost")}</p>
      <div className="flex flex-wrap gap-3">
        <QrCodeErzeugen einmal={einmal} label={t("zweiFaktor:self.create")} />
        <Link to="/profile" className="btn-secondary">
          {t("zweiFaktor:self.cancel")}
        </Link>
      </div>
    </>
  );
}

function QrCodeErzeugen({ einmal, label, secondary = false }: { einmal: string; label: string; secondary?: boolean }) {
  return (
    <Form method="post" id={QR_CODE_FORM}>
      <input type="hidden" name="einmal" value={einmal} />
      <SubmitButton form={{ id: QR_CODE_FORM }} label={label} className={secondary ? "btn-secondary" : "btn-primary"} />
    </Form>
  );
}

/** Step 2: the app's code. A refusal empties the field (the app shows a new code anyway) and says why. */
function CodeFormular({ answer }: { answer: SetupAnswer | undefined }) {
  const { t } = useTranslation();
  const { form, fields, formProps } = useSchemaForm(einmalpasswortSchema, { id: EINMALPASSWORT_FORM });
  const formError = useCurrentFormError(form, answer?.result ? answer : undefined);
  const emptied = useRef<unknown>(null);
  useEffect(() => {
    if (!answer?.error || emptied.current === answer) return;
    emptied.current = answer;
    const input = document.getElementById(fields.otp.id);
    if (input instanceof HTMLInputElement) input.value = "";
  }, [answer, fields.otp.id]);
  return (
    <section aria-labelledby="code-titel">
      <h2 id="code-titel" className="mb-2 text-xl font-bold">
        {t("zweiFaktor:self.codeTitle")}
      </h2>
      <FormError id={`${EINMALPASSWORT_FORM}-fehler`} code={formError}>
        {formError && formError !== "OTP_NICHT_GUELTIG" ? <HelpdeskHinweis /> : null}
      </FormError>
      <p className="mb-3">{t("zweiFaktor:self.codeIntro")}</p>
      <Form method="post" {...formProps}>
        <TextField
          field={fields.otp}
          label={t("zweiFaktor:self.otp")}
          hint={t("zweiFaktor:self.otpHint")}
          autoComplete="one-time-code"
          inputMode="numeric"
        />
        <SubmitButton form={form} label={t("zweiFaktor:self.confirm")} />
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("zweiFaktor:self.title") }];
