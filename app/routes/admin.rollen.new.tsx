import type { SubmissionResult } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { ChoiceSearch } from "~/components/fields/choice-search";
import { FormError } from "~/components/form-error";
import { useCurrentFormError } from "~/hooks/use-current-form-error";
import { RequiredFieldsNote, SelectField } from "~/components/forms";
import { RolleDaten } from "~/features/rollen/rolle-fields";
import { RolleFields } from "~/features/rollen/rolle-form";
import { SubmitButton } from "~/components/submit-button";
import { useUnsavedChangesWarning } from "~/hooks/use-unsaved-changes-warning";
import { useFormCheckedOnDemand } from "~/hooks/use-check-on-demand";
import { useFormBusy } from "~/hooks/use-form-busy";
import { pageTitle, type I18nHandle } from "~/i18n";
import { returnPathFrom, withReturnPath } from "~/return-path";
import type { CreateRolleSchema } from "~/features/rollen/rolle-forms";
import { answerCreateRolle, loadCreateForm } from "~/features/rollen/rolle-anlegen.server";
import { loadRolleForAdmin, ownerIfUnnamed, rolleView } from "~/features/rollen/rollen.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { withUpstreamSession } from "~/.server/responses.server";

export const handle: I18nHandle = { i18n: "rollen" };

const LIST_PATH = "/admin/rollen";
const FORM_ID = "rolle-anlegen";
/** The name of the "Weiter" button: in the address, it tells a press of "Weiter" from a visit, a search or a link. */
const WEITER = "weiter";

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const search = new URL(request.url).searchParams;
    // The list the user came from, with its search: "discard" and "back to the list" return there.
    const zurueck = returnPathFrom(search, LIST_PATH);
    const guard = requireAdmin(request, { permissions: ["rollenverwaltung"] });
    const createdId = search.get("erstellt");
    if (createdId !== null) {
      // After a create (post/redirect/get) this page is the summary: read from the upstream, so a reload creates nothing.
      const [, rolle] = await guardWhileLoading(guard, () => loadRolleForAdmin(request, createdId));
      return { created: rolleView(rolle, await ownerIfUnnamed(request, rolle)), form: null, zurueck };
    }
    const [, form] = await guardWhileLoading(guard, () => loadCreateForm(request, search, { weiter: search.has(WEITER) }));
    return { created: null, form, zurueck };
  });
}

export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    await requireAdmin(request, { permissions: ["rollenverwaltung"] });
    return answerCreateRolle(request, returnPathFrom(new URL(request.url).searchParams, LIST_PATH));
  });
}

export default function RolleAnlegen() {
  const { created, form, zurueck } = useLoaderData<typeof loader>();
  if (created) return <Angelegt rolle={created} zurueck={zurueck} />;
  return form ? <AnlegenForm key={JSON.stringify(form.defaults)} /> : null;
}

type CreateFormData = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["form"]>;

const loadCheck = () => import("~/features/rollen/rolle-forms").then((module) => module.createRolleCheck);

