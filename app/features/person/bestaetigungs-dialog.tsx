import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { DialogCancel, RouteDialog } from "~/components/route-dialog";
import type { RouteDialogControl } from "~/hooks/use-route-dialog";
import { FormIdentity } from "~/components/submit-button";
import type { ErrorCode } from "~/errors";
import { useFormBusy } from "~/hooks/use-form-busy";
import { LOESCHEN, SYNCHRONISIEREN } from "./dialog-names";

/** The dialog parameters of deleting and of synchronising: `?loeschen`, `?synchronisieren` on the person's page. */
type Kind = typeof LOESCHEN | typeof SYNCHRONISIEREN;

const TEXTS = {
  loeschen: { section: "personAktionen:delete", button: "btn-danger" },
  synchronisieren: { section: "personAktionen:sync", button: "btn-primary" },
} as const;

/** The action's refusal for this dialog, if the last answer is one. */
function refusalFor(kind: Kind, answer: unknown): ErrorCode | null {
  if (typeof answer !== "object" || answer === null || (answer as { dialog?: unknown }).dialog !== kind) return null;
  return (answer as { error?: ErrorCode }).error ?? null;
}

/** "Delete {name} at once and for good?" / "Send {name} to all connected systems again?" (inventory §4.8.7). */
export function BestaetigungsDialog({ kind, dialog, name }: { kind: Kind; dialog: RouteDialogControl; name: string }) {
  const { t } = useTranslation();
  const error = refusalFor(kind, useActionData());
  const formId = `person-${kind}`;
  const busy = useFormBusy(formId);
  const { section, button } = TEXTS[kind];
  return (
    <RouteDialog dialog={dialog} title={t(`${section}.title`)} description={t(`${section}.question`, { name })}>
      <FormError id={`${formId}-fehler`} code={error} />
      <p className="mb-6">{t(`${section}.info`)}</p>
      <Form method="post" {...dialog.formProps} className="dialog-actions">
        <FormIdentity formId={formId} />
        <DialogCancel dialog={dialog}>{t("form.cancel")}</DialogCancel>
        <button type="submit" className={button} disabled={busy}>
          {t(`${section}.confirm`)}
        </button>
      </Form>
    </RouteDialog>
  );
}
