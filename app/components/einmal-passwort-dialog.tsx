import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { Notice } from "~/components/notice";
import { PasswordOutput } from "~/components/password-output";
import { DialogCancel, RouteDialog } from "~/components/route-dialog";
import type { RouteDialogControl } from "~/hooks/use-route-dialog";
import { FormIdentity } from "~/components/submit-button";
import type { ErrorCode } from "~/errors";
import { useFormBusy } from "~/hooks/use-form-busy";

/** What the dialog says, already translated: the question, then the answer with the password. */
export interface EinmalPasswortTexts {
  title: string;
  question: string;
  info: string;
  confirm: string;
  done: string;
  outputTitle: string;
  once: string;
  close: string;
}

/** The action's answer for dialog `name`: the new password (once), or the refusal's code. */
function answerFor(name: string, answer: unknown): { password?: string; passwordError?: ErrorCode } | undefined {
  if (typeof answer !== "object" || answer === null || (answer as { dialog?: unknown }).dialog !== name) return undefined;
  return answer as { password?: string; passwordError?: ErrorCode };
}

/**
 * Confirm, then a new password shown once (a person's password or device password, one's own device password). The
 * password comes only from the action's answer to the confirmation (`features/person/actions/one-time-password.server.ts`),
 * never from a URL: reloading or leaving the page loses it, and the page says so. The page's loader hands out the
 * confirmation's one-time token `einmal`. `children` go on the password's card (whose password, the user name).
 */
export function EinmalPasswortDialog({
  name,
  dialog,
  texts,
  children,
}: {
  /** the dialog's search parameter; also the prefix of its element ids */
  name: string;
  dialog: RouteDialogControl;
  texts: EinmalPasswortTexts;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const answer = answerFor(name, useActionData());
  // a fresh token with every load of the page: the action carries out each confirmation once
  const { einmal } = useLoaderData<{ einmal: string }>();
  const formId = `${name}-form`;
  const busy = useFormBusy(formId);

  if (answer?.password) {
    return (
      <RouteDialog dialog={dialog} title={texts.title} closeOnlyByButton>
        <Done text={texts.done} />
        <PasswordOutput id={`${name}-ausgabe`} title={texts.outputTitle} password={answer.password}>
          {children}
        </PasswordOutput>
        <Notice tone="warning" className="mb-4">
          <p>{texts.once}</p>
        </Notice>
        <div className="dialog-actions">
          <DialogCancel dialog={dialog}>{texts.close}</DialogCancel>
        </div>
      </RouteDialog>
    );
  }
  return (
    <RouteDialog dialog={dialog} title={texts.title} description={texts.question}>
      <FormError id={`${name}-fehler`} code={answer?.passwordError ?? null} />
      <p className="mb-6">{texts.info}</p>
      <Form method="post" id={formId} {...dialog.formProps} className="dialog-actions">
        <FormIdentity formId={formId} />
        <input type="hidden" name="einmal" value={einmal} />
        <DialogCancel dialog={dialog}>{t("form.cancel")}</DialogCancel>
        <button type="submit" className="btn-primary" disabled={busy}>
          {texts.confirm}
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
