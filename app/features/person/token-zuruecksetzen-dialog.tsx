import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { DialogCancel, RouteDialog } from "~/components/route-dialog";
import type { RouteDialogControl } from "~/hooks/use-route-dialog";
import { FormIdentity } from "~/components/submit-button";
import type { ErrorCode } from "~/errors";
import { useFormBusy } from "~/hooks/use-form-busy";
import type { ZweiFaktorView } from "~/features/zwei-faktor/views";
import { TOKEN_ZURUECKSETZEN } from "./dialog-names";
import { HelpdeskHinweis } from "./zwei-faktor-status";

const FORM_ID = "token-zuruecksetzen";

/** The action's refusal of a reset: the code, and which kind of token stayed. */
export interface TokenResetRefusal {
  dialog: typeof TOKEN_ZURUECKSETZEN;
  error: ErrorCode;
  kind: "software" | "hardware" | null;
}

function refusalOf(answer: unknown): TokenResetRefusal | null {
  if (typeof answer !== "object" || answer === null || (answer as { dialog?: unknown }).dialog !== TOKEN_ZURUECKSETZEN) return null;
  return answer as TokenResetRefusal;
}

/**
 * "Reset the token of {name}?" (inventory §4.8.6). A refusal names the kind of token that stayed and points to the
 * helpdesk; success goes back to the page with a message per kind. Without a token there is nothing to confirm.
 */
export function TokenZuruecksetzenDialog({ dialog, name, view }: { dialog: RouteDialogControl; name: string; view: ZweiFaktorView }) {
  const { t } = useTranslation();
  const refusal = refusalOf(useActionData());
  const busy = useFormBusy(FORM_ID);
  const token = view.token;

  if (!token?.hasToken) {
    return (
      <RouteDialog dialog={dialog} title={t("zweiFaktor:reset.title")}>
        <FormError id={`${FORM_ID}-fehler`} code={view.error}>
          <HelpdeskHinweis />
        </FormError>
        {view.error ? null : <p className="mb-6">{t("zweiFaktor:reset.noToken", { name })}</p>}
        <div className="flex justify-end">
          <DialogCancel dialog={dialog}>{t("zweiFaktor:qr.close")}</DialogCancel>
        </div>
      </RouteDialog>
    );
  }
  const kind = t(token.kind === "hardware" ? "zweiFaktor:kind.hardware" : "zweiFaktor:kind.software");
  const failedKind = refusal?.kind ?? token.kind;
  return (
    <RouteDialog dialog={dialog} title={t("zweiFaktor:reset.title")} description={t("zweiFaktor:reset.question", { kind, name })}>
      <FormError
        id={`${FORM_ID}-fehler`}
        code={refusal?.error}
        title={t(failedKind === "hardware" ? "zweiFaktor:reset.failedHardware" : "zweiFaktor:reset.failedSoftware")}
      >
        <HelpdeskHinweis />
      </FormError>
      <p className="mb-6">{t("zweiFaktor:reset.info", { name })}</p>
      <Form method="post" {...dialog.formProps} className="dialog-actions">
        <FormIdentity formId={FORM_ID} />
        <DialogCancel dialog={dialog}>{t("form.cancel")}</DialogCancel>
        <button type="submit" className="btn-danger" disabled={busy}>
          {t("zweiFaktor:reset.confirm")}
        </button>
      </Form>
    </RouteDialog>
  );
}
