import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { useCurrentFormError } from "~/hooks/use-current-form-error";
import { RequiredFieldsNote } from "~/components/forms";
import { Notice } from "~/components/notice";
import { ReloadLink } from "~/components/reload-link";
import { SaveButton } from "~/components/save-button";
import { useUnsavedChangesWarning } from "~/hooks/use-unsaved-changes-warning";
import type { ErrorCode } from "~/errors";
import type { TranslationKey } from "~/i18n";
import { useInterruptedValues } from "~/hooks/use-interrupted-values";
import { useFormCheckedOnDemand } from "~/hooks/use-check-on-demand";
import { MERKMALE, RolleFields, type RolleOptionen } from "./rolle-form";
import type { EditRolleSchema } from "./rolle-forms";

const FORM_ID = "rolle-bearbeiten";

/** The role as the form was read: its editable values and the version they belong to. */
export interface RolleStand {
  name: string;
  merkmale: string[];
  angebote: string[];
  systemrechte: string[];
  version: number;
}

/**
 * Name, merkmale, offers and rights of a role; level and rollenart are shown, fixed. The form carries the version it
 * was read at: when someone else saved the role meanwhile, the upstream refuses, the typed input stays, and the
 * message offers to load the current state (which discards the input) instead of overwriting unseen.
 */
const loadCheck = () => import("./rolle-forms").then((module) => module.editRolleCheck);

export function RolleBearbeitenForm({
  constraint,
  stand,
  fest,
  optionen,
  cancelTo,
  reloadTo,
}: {
  /** The form's native constraints, from the server (`EDIT_ROLLE_CONSTRAINT`). */
  constraint: Record<string, Record<string, unknown>>;
  stand: RolleStand;
  fest: { ebene: string; rollenart: { key: TranslationKey; values?: Record<string, string> } };
  optionen: RolleOptionen;
  cancelTo: string;
  reloadTo: string;
}) {
  const { t } = useTranslation();
  const answer = useActionData();
  const actionData =
    typeof answer === "object" && answer !== null && "result" in answer
      ? (answer as unknown as { result: SubmissionResult<string[]>; error: ErrorCode | null })
      : undefined;
  const { formHandlers, dialog } = useUnsavedChangesWarning();
  const interrupted = useInterruptedValues();
  const version = interrupted.version ?? String(stand.version);
  const { form, fields, formProps } = useFormCheckedOnDemand<typeof EditRolleSchema>({
    id: FORM_ID,
    constraint,
    loadCheck,
    lastResult: actionData?.result,
    defaultValue: { name: stand.name, merkmale: stand.merkmale, angebote: stand.angebote, systemrechte: stand.systemrechte, version },
  });
  const formError = useCurrentFormError(form, actionData);
  const conflict = formError === "NEWER_VERSION_OF_ROLLE_AVAILABLE";
  // In the order of the form's checkboxes, as the save button reads them.
  const ordered = (chosen: string[], order: readonly string[]) => order.filter((value) => chosen.includes(value)).join("\n");

  return (
    <>
      <FormError id={`${FORM_ID}-fehler`} code={formError} message={conflict ? t("rollen:edit.conflictMessage") : undefined}>
        {conflict ? <ReloadLink to={reloadTo}>{t("rollen:edit.reload")}</ReloadLink> : null}
      </FormError>
      <Form method="post" {...formProps} {...formHandlers} className="max-w-3xl">
        <RequiredFieldsNote />
        <Notice tone="info" className="mb-4">
          <p>
            <span className="font-semibold">{t("rollen:fields.ebene")}:</span> {fest.ebene}
          </p>
          <p>
            <span className="font-semibold">{t("rollen:fields.rollenart")}:</span> {t(fest.rollenart.key, fest.rollenart.values)}
          </p>
          <p className="mt-2 text-sm">{t("rollen:edit.fixed")}</p>
        </Notice>
        <input type="hidden" name={fields.version.name} value={version} />
        <RolleFields fields={fields} optionen={optionen} />
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={cancelTo} className="btn-secondary">
            {t("form.cancel")}
          </Link>
          <SaveButton
            form={form}
            stored={{
              name: stand.name,
              merkmale: ordered(stand.merkmale, MERKMALE),
              angebote: ordered(
                stand.angebote,
                optionen.angebote.map((angebot) => angebot.id),
              ),
              systemrechte: ordered(
                stand.systemrechte,
                optionen.systemrechte.map((recht) => recht.name),
              ),
            }}
          />
        </div>
      </Form>
      {dialog}
    </>
  );
}
