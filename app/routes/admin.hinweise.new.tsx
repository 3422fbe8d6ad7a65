import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { useCurrentFormError } from "~/hooks/use-current-form-error";
import { RequiredFieldsNote } from "~/components/forms";
import { HinweisTextfeld } from "~/features/hinweise/hinweis-text-field";
import { SaveButton } from "~/components/save-button";
import { SubmitButton } from "~/components/submit-button";
import { useUnsavedChangesWarning } from "~/hooks/use-unsaved-changes-warning";
import { useInterruptedValues } from "~/hooks/use-interrupted-values";
import { useSchemaForm } from "~/hooks/use-schema-form";
import { pageTitle, type I18nHandle } from "~/i18n";
import { screenPermissions } from "~/permissions";
import { HinweisSchema } from "~/features/hinweise/hinweis-forms";
import { hinweisConflict, loadHinweis, saveHinweisWithOutcome, wantedPublication } from "~/features/hinweise/hinweise.server";
import { nothingChanged } from "~/.server/edit-form.server";
import { readFormData } from "~/.server/form-data.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { invalidForm, redirectWithToast, refusedForm, withUpstreamSession } from "~/.server/responses.server";

export const handle: I18nHandle = { i18n: "hinweise" };

const PATH = "/admin/hinweise/new";
// SCHULPORTAL_VERWALTEN and HINWEISE_BEARBEITEN, as the upstream asks for both (ORGANISATIONS_ROLES §7.0).
const PERMISSIONS = screenPermissions(PATH);

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const [, hinweis] = await guardWhileLoading(requireAdmin(request, { permissions: PERMISSIONS }), () => loadHinweis(request));
    return { hinweis };
  });
}

export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    await requireAdmin(request, { permissions: PERMISSIONS });
    const submission = parseWithZod(await readFormData(request), { schema: HinweisSchema });
    if (submission.status !== "success") return invalidForm(submission);
    const { inhalt, intent, id, revision } = submission.value;

    const current = await loadHinweis(request);
    // Saved by someone else since the form was read: say so instead of overwriting it (both upstream versions).
    if ((id ?? null) !== current.id || revision !== current.revision) return refusedForm(submission, hinweisConflict());
    const veroeffentlicht = wantedPublication(intent, current);
    if (inhalt === current.inhalt && veroeffentlicht === current.veroeffentlicht) return nothingChanged(request, PATH);

    const outcome = await saveHinweisWithOutcome(request, current, { inhalt, veroeffentlicht });
    if (outcome.status !== "saved") {
      return refusedForm(submission, outcome.failure, {
        fields: { MELDUNG_INHALT: { field: "inhalt", message: "hinweise:validation.inhalt.tooLong" } },
      });
    }
    if (outcome.how === "found-after-timeout") return redirectWithToast(request, PATH, { key: "write.savedAfterDelay" });
    return redirectWithToast(request, PATH, { key: `hinweise:saved.${intent}` });
  });
}

/**
 * A refused post keeps the page's data (Remix skips reloading after a 4xx), except after a conflict: then the page
 * shows the state someone else saved, and the form carries its revision, while the typed text stays in the field.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || isConflict(actionResult);

const isConflict = (answer: unknown) =>
  typeof answer === "object" && answer !== null && "error" in answer && answer.error === "MISMATCHED_REVISION";

export default function HinweisBearbeiten() {
  const { t } = useTranslation();
  const { hinweis } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const state = hinweis.id === null ? "keiner" : hinweis.veroeffentlicht ? "veroeffentlicht" : "nichtVeroeffentlicht";

  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("hinweise:title")}</h1>
      <p className="mb-4 max-w-2xl">{t("hinweise:intro")}</p>
      <p className="mb-4">
        <span className="font-semibold">{t("hinweise:state.label")}:</span> {t(`hinweise:state.${state}`)}
      </p>
      {/* A new form after each answer or load: "Aktuellen Text laden" replaces the kept text with the stored one. */}
      <HinweisForm key={`${hinweis.revision}:${answer ? "answer" : "loaded"}`} />
    </>
  );
}

/**
 * The text with three ways to save it. After a conflict the typed text stays in the field and the form carries the
 * revision just read: "Speichern" then replaces the other text knowingly, "Aktuellen Text laden" shows it instead.
 */
function HinweisForm() {
  const { t } = useTranslation();
  const { hinweis } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const actionData = answer && "result" in answer ? answer : undefined;
  const { formHandlers, dialog } = useUnsavedChangesWarning();
  // After an interrupted save the typed text comes back with the revision it was typed against.
  const interrupted = useInterruptedValues();
  const revision = interrupted.revision ?? String(hinweis.revision);
  const id = interrupted.id ?? hinweis.id ?? "";
  const { form, fields, formProps } = useSchemaForm(HinweisSchema, {
    id: "hinweis-bearbeiten",
    defaultValue: { inhalt: interrupted.inhalt ?? hinweis.inhalt, id, revision },
  });
  const formError = useCurrentFormError(form, actionData);
  const conflict = isConflict({ error: formError });

  return (
    <>
      <FormError
        id="hinweis-bearbeiten-fehler"
        code={formError}
        title={conflict ? t("hinweise:conflict.title") : undefined}
        message={conflict ? t("hinweise:conflict.message") : undefined}
      >
        {conflict ? (
          <p className="mt-3">
            <Link to={PATH} className="btn-secondary">
              {t("hinweise:conflict.load")}
            </Link>
          </p>
        ) : null}
      </FormError>
      <Form method="post" {...formProps} {...formHandlers} className="max-w-2xl">
        <RequiredFieldsNote />
        <input type="hidden" name={fields.id.name} value={id} />
        <input type="hidden" name={fields.revision.name} value={revision} />
        <HinweisTextfeld field={fields.inhalt} label={t("hinweise:fields.inhalt")} hint={t("hinweise:fields.inhaltHint")} />
        <p className="mb-3 text-sm text-gray-700">{t("hinweise:actions.speichernHint")}</p>
        <div className="flex flex-wrap items-start gap-3">
          <SaveButton form={form} stored={{ inhalt: hinweis.inhalt }} label={t("hinweise:actions.speichern")} />
          <SubmitButton
            form={form}
            name={fields.intent.name}
            value={hinweis.veroeffentlicht ? "beenden" : "veroeffentlichen"}
            label={t(hinweis.veroeffentlicht ? "hinweise:actions.beenden" : "hinweise:actions.veroeffentlichen")}
            className="btn-secondary"
          />
        </div>
      </Form>
      {dialog}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("hinweise:title") }];
