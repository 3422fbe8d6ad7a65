import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RadioGroup } from "~/components/fields/radio-group";
import { FormError, useCurrentFormError } from "~/components/form-error";
import { RequiredFieldsNote, TextField } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { useUnsavedChangesWarning } from "~/components/unsaved-changes";
import { useInterruptedValues } from "~/hooks/use-interrupted-values";
import { useSchemaForm } from "~/hooks/use-schema-form";
import { pageTitle, type I18nHandle, type TranslationKey } from "~/i18n";
import { returnPathFrom, withReturnPath } from "~/return-path";
import { CreateSchultraegerSchema } from "~/features/schultraeger/schultraeger-forms";
import {
  CREATE_SCHULTRAEGER_WRITE,
  createSchultraegerKey,
  createSchultraegerWithOutcome,
  loadSchultraegerForAdmin,
  SCHULTRAEGER_FIELDS,
  TRAEGERFORM_LABELS,
  traegerformLabel,
} from "~/features/schultraeger/schultraeger.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { readFormData } from "~/.server/form-data.server";
import { rememberUnansweredWrite, wasUnanswered } from "~/.server/portal-cookie.server";
import { redirectTo } from "~/.server/redirects.server";
import { invalidForm, redirectWithToast, refusedForm, withUpstreamSession } from "~/.server/responses.server";
import { getRootChildren } from "~/.server/upstream/organisationen.server";

export const handle: I18nHandle = { i18n: "schultraeger" };

const LIST_PATH = "/admin/schultraeger";

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const url = new URL(request.url);
    const createdId = url.searchParams.get("erstellt");
    // The list the user came from, with its search: "discard" and "back to the list" return there.
    const zurueck = returnPathFrom(url.searchParams, LIST_PATH);
    const [, [forms, created]] = await guardWhileLoading(requireAdmin(request, { permissions: ["schultraegerverwaltung"] }), () =>
      Promise.all([
        getRootChildren(request),
        // After a successful create (PRG), this page shows what was created.
        createdId ? loadSchultraegerForAdmin(request, createdId) : null,
      ]),
    );
    const traegerformen = [
      { value: forms.oeffentlich.id, label: TRAEGERFORM_LABELS.oeffentlich },
      { value: forms.ersatz.id, label: TRAEGERFORM_LABELS.ersatz },
    ];
    const chosen = url.searchParams.get("schulform");
    return {
      traegerformen,
      // The first form is the default, as in the original; "create another" keeps the form of the last one.
      preselected: traegerformen.find((form) => form.value === chosen)?.value ?? forms.oeffentlich.id,
      created: created && {
        id: created.id,
        schulformId: created.administriertVon ?? "",
        form: traegerformLabel(created, forms),
        name: created.name,
      },
      zurueck,
    };
  });
}

export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    await requireAdmin(request, { permissions: ["schultraegerverwaltung"] });
    const submission = parseWithZod(await readFormData(request), { schema: CreateSchultraegerSchema });
    if (submission.status !== "success") return invalidForm(submission);

    const traeger = submission.value;
    const key = createSchultraegerKey(traeger);
    const outcome = await createSchultraegerWithOutcome(request, traeger, {
      earlierAttemptUnanswered: await wasUnanswered(request, CREATE_SCHULTRAEGER_WRITE, key),
    });
    if (outcome.status === "saved") {
      const zurueck = returnPathFrom(new URL(request.url).searchParams, LIST_PATH);
      const created = withReturnPath(`/admin/schultraeger/new?erstellt=${outcome.value.id}`, zurueck, LIST_PATH);
      if (outcome.how === "answered") return redirectTo(created);
      return redirectWithToast(request, created, { key: "write.savedAfterDelay", tone: "info" });
    }
    // An unanswered create may still arrive upstream: its next attempt must not read "name taken" for its own Träger.
    const unanswered = outcome.status === "unknown" || outcome.unanswered;
    const headers = unanswered ? { "Set-Cookie": await rememberUnansweredWrite(request, CREATE_SCHULTRAEGER_WRITE, key) } : undefined;
    return refusedForm(submission, outcome.failure, { fields: SCHULTRAEGER_FIELDS, headers });
  });
}

export default function SchultraegerCreate() {
  const { created, zurueck } = useLoaderData<typeof loader>();
  return created ? <CreatedSummary created={created} zurueck={zurueck} /> : <CreateForm />;
}

function CreateForm() {
  const { t } = useTranslation();
  const { traegerformen, preselected, zurueck } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { formHandlers, dialog } = useUnsavedChangesWarning();
  const interrupted = useInterruptedValues();
  const { form, fields, formProps } = useSchemaForm(CreateSchultraegerSchema, {
    id: "schultraeger-anlegen",
    defaultValue: { schulform: interrupted.schulform ?? preselected, name: interrupted.name },
  });
  const formError = useCurrentFormError(form, actionData);

  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("schultraeger:create.title")}</h1>
      <FormError id="schultraeger-anlegen-fehler" code={formError} />
      <Form method="post" {...formProps} {...formHandlers} className="max-w-2xl">
        <RequiredFieldsNote />
        <RadioGroup
          field={fields.schulform}
          legend={t("schultraeger:fields.form")}
          hint={t("schultraeger:fields.formHint")}
          options={traegerformen.map((form) => ({ value: form.value, label: t(form.label) }))}
        />
        <TextField field={fields.name} label={t("schultraeger:fields.name")} hint={t("schultraeger:fields.nameHint")} />
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={zurueck} className="btn-secondary">
            {t("schultraeger:create.discard")}
          </Link>
          <SubmitButton form={form} label={t("schultraeger:create.submit")} />
        </div>
      </Form>
      {dialog}
    </>
  );
}

function CreatedSummary({
  created,
  zurueck,
}: {
  created: { id: string; schulformId: string; form: TranslationKey; name: string };
  zurueck: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("schultraeger:created.title")}</h1>
      <p role="status" className="mb-4">
        {t("schultraeger:created.message")}
      </p>
      <dl className="mb-6 grid max-w-2xl grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="font-semibold">{t("schultraeger:fields.form")}</dt>
        <dd>{t(created.form)}</dd>
        <dt className="font-semibold">{t("schultraeger:fields.name")}</dt>
        <dd>{created.name}</dd>
      </dl>
      <div className="flex flex-wrap gap-3">
        <Link to={zurueck} className="btn-secondary">
          {t("schultraeger:created.backToList")}
        </Link>
        <Link to={withReturnPath(`/admin/schultraeger/${created.id}`, zurueck, LIST_PATH)} className="btn-secondary">
          {t("schultraeger:created.toDetails")}
        </Link>
        <Link to={withReturnPath(`/admin/schultraeger/new?schulform=${created.schulformId}`, zurueck, LIST_PATH)} className="btn-primary">
          {t("schultraeger:created.another")}
        </Link>
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: pageTitle(loaderData?.created ? "schultraeger:created.title" : "schultraeger:create.title") },
];
