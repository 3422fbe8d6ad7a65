import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { useCurrentFormError } from "~/hooks/use-current-form-error";
import { RequiredFieldsNote, TextField } from "~/components/forms";
import { Notice } from "~/components/notice";
import { ReloadLink } from "~/components/reload-link";
import { DialogCancel, RouteDialog } from "~/components/route-dialog";
import type { RouteDialogControl } from "~/hooks/use-route-dialog";
import { useUnsavedChangesWarning } from "~/hooks/use-unsaved-changes-warning";
import { SaveButton } from "~/components/save-button";
import type { ErrorCode } from "~/errors";
import { useInterruptedValues } from "~/hooks/use-interrupted-values";
import { useSchemaForm } from "~/hooks/use-schema-form";
import { personBearbeitenSchema } from "./person-forms";
import type { PersonView } from "./views";
import { PERSON_BEARBEITEN } from "./dialog-names";

/** The dialog parameter of the edit form: `?bearbeiten` on the person's page. */
const FORM_ID = "person-bearbeiten";

interface CurrentState {
  vorname: string;
  familienname: string;
  personalnummer: string;
  revision: string;
  lastModified: string;
}

/** The action's answer to this form after a conflict: the record as it is now, beside the kept input. */
function conflictAnswer(answer: unknown): { error: ErrorCode | null; current?: CurrentState } | undefined {
  if (typeof answer !== "object" || answer === null || !("result" in answer)) return undefined;
  return answer as unknown as { error: ErrorCode | null; current?: CurrentState };
}

/**
 * Edit names and KoPers number (inventory §4.8.2). A conflict (someone changed the person meanwhile) keeps the
 * typed values, shows the current state, and offers both ways out: save the input over it, or load the current data.
 */
export function PersonBearbeitenDialog({ dialog, person }: { dialog: RouteDialogControl; person: PersonView }) {
  const { t } = useTranslation();
  const answer = conflictAnswer(useActionData());
  const current = answer?.current;
  const kopersVorhanden = Boolean(current?.personalnummer ?? person.personalnummer);
  const schema = personBearbeitenSchema({ kopersVorhanden });
  const stored = {
    vorname: current?.vorname ?? person.vorname,
    familienname: current?.familienname ?? person.familienname,
    personalnummer: current?.personalnummer ?? person.personalnummer ?? "",
  };
  // After a post interrupted by a login the typed values come back, with the record they were typed against: a
  // change by someone else in the meantime still ends in the conflict message instead of being overwritten.
  const interrupted = useInterruptedValues();
  const { form, fields, formProps } = useSchemaForm(schema, {
    id: FORM_ID,
    defaultValue: {
      vorname: interrupted.vorname ?? person.vorname,
      familienname: interrupted.familienname ?? person.familienname,
      personalnummer: interrupted.personalnummer ?? person.personalnummer ?? "",
    },
  });
  const revision = current?.revision ?? interrupted.revision ?? person.revision;
  const lastModified = current?.lastModified ?? interrupted.lastModified ?? person.lastModified;
  const formError = useCurrentFormError(form, answer);
  const showKopers = person.kopersPflicht || kopersVorhanden;
  // Escape, a click outside and "Abbrechen" leave the dialog's address: with typed changes they ask first, as the
  // page forms do.
  const { formHandlers, dialog: leaveDialog } = useUnsavedChangesWarning();

  return (
    <RouteDialog dialog={dialog} title={t("personAktionen:edit.title")}>
      <FormError
        id={`${FORM_ID}-fehler`}
        code={formError}
        // The code's own text asks for a reload; here the form keeps the input and offers both ways below.
        message={formError === "NEWER_VERSION_OF_PERSON_AVAILABLE" && current ? t("personAktionen:edit.conflictMessage") : undefined}
      />
      {formError === "NEWER_VERSION_OF_PERSON_AVAILABLE" && current ? (
        <Notice tone="info" className="mb-4">
          <p>
            {t("personAktionen:edit.conflictCurrent", {
              vorname: current.vorname,
              familienname: current.familienname,
              personalnummer: current.personalnummer || t("personDetails:none"),
            })}
          </p>
          <p className="mt-2">{t("personAktionen:edit.conflictKept")}</p>
          {/* The dialog's own address: it opens again, with the current data. */}
          <ReloadLink to={`${dialog.closeTo}${dialog.closeTo.includes("?") ? "&" : "?"}${PERSON_BEARBEITEN}`}>
            {t("personAktionen:edit.reload")}
          </ReloadLink>
        </Notice>
      ) : null}
      <Notice tone="warning" className="mb-4">
        <p>{t("personAktionen:edit.notice")}</p>
      </Notice>
      <Form method="post" {...formProps} {...dialog.formProps} {...formHandlers}>
        <RequiredFieldsNote />
        <input type="hidden" name={fields.revision.name} value={revision} />
        <input type="hidden" name={fields.lastModified.name} value={lastModified} />
        <TextField field={fields.vorname} label={t("person:details.vorname")} autoComplete="off" />
        <TextField field={fields.familienname} label={t("person:details.familienname")} autoComplete="off" />
        {showKopers ? (
          <TextField
            field={fields.personalnummer}
            label={t("person:details.personalnummer")}
            hint={kopersVorhanden ? t("personAktionen:edit.kopersHint") : undefined}
          />
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <DialogCancel dialog={dialog}>{t("form.cancel")}</DialogCancel>
          <SaveButton form={form} stored={showKopers ? stored : { vorname: stored.vorname, familienname: stored.familienname }} />
        </div>
      </Form>
      {leaveDialog}
    </RouteDialog>
  );
}