function AnlegenForm() {
  const { t } = useTranslation();
  const { zurueck, ...loaderData } = useLoaderData<typeof loader>();
  const data = loaderData.form as CreateFormData;
  const actionData = useActionData<typeof action>();
  // "Weiter" and "Suchen" reload this page with everything typed so far: that is not leaving it.
  const { formHandlers, dialog } = useUnsavedChangesWarning({ samePathKeepsInput: true });
  const { form, fields, formProps } = useFormCheckedOnDemand<typeof CreateRolleSchema>({
    id: FORM_ID,
    constraint: data.constraint,
    loadCheck,
    // A post's answer, or the loader's word on "Weiter" without a choice.
    lastResult: actionData && "result" in actionData ? actionData.result : (data.auswahlFehler as SubmissionResult<string[]> | null),
    defaultValue: data.defaults,
  });
  const formError = useCurrentFormError(form, actionData);
  const submit = useSubmit();
  const busy = useFormBusy(FORM_ID);
  // "Weiter" and "Suchen" send the form as a GET: the address holds the choice. With JavaScript without conform's
  // check (the name may still be empty), as the browser does without JavaScript (`formNoValidate`).
  const sendChoice = (event: MouseEvent<HTMLButtonElement>) => {
    const button = event.currentTarget;
    if (!button.form) return;
    event.preventDefault();
    const values = new FormData(button.form);
    values.delete("_form");
    // As the browser does without JavaScript: the pressed button's name ("Weiter", not "Suchen") goes along.
    if (button.name) values.set(button.name, button.value);
    submit(values, { method: "get", action: `/admin/rollen/new`, preventScrollReset: true, replace: true });
  };

  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("rollen:create.title")}</h1>
      <FormError id={`${FORM_ID}-fehler`} code={formError} />
      <Form method="post" {...formProps} {...formHandlers} className="max-w-3xl">
        {/* Enter in a field presses a form's first submit button: once the name can be typed, that is the create, not
            "Weiter" (which only shows the same form again). Hidden: the visible "Rolle anlegen" is the one to Tab to. */}
        {data.bereit ? <button type="submit" className="hidden" tabIndex={-1} aria-hidden="true" disabled={busy} /> : null}
        <RequiredFieldsNote />
        <input type="hidden" name="zurueck" value={zurueck} />
        <section aria-labelledby="rolle-auswahl" className="mb-6">
          <h2 id="rolle-auswahl" className="mb-2 text-xl font-bold">
            {t("rollen:create.auswahl")}
          </h2>
          {data.ebenenGekuerzt || data.ebeneSuche ? (
            <ChoiceSearch
              id="rolle-ebene-suche"
              name="ebeneSuche"
              label={t("rollen:create.ebeneSuche")}
              defaultValue={data.ebeneSuche}
              hint={t("rollen:create.ebeneSucheHint", { count: data.ebenenLimit, total: data.ebenenTotal })}
              buttonLabel={t("rollen:create.ebeneSuchen")}
              onSearch={sendChoice}
            />
          ) : null}
          {data.ebeneUnbekannt ? <p className="mb-2">{t("rollen:validation.ebene.unavailable")}</p> : null}
          <SelectField field={fields.ebene} label={t("rollen:fields.ebene")} placeholder={t("rollen:create.choose")}>
            {data.ebenen.map((ebene) => (
              <option key={ebene.id} value={ebene.id}>
                {ebene.label}
              </option>
            ))}
          </SelectField>
          <SelectField field={fields.rollenart} label={t("rollen:fields.rollenart")} placeholder={t("rollen:create.choose")}>
            {data.rollenarten.map((rollenart) => (
              <option key={rollenart.value} value={rollenart.value}>
                {t(rollenart.label.key)}
              </option>
            ))}
          </SelectField>
          <p id="rolle-weiter-hint" className="mb-2 text-sm text-gray-700">
            {t(data.bereit ? "rollen:create.weiterHintBereit" : "rollen:create.weiterHint")}
          </p>
          <button
            type="submit"
            name={WEITER}
            value="1"
            formMethod="get"
            formNoValidate
            className="btn-secondary"
            aria-describedby="rolle-weiter-hint"
            onClick={sendChoice}
          >
            {t("rollen:create.weiter")}
          </button>
        </section>
        {data.bereit ? (
          <section aria-labelledby="rolle-daten" className="mb-6">
            <h2 id="rolle-daten" className="mb-2 text-xl font-bold">
              {t("rollen:create.daten")}
            </h2>
            <RolleFields fields={fields} optionen={{ angebote: data.angebote, systemrechte: data.systemrechte }} />
          </section>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={zurueck} className="btn-secondary">
            {t("rollen:create.discard")}
          </Link>
          {data.bereit ? <SubmitButton form={form} label={t("rollen:create.submit")} /> : null}
        </div>
      </Form>
      {dialog}
    </>
  );
}

function Angelegt({ rolle, zurueck }: { rolle: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["created"]>; zurueck: string }) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("rollen:created.title")}</h1>
      {/* A long name without blanks breaks instead of widening the page. */}
      <p role="status" className="mb-4 [overflow-wrap:anywhere]">
        {t("rollen:created.message", { name: rolle.name })}
      </p>
      <RolleDaten rolle={rolle} />
      <div className="flex flex-wrap gap-3">
        <Link to={zurueck} className="btn-secondary">
          {t("rollen:created.backToList")}
        </Link>
        <Link to={withReturnPath(`/admin/rollen/${rolle.id}`, zurueck, LIST_PATH)} className="btn-secondary">
          {t("rollen:created.toDetails")}
        </Link>
        <Link
          to={withReturnPath(`/admin/rollen/new?${new URLSearchParams({ ebene: rolle.ebeneId })}`, zurueck, LIST_PATH)}
          className="btn-primary"
        >
          {t("rollen:created.another")}
        </Link>
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: pageTitle(loaderData?.created ? "rollen:created.title" : "rollen:create.title") },
];
