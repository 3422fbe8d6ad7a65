import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { Notice } from "~/components/notice";
import { QrCodeKarte } from "~/features/zwei-faktor/qr-code-karte";
import { DialogCancel, DialogLink, RouteDialog } from "~/components/route-dialog";
import type { RouteDialogControl } from "~/hooks/use-route-dialog";
import { FormIdentity } from "~/components/submit-button";
import type { ErrorCode } from "~/errors";
import { useFormBusy } from "~/hooks/use-form-busy";
import type { TokenQrCode, ZweiFaktorView } from "~/features/zwei-faktor/views";
import { HARDWARE_TOKEN, ZWEI_FAKTOR_EINRICHTEN } from "./dialog-names";
import { EinrichtenNichtMoeglich, HelpdeskHinweis } from "./zwei-faktor-status";

const FORM_ID = "software-token";

/** The action's answer to "generate the QR code": the code (once), or the refusal's code. */
export interface SoftwareTokenAnswer {
  dialog: typeof ZWEI_FAKTOR_EINRICHTEN;
  qr?: TokenQrCode;
  error?: ErrorCode;
}

function answerOf(answer: unknown): SoftwareTokenAnswer | null {
  if (typeof answer !== "object" || answer === null || (answer as { dialog?: unknown }).dialog !== ZWEI_FAKTOR_EINRICHTEN) return null;
  return answer as SoftwareTokenAnswer;
}

/**
 * "Set up two-factor authentication for {name}" (inventory §4.8.6): a software token – its QR code is generated at
 * once and shown here, once, to scan or to print – or a hardware token, whose form is a dialog of its own. Only for a
 * person without a token; otherwise, or while the state is unknown, the dialog says why nothing can be set up.
 */
export function ZweiFaktorEinrichtenDialog({ dialog, name, view }: { dialog: RouteDialogControl; name: string; view: ZweiFaktorView }) {
  const { t } = useTranslation();
  const answer = answerOf(useActionData());
  const { einmal } = useLoaderData<{ einmal: string }>();
  const busy = useFormBusy(FORM_ID);
  const title = t("zweiFaktor:setUp.title");

  if (answer?.qr) {
    return (
      <RouteDialog dialog={dialog} title={title} closeOnlyByButton>
        <QrCodeKarte
          qr={answer.qr}
          title={t("zweiFaktor:qr.title", { name })}
          imageLabel={t("zweiFaktor:qr.image", { name })}
          instructions={t("zweiFaktor:qr.scan", { name })}
        />
        <Notice tone="warning" className="mb-4">
          <p>{t("zweiFaktor:qr.once")}</p>
        </Notice>
        <div className="dialog-actions">
          <DialogCancel dialog={dialog}>{t("zweiFaktor:qr.close")}</DialogCancel>
        </div>
      </RouteDialog>
    );
  }
  if (!view.token || view.token.hasToken) {
    return <EinrichtenNichtMoeglich dialog={dialog} title={title} name={name} view={view} formId={FORM_ID} />;
  }
  return (
    <RouteDialog dialog={dialog} title={title} description={t("zweiFaktor:setUp.question", { name })}>
      <FormError id={`${FORM_ID}-fehler`} code={answer?.error}>
        {answer?.error === "SOFTWARE_TOKEN_INITIALIZATION_ERROR" || answer?.error === "PI_UNAVAILABLE_ERROR" ? <HelpdeskHinweis /> : null}
      </FormError>
      <TokenArt id="software-token-titel" titel={t("zweiFaktor:setUp.softwareTitle")} info={t("zweiFaktor:setUp.softwareInfo", { name })}>
        <Form method="post" {...dialog.formProps}>
          <FormIdentity formId={FORM_ID} />
          <input type="hidden" name="einmal" value={einmal} />
          <button type="submit" className="btn-primary" disabled={busy}>
            {t("zweiFaktor:setUp.softwareConfirm")}
          </button>
        </Form>
      </TokenArt>
      <TokenArt id="hardware-token-titel" titel={t("zweiFaktor:setUp.hardwareTitle")} info={t("zweiFaktor:setUp.hardwareInfo")}>
        <DialogLink name={ZWEI_FAKTOR_EINRICHTEN} value={HARDWARE_TOKEN} className="btn-primary">
          {t("zweiFaktor:setUp.hardwareOpen")}
        </DialogLink>
      </TokenArt>
      <div className="flex justify-end">
        <DialogCancel dialog={dialog}>{t("form.cancel")}</DialogCancel>
      </div>
    </RouteDialog>
  );
}

/** One kind of token to choose, named by its heading: what it is, and the way to set it up. */
function TokenArt({ id, titel, info, children }: { id: string; titel: string; info: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-6">
      <h2 id={id} className="mb-2 text-lg font-bold">
        {titel}
      </h2>
      <p className="mb-3">{info}</p>
      {children}
    </section>
  );
}
