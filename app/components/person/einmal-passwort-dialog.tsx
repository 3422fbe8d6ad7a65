import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { Notice } from "~/components/notice";
import { PasswordOutput } from "~/components/password-output";
import { DialogCancel, RouteDialog, type RouteDialogControl } from "~/components/route-dialog";
import { FormIdentity } from "~/components/submit-button";
import type { ErrorCode } from "~/errors";
import { useFormBusy } from "~/hooks/use-form-busy";
import { PASSWORT, GERAETEPASSWORT } from "./dialog-names";

/** The dialog parameters: `?passwort` and `?geraetepasswort` on the person's page. */
type Kind = typeof PASSWORT | typeof GERAETEPASSWORT;

const TEXTS = {
  passwort: { section: "person:password", id: "passwort" },
  geraetepasswort: { section: "person:devicePassword", id: "geraetepasswort" },
} as const;

/** The action's answer for this dialog: the new password (once), or the refusal's code. */
function answerFor(kind: Kind, answer: unknown): { password?: string; passwordError?: ErrorCode } | undefined {
  if (typeof answer !== "object" || answer === null || (answer as { dialog?: unknown }).dialog !== kind) return undefined;
  return answer as { password?: string; passwordError?: ErrorCode };
}

/**
 * Confirm, then the new password shown once (inventory §4.8.3, §4.8.8). The password comes only from the action's
 * answer to the confirmation, never from a URL: reloading or leaving the page loses it, and the page says so.
 */
export function EinmalPasswortDialog({
  kind,
  dialog,
  person,
}: {
  kind: Kind;
  dialog: RouteDialogControl;
  person: { vorname: string; familienname: string; username: string | null };
}) {
  const { t } = useTranslation();
  const answer = answerFor(kind, useActionData());
  // a fresh token with every load of the page: the action carries out each confirmation once
  const { einmal } = useLoaderData<{ einmal: string }>();
  const formId = `${TEXTS[kind].id}-form`;
  const busy = useFormBusy(formId);
  const name = `${person.vorname} ${person.familienname}`;
  const section = TEXTS[kind].section;

  if (answer?.password) {
    return (
      <RouteDialog dialog={dialog} title={t(`${section}.title`)} closeOnlyByButton>
        <Done text={t(`${section}.done`)} />
        <PasswordOutput id={`${TEXTS[kind].id}-ausgabe`} title={t(`${section}.outputTitle`, { name })} password={answer.password}>
          {person.username ? <p>{t("person:password.outputUser", { username: person.username })}</p> : null}
        </PasswordOutput>
        <Notice tone="warning" className="mb-4">
          <p>{t(`${section}.once`)}</p>
        </Notice>
        <div className="flex flex-wrap justify-end gap-3">
          <DialogCancel dialog={dialog}>{t(`${section}.close`)}</DialogCancel>
        </div>
      </RouteDialog>
    );
  }
  return (
    <RouteDialog dialog={dialog} title={t(`${section}.title`)} description={t(`${section}.question`, { name })}>
      <FormError id={`${TEXTS[kind].id}-fehler`} code={answer?.passwordError ?? null} />
      <p className="mb-6">{t(`${section}.info`)}</p>
      <Form method="post" id={formId} {...dialog.formProps} className="flex flex-wrap justify-end gap-3">
        <FormIdentity formId={formId} />
        <input type="hidden" name="einmal" value={einmal} />
        <DialogCancel dialog={dialog}>{t("form.cancel")}</DialogCancel>
        <button type="submit" className="btn-primary" disabled={busy}>
          {t(`${section}.confirm`)}
        </button>
      </Form>
    </RouteDialog>
  );
}

/**
 * "The new password is set": it replaces the confirmation's button, which had the focus, so the focus moves here
 * (a keyboard or screen reader user would otherwise be left on the page's body).
 */
function Done({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div role="status">
      <p ref={ref} tabIndex={-1} className="mb-4 font-semibold">
        {text}
      </p>
    </div>
  );
}
