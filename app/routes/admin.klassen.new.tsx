import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { useCurrentFormError } from "~/hooks/use-current-form-error";
import { RequiredFieldsNote, SelectField, TextField } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { useUnsavedChangesWarning } from "~/hooks/use-unsaved-changes-warning";
import { useInterruptedValues } from "~/hooks/use-interrupted-values";
import { useSchemaForm } from "~/hooks/use-schema-form";
import { pageTitle, type I18nHandle } from "~/i18n";
import { organisationLabel } from "~/organisation-label";
import { returnPathFrom, withReturnPath } from "~/return-path";
import { CreateKlasseSchema } from "~/features/klassen/klasse-forms";
import { loadKlasseForAdmin } from "~/features/klassen/klassen.server";
import { CREATE_WRITE, createKey, createKlasseWithOutcome } from "~/features/klassen/klassen-writes.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { rememberUnansweredWrite, wasUnanswered } from "~/.server/portal-cookie.server";
import { schulenWithRight } from "~/.server/upstream/organisationen.server";
import { readFormData } from "~/.server/form-data.server";
import { redirectTo } from "~/.server/redirects.server";
import { invalidForm, redirectWithToast, refusedForm, withUpstreamSession } from "~/.server/responses.server";

export const handle: I18nHandle = { i18n: "klassen" };

const LIST_PATH = "/admin/klassen";

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const url = new URL(request.url);
    const createdId = url.searchParams.get("erstellt");
    const guard = requireAdmin(request, { permissions: ["klassenverwaltung"] });
    // The list the user came from, with its filters: "discard" and "back to the list" return there.
    const zurueck = returnPathFrom(url.searchParams, LIST_PATH);

    // After a successful create (PRG), this page shows what was created.
    if (createdId) {
      const [, { klasse, schule }] = await guardWhileLoading(guard, () => loadKlasseForAdmin(request, createdId));
      return {
        created: { name: klasse.name, schuleId: schule.id, schule: organisationLabel(schule) },
        schulen: [],
        preselected: null,
        zurueck,
      };
    }
    const [, schulen] = await guardWhileLoading(guard, () => schulenWithRight(request, "KLASSEN_VERWALTEN"));
    const preselected = schulen.length === 1 ? schulen[0].id : url.searchParams.get("schule");
    return {
      created: null,
      schulen: schulen.map((schule) => ({ id: schule.id, label: organisationLabel(schule) })),
      preselected,
      zurueck,
    };
  });
}

export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    await requireAdmin(request, { permissions: ["klassenverwaltung"] });
    const submission = parseWithZod(await readFormData(request), { schema: CreateKlasseSchema });
    if (submission.status !== "success") return invalidForm(submission);

    const { schule, name } = submission.value;
    const key = createKey(schule, name);
    const outcome = await createKlasseWithOutcome(request, schule, name, {
      earlierAttemptUnanswered: await wasUnanswered(request, CREATE_WRITE, key),
    });
    if (outcome.status === "saved") {
      const zurueck = returnPathFrom(new URL(request.url).searchParams, LIST_PATH);
      const created = withReturnPath(`/admin/klassen/new?erstellt=${outcome.value.id}`, zurueck, LIST_PATH);
      if (outcome.how === "answered") return redirectTo(created);
      return redirectWithToast(request, created, { key: "write.savedAfterDelay", tone: "info" });
    }
    // An unanswered create may still arrive upstream: its next attempt must not read "name taken" for its own class.
    const unanswered = outcome.status === "unknown" || outcome.unanswered;
    const headers = unanswered ? { "Set-Cookie": await rememberUnansweredWrite(request, CREATE_WRITE, key) } : undefined;
    return refusedForm(submission, outcome.failure, { headers });
  });
}

export default function KlasseCreate() {
  const { created, zurueck } = useLoaderData<typeof loader>();
  return created ? <CreatedSummary created={created} zurueck={zurueck} /> : <CreateForm />;
}

function CreateForm() {
  const { t } = useTranslation();
  const { schulen, preselected, zurueck } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { formHandlers, dialog } = useUnsavedChangesWarning();
  const interrupted = useInterruptedValues();
  const { form, fields, formProps } = useSchemaForm(CreateKlasseSchema, {
    id: "klasse-anlegen",
    defaultValue: { schule: interrupted.schule ?? preselected ?? "", name: interrupted.name },
  });
  const formError = useCurrentFormError(form, actionData);

  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("klassen:create.title")}</h1>
      <FormError id="klasse-anlegen-fehler" code={formError} />
      <Form method="post" {...formProps} {...formHandlers} className="max-w-2xl">
        <RequiredFieldsNote />
        <SelectField field={fields.schule} label={t("klassen:fields.schule")} placeholder={t("klassen:create.chooseSchule")}>
          {schulen.map((schule) => (
            <option key={schule.id} value={schule.id}>
              {schule.label}
            </option>
          ))}
        </SelectField>
        <TextField field={fields.name} label={t("klassen:fields.name")} hint={t("klassen:fields.nameHint")} />
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={zurueck} className="btn-secondary">
            {t("klassen:create.discard")}
          </Link>
          <SubmitButton form={form} label={t("klassen:create.submit")} />
        </div>
      </Form>
      {dialog}
    </>
  );
}

function CreatedSummary({ created, zurueck }: { created: { name: string; schuleId: string; schule: string }; zurueck: string }) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("klassen:created.title")}</h1>
      <p role="status" className="mb-4">
        {t("klassen:created.message")}
      </p>
      <dl className="mb-6 grid max-w-2xl grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="font-semibold">{t("klassen:fields.schule")}</dt>
        <dd>{created.schule}</dd>
        <dt className="font-semibold">{t("klassen:fields.name")}</dt>
        <dd>{created.name}</dd>
      </dl>
      <div className="flex flex-wrap gap-3">
        <Link to={zurueck} className="btn-secondary">
          {t("klassen:created.backToList")}
        </Link>
        <Link to={withReturnPath(`/admin/klassen/new?schule=${created.schuleId}`, zurueck, LIST_PATH)} className="btn-primary">
          {t("klassen:created.another")}
        </Link>
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: pageTitle(loaderData?.created ? "klassen:created.title" : "klassen:create.title") },
];
