import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { ChoiceSearch } from "~/components/fields/choice-search";
import { FormError } from "~/components/form-error";
import { RadioGroup } from "~/components/fields/radio-group";
import { RequiredFieldsNote, SelectField } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { useCurrentFormError } from "~/hooks/use-current-form-error";
import { useFormCheckedOnDemand } from "~/hooks/use-check-on-demand";
import { useUnsavedChangesWarning } from "~/hooks/use-unsaved-changes-warning";
import { pageTitle, type I18nHandle } from "~/i18n";
import { returnPathFrom } from "~/return-path";
import { AngebotFields } from "~/features/angebote/angebot-fields";
import type { AngebotAnlegenSchema } from "~/features/angebote/angebot-forms";
import { answerAnlegen, loadAnlegenForm, requireAngebotSchreiber } from "~/features/angebote/angebot-schreiben.server";
import { withUpstreamSession } from "~/.server/responses.server";

export const handle: I18nHandle = { i18n: "angebote" };

const FORM_ID = "angebot-anlegen";

/** A new offer (issue 34 §1): for offer administrators, and for a school's own offers with the restricted right. */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const url = new URL(request.url);
    // The organisations depend on which right the user has: read after the guard (two waves: switches, organisations).
    const { eingeschraenkt } = await requireAngebotSchreiber(request);
    const form = await loadAnlegenForm(request, url.searchParams, eingeschraenkt);
    return { ...form, zurueck: returnPathFrom(url.searchParams, eingeschraenkt ? "/admin/angebote/erweiterbar" : "/admin/angebote") };
  });
}

export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const { eingeschraenkt } = await requireAngebotSchreiber(request);
    return answerAnlegen(request, eingeschraenkt);
  });
}

const loadCheck = () => import("~/features/angebote/angebot-forms").then((module) => module.angebotAnlegenCheck);

export default function AngebotAnlegen() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // The search reloads this page with the form kept: that is not leaving it.
  const { formHandlers, dialog } = useUnsavedChangesWarning({ samePathKeepsInput: true });
  const submit = useSubmit();
  // With JavaScript the search asks for the options alone: the form's check must not stop it, and what was typed stays.
  const search = (event: MouseEvent<HTMLButtonElement>) => {
    const field = event.currentTarget.form?.elements.namedItem("ebeneSuche");
    if (!(field instanceof HTMLInputElement)) return;
    event.preventDefault();
    submit({ ebeneSuche: field.value }, { method: "get", preventScrollReset: true, replace: true });
  };
  const { form, fields, formProps } = useFormCheckedOnDemand<typeof AngebotAnlegenSchema>({
    id: FORM_ID,
    constraint: data.constraint,
    loadCheck,
    lastResult: actionData?.result,
    defaultValue: {
      ebene: data.gewaehlt,
      requires2fa: "nein",
      zuweisung: ["NACHTRAEGLICH_ZUWEISBAR", "VERFUEGBAR_FUER_ROLLENERWEITERUNG"],
      anbietenIn: ["ANBIETEN_IN_SCHULISCHER_ANGEBOTSVERWALTUNG", "ANBIETEN_IN_SCHULISCHER_ROLLENVERWALTUNG"],
      kategorie: "SCHULISCH",
    },
  });
  const formError = useCurrentFormError(form, actionData && "error" in actionData ? actionData : undefined);

  return (
    <>
      <p className="mb-2">
        <Link to={data.zurueck} className="text-primary underline">
          {t("angebote:details.back")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{t("angebote:create.title")}</h1>
      <FormError id={`${FORM_ID}-fehler`} code={formError} />
      <Form method="post" {...formProps} {...formHandlers} className="max-w-3xl">
        <RequiredFieldsNote />
        {data.ebenenGekuerzt || data.ebeneSuche ? (
          <ChoiceSearch
            id="angebot-ebene-suche"
            name="ebeneSuche"
            label={t("angebote:form.ebeneSuche")}
            defaultValue={data.ebeneSuche}
            hint={
              data.ebenenGekuerzt
                ? t("angebote:form.ebeneSucheHint", { count: data.ebenenLimit, total: data.ebenenTotal })
                : t("angebote:form.ebeneSucheGefunden", { count: data.ebenenTotal })
            }
            buttonLabel={t("angebote:form.ebeneSuchen")}
            onSearch={search}
          />
        ) : null}
        {data.ebeneUnbekannt ? <p className="mb-2">{t("angebote:form.ebeneUnbekannt")}</p> : null}
        <SelectField field={fields.ebene} label={t("angebote:form.ebene")} placeholder={t("angebote:form.ebeneWaehlen")}>
          {data.ebenen.map((ebene) => (
            <option key={ebene.id} value={ebene.id}>
              {ebene.label}
            </option>
          ))}
        </SelectField>
        <AngebotFields fields={fields} eingeschraenkt={data.eingeschraenkt} optionen={data.optionen} />
        {data.eingeschraenkt ? null : (
          <RadioGroup
            field={fields.requires2fa}
            legend={t("angebote:form.requires2fa")}
            hint={t("angebote:form.requires2faFest")}
            options={[
              { value: "ja", label: t("angebote:form.ja") },
              { value: "nein", label: t("angebote:form.nein") },
            ]}
          />
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={data.zurueck} className="btn-secondary">
            {t("angebote:create.discard")}
          </Link>
          <SubmitButton form={form} label={t("angebote:create.submit")} />
        </div>
      </Form>
      {dialog}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("angebote:create.title") }];
