import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { useCurrentFormError } from "~/hooks/use-current-form-error";
import { RequiredFieldsNote, TextField } from "~/components/forms";
import { KLASSE_LOESCHEN, KlasseLoeschenDialog } from "~/features/klassen/klasse-loeschen-dialog";
import { DialogLink, unlessOnlyDialogChanged } from "~/components/route-dialog";
import { useRouteDialog } from "~/hooks/use-route-dialog";
import { SaveButton } from "~/components/save-button";
import { useUnsavedChangesWarning } from "~/hooks/use-unsaved-changes-warning";
import { useInterruptedValues } from "~/hooks/use-interrupted-values";
import { useSchemaForm } from "~/hooks/use-schema-form";
import { pageTitle, type I18nHandle } from "~/i18n";
import { organisationLabel } from "~/organisation-label";
import { returnPathFrom, withReturnPath } from "~/return-path";
import { hasChanges } from "~/form-changes";
import { RenameKlasseSchema } from "~/features/klassen/klasse-forms";
import { loadKlasseForAdmin } from "~/features/klassen/klassen.server";
import { answerKlasseDelete, renameKlasseWithOutcome } from "~/features/klassen/klassen-writes.server";
import { nothingChanged } from "~/.server/edit-form.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { readFormData } from "~/.server/form-data.server";
import { invalidForm, redirectWithToast, refusedForm, withUpstreamSession, type Toast } from "~/.server/responses.server";

export const handle: I18nHandle = { i18n: "klassen" };

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    const [, { klasse, schule }] = await guardWhileLoading(requireAdmin(request, { permissions: ["klassenverwaltung"] }), () =>
      loadKlasseForAdmin(request, params.id),
    );
    const search = new URL(request.url).searchParams;
    return {
      klasse: { id: klasse.id, name: klasse.name, version: klasse.version ?? 1 },
      schule: organisationLabel(schule),
      editing: search.has("bearbeiten"),
      // The list the user came from, with its filters, search and page.
      zurueck: returnPathFrom(search, LIST_PATH),
    };
  });
}

export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    await requireAdmin(request, { permissions: ["klassenverwaltung"] });
    const search = new URL(request.url).searchParams;
    const zurueck = returnPathFrom(search, LIST_PATH);
    if (search.has(KLASSE_LOESCHEN)) return answerKlasseDelete(request, params.id ?? null, zurueck);

    const { klasse } = await loadKlasseForAdmin(request, params.id);
    const submission = parseWithZod(await readFormData(request), { schema: RenameKlasseSchema });
    if (submission.status !== "success") return invalidForm(submission);
    if (!hasChanges(submission.value, { name: klasse.name })) return nothingChanged(request, detailsPath(klasse.id, zurueck));

    const outcome = await renameKlasseWithOutcome(request, klasse.id, submission.value.name, submission.value.version);
    if (outcome.status !== "saved") return refusedForm(submission, outcome.failure);
    const saved: Toast = { key: "klassen:edit.saved", values: { name: outcome.value.name } };
    if (outcome.how !== "answered")
      return redirectWithToast(request, detailsPath(klasse.id, zurueck), { ...saved, key: "write.savedAfterDelay" });
    return redirectWithToast(request, detailsPath(klasse.id, zurueck), saved);
  });
}

// Opening and closing the delete dialog needs nothing new from the server.
export const shouldRevalidate = unlessOnlyDialogChanged([KLASSE_LOESCHEN]);

const LIST_PATH = "/admin/klassen";

/** The class's page, remembering the list to go back to; `bearbeiten` opens the rename form. */
function detailsPath(id: string, zurueck: string, { bearbeiten = false } = {}) {
  return withReturnPath(`/admin/klassen/${id}${bearbeiten ? "?bearbeiten" : ""}`, zurueck, LIST_PATH);
}

export default function KlasseDetails() {
  const { t } = useTranslation();
  const { klasse, schule, editing, zurueck } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const deleteDialog = useRouteDialog(KLASSE_LOESCHEN);
  const deleteError = actionData && "deleteError" in actionData ? actionData.deleteError : null;
  const renaming = editing || (actionData !== undefined && "result" in actionData);
  const dialog = <KlasseLoeschenDialog dialog={deleteDialog} klasse={{ name: klasse.name, schule }} error={deleteError} />;
  // Without JavaScript the dialog is a page of its own.
  if (deleteDialog.inline) return dialog;

  return (
    <>
      <p className="mb-2">
        <Link to={zurueck} className="text-primary underline">
          {t("klassen:details.backToList")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{t(renaming ? "klassen:edit.title" : "klassen:details.title", { name: klasse.name })}</h1>
      {renaming ? (
        <RenameForm key={klasse.version} />
      ) : (
        <>
          <dl className="mb-6 grid max-w-2xl grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            <dt className="font-semibold">{t("klassen:fields.schule")}</dt>
            <dd>{schule}</dd>
            <dt className="font-semibold">{t("klassen:fields.name")}</dt>
            <dd>{klasse.name}</dd>
          </dl>
          <div className="flex flex-wrap gap-3">
            <Link to={detailsPath(klasse.id, zurueck, { bearbeiten: true })} className="btn-primary">
              {t("klassen:details.edit")}
            </Link>
            <DialogLink name={KLASSE_LOESCHEN} className="btn-danger">
              {t("klassen:delete.title")}
            </DialogLink>
          </div>
        </>
      )}
      {dialog}
    </>
  );
}

function RenameForm() {
  const { t } = useTranslation();
  const { klasse, schule, zurueck } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const actionData = answer && "result" in answer ? answer : undefined;
  const { formHandlers, dialog } = useUnsavedChangesWarning();
  // After an interrupted save the typed name comes back, with the version it was typed against: a rename by
  // someone else in the meantime still ends in the conflict message instead of being overwritten.
  const interrupted = useInterruptedValues();
  const version = interrupted.version ?? String(klasse.version);
  const { form, fields, formProps } = useSchemaForm(RenameKlasseSchema, {
    id: "klasse-bearbeiten",
    defaultValue: { name: interrupted.name ?? klasse.name, version },
  });
  const formError = useCurrentFormError(form, actionData);

  return (
    <>
      <FormError id="klasse-bearbeiten-fehler" code={formError} />
      {formError === "NEWER_VERSION_ORGANISATION" ? (
        // Someone renamed the class meanwhile: show its current state before the user decides again.
        <p className="mb-4">
          <Link to={detailsPath(klasse.id, zurueck, { bearbeiten: true })} className="text-primary underline">
            {t("klassen:edit.reload")}
          </Link>
        </p>
      ) : null}
      <Form method="post" {...formProps} {...formHandlers} className="max-w-2xl">
        <RequiredFieldsNote />
        <p className="mb-4">
          <span className="font-semibold">{t("klassen:fields.schule")}:</span> {schule}
        </p>
        <input type="hidden" name={fields.version.name} value={version} />
        <TextField field={fields.name} label={t("klassen:fields.name")} hint={t("klassen:fields.nameHint")} />
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={detailsPath(klasse.id, zurueck)} className="btn-secondary">
            {t("form.cancel")}
          </Link>
          <SaveButton form={form} stored={{ name: klasse.name }} />
        </div>
      </Form>
      {dialog}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, location }) => {
  const name = loaderData?.klasse.name ?? "";
  if (new URLSearchParams(location.search).has(KLASSE_LOESCHEN)) return [{ title: pageTitle("klassen:delete.pageTitle", { name }) }];
  return [{ title: pageTitle(loaderData?.editing ? "klassen:edit.title" : "klassen:details.title", { name }) }];
};
