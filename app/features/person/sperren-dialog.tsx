import { Form, useActionData } from "@remix-run/react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { useCurrentFormError } from "~/hooks/use-current-form-error";
import { RequiredFieldsNote, SelectField } from "~/components/forms";
import { DateField } from "~/components/fields/date-field";
import { RadioGroup } from "~/components/fields/radio-group";
import { Notice } from "~/components/notice";
import { DialogCancel, RouteDialog } from "~/components/route-dialog";
import type { RouteDialogControl } from "~/hooks/use-route-dialog";
import { SubmitButton } from "~/components/submit-button";
import type { ErrorCode } from "~/errors";
import { answerOf, useSchemaForm } from "~/hooks/use-schema-form";
import { sperrenSchema } from "./person-sperre-forms";
import type { LockingOffice } from "./views";
import { BestaetigungsField } from "./bestaetigungs-field";

/** The dialog parameter of locking and of changing a lock: `?sperren` on the person's page. */
const FORM_ID = "person-sperren";

/** The manual lock as the page shows it: office label, last day (TT.MM.JJJJ) or null for unlimited. */
export interface ManualLockView {
  lockedBy: string | null;
  until: string | null;
}

/**
 * Lock a person, or change its manual lock (inventory §4.8.7). A new lock names the office it is set in the name
 * of: the administrator's own organisations above the person, chosen for the user when there is only one. A change
 * keeps the office and asks for the confirmation that the locking office agreed. Without end or until a day.
 */
export function SperrenDialog({
  dialog,
  name,
  manual,
  offices,
}: {
  dialog: RouteDialogControl;
  name: string;
  manual: ManualLockView | null;
  offices: LockingOffice[];
}) {
  const { t } = useTranslation();
  const aendern = manual !== null;
  const schema = sperrenSchema({ aendern, organisationen: offices.map((office) => office.id) });
  const { form, fields, formProps } = useSchemaForm(schema, {
    id: FORM_ID,
    defaultValue: {
      lockedBy: offices.length === 1 ? offices[0].id : undefined,
      dauer: manual?.until ? "befristet" : "unbefristet",
      datum: manual?.until ?? undefined,
    },
  });
  const actionData = useActionData();
  const answer = answerOf(actionData, FORM_ID) ? (actionData as { error?: ErrorCode | null }) : undefined;
  const formError = useCurrentFormError(form, answer);
  const title = t(aendern ? "personAktionen:lock.titleEdit" : "personAktionen:lock.title");

  if (!aendern && offices.length === 0) {
    return (
      <RouteDialog dialog={dialog} title={title} description={t("personAktionen:lock.person", { name })}>
        <Notice tone="info" className="mb-4">
          <p>{t("personAktionen:lock.noOffice")}</p>
        </Notice>
        <div className="flex justify-end">
          <DialogCancel dialog={dialog}>{t("personAktionen:lock.close")}</DialogCancel>
        </div>
      </RouteDialog>
    );
  }

  return (
    <RouteDialog dialog={dialog} title={title} description={t("personAktionen:lock.person", { name })}>
      <FormError id={`${FORM_ID}-fehler`} code={formError} />
      <Form method="post" {...formProps} {...dialog.formProps}>
        <RequiredFieldsNote />
        {aendern || offices.length === 1 ? (
          <dl className="mb-4">
            <dt className="font-semibold">{t("personAktionen:lock.lockedBy")}</dt>
            <dd>{aendern ? (manual.lockedBy ?? t("personAktionen:lock.unknownOffice")) : offices[0].label}</dd>
          </dl>
        ) : null}
        {!aendern && offices.length === 1 ? <input type="hidden" name={fields.lockedBy.name} value={offices[0].id} /> : null}
        {!aendern && offices.length > 1 ? (
          <SelectField
            field={fields.lockedBy}
            label={t("personAktionen:lock.lockedBy")}
            placeholder={t("personAktionen:lock.chooseOffice")}
          >
            {offices.map((office) => (
              <option key={office.id} value={office.id}>
                {office.label}
              </option>
            ))}
          </SelectField>
        ) : null}
        <RadioGroup
          field={fields.dauer}
          legend={t("personAktionen:lock.dauer")}
          options={[
            { value: "unbefristet", label: t("personAktionen:lock.unbefristet") },
            { value: "befristet", label: t("personAktionen:lock.befristet") },
          ]}
          detail={(option) =>
            option.value === "befristet" ? (
              <div onInput={chooseDateOption} className="mt-2">
                <DateField field={fields.datum} label={t("personAktionen:lock.datum")} className="mb-1" />
              </div>
            ) : null
          }
        />
        <Notice tone="info" className="mb-4">
          <p>{t("personAktionen:lock.info", { name })}</p>
        </Notice>
        {aendern ? (
          <BestaetigungsField
            field={fields.bestaetigt}
            label={t("personAktionen:lock.bestaetigt", { office: manual.lockedBy ?? t("personAktionen:lock.unknownOffice") })}
          />
        ) : null}
        <div className="dialog-actions mt-6">
          <DialogCancel dialog={dialog}>{t("form.cancel")}</DialogCancel>
          <SubmitButton form={form} label={t(aendern ? "personAktionen:lock.confirmEdit" : "personAktionen:lock.confirm")} />
        </div>
      </Form>
    </RouteDialog>
  );
}

/** With JavaScript, typing a date chooses "until a date" (as the Befristung field does); emptying it chooses nothing. */
function chooseDateOption(event: FormEvent<HTMLDivElement>) {
  if (event.target instanceof HTMLInputElement && event.target.value === "") return;
  const radio = event.currentTarget.closest("fieldset")?.querySelector<HTMLInputElement>('input[type="radio"][value="befristet"]');
  if (radio) radio.checked = true;
}
