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
import { CreateSchuleSchema } from "~/features/schulen/schule-forms";
import {
  CREATE_SCHULE_WRITE,
  createSchuleWithOutcome,
  loadSchuleForAdmin,
  SCHULE_FIELDS,
  SCHULFORM_LABELS,
  schulformOf,
} from "~/features/schulen/schulen.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { readFormData } from "~/.server/form-data.server";
import { rememberUnansweredWrite, wasUnanswered } from "~/.server/portal-cookie.server";
import { redirectTo } from "~/.server/redirects.server";
import { invalidForm, redirectWithToast, refusedForm, withUpstreamSession } from "~/.server/responses.server";
import { getRootChildren } from "~/.server/upstream/organisationen.server";

export const handle: I18nHandle = { i18n: "schulen" };

const LIST_PATH = "/admin/schulen";

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const url = new URL(request.url);
    const createdId = url.searchParams.get("erstellt");
    // The list the user came from, with its search: "discard" and "back to the list" return there.
    const zurueck = returnPathFrom(url.searchParams, LIST_PATH);
    const [, [forms, created]] = await guardWhileLoading(requireAdmin(request, { permissions: ["schulverwaltung"] }), () =>
      Promise.all([
        getRootChildren(request),
        // After a successful create (PRG), this page shows what was created.
        createdId ? loadSchuleForAdmin(request, createdId) : null,
      ]),
    );
    const schulformen = [
      { value: forms.oeffentlich.id, label: SCHULFORM_LABELS.oeffentlich },
      { value: forms.ersatz.id, label: SCHULFORM_LABELS.ersatz },
    ];
    const chosen = url.searchParams.get("schulform");
    return {
      schulformen,
      // The first form is the default, as in the original; "create another" keeps the form of the last one.
      preselected: schulformen.find((form) => form.value === chosen)?.value ?? forms.oeffentlich.id,
      created: created && {
        id: created.id,
        schulformId: created.administriertVon ?? "",
        schulform: SCHULFORM_LABELS[schulformOf(created, forms) ?? "unbekannt"],
        kennung: created.kennung ?? "",
        name: created.name,
      },
      zurueck,
    };
  });
}

export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    await requireAdmin(request, { permissions: ["schulverwaltung"] });
    const submission = parseWithZod(await readFormData(request), { schema: CreateSchuleSchema });
    if (submission.status !== "success") return invalidForm(submission);

    const schule = submission.value;
    const outcome = await createSchuleWithOutcome(request, schule, {
      earlierAttemptUnanswered: await wasUnanswered(request, CREATE_SCHULE_WRITE, schule.kennung),
    });
    if (outcome.status === "saved") {
      const zurueck = returnPathFrom(new URL(request.url).searchParams, LIST_PATH);
      const created = withReturnPath(`/admin/schulen/new?erstellt=${outcome.value.id}`, zurueck, LIST_PATH);
      if (outcome.how === "answered") return redirectTo(created);
      return redirectWithToast(request, created, { key: "write.savedAfterDelay", tone: "info" });
    }
    // An unanswered create may still arrive upstream: its next attempt must not read "number taken" for its own school.
    const unanswered = outcome.status === "unknown" || outcome.unanswered;
    const headers = unanswered ? { "Set-Cookie": await rememberUnansweredWrite(request, CREATE_SCHULE_WRITE, schule.kennung) } : undefined;
    return refusedForm(submission, outcome.failure, { fields: SCHULE_FIELDS, headers });
  });
}

export default function SchuleCreate() {
  const { created, zurueck } = useLoaderData<typeof loader>();
  return created ? <CreatedSummary created={created} zurueck={zurueck} /> : <CreateForm />;
}

function CreateForm() {
  const { t } = useTranslation();
  const { schulformen, preselected, zurueck } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { formHandlers, dialog } = useUnsavedChangesWarning();
  const interrupted = useInterruptedValues();
  const { form, fields, formProps } = useSchemaForm(CreateSchuleSchema, {
    id: "schule-anlegen",
    defaultValue: { schulform: interrupted.schulform ?? preselected, kennung: interrupted.kennung, name: interrupted.name },
  });
  const formError = useCurrentFormError(form, actionData);

  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("schulen:create.title")}</h1>
      <FormError id="schule-anlegen-fehler" code={formError} />
      <Form method="post" {...formProps} {...formHandlers} className="max-w-2xl">
        <RequiredFieldsNote />
        <RadioGroup
          field={fields.schulform}
          legend={t("schulen:fields.schulform")}
          options={schulformen.map((schulform) => ({ value: schulform.value, label: t(schulform.label) }))}
        />
        <TextField field={fields.kennung} label={t("schulen:fields.kennung")} hint={t("schulen:fields.kennungHint")} />
        <TextField field={fields.name} label={t("schulen:fields.name")} hint={t("schulen:fields.nameHint")} />
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={zurueck} className="btn-secondary">
            {t("schulen:create.discard")}
          </Link>
          <SubmitButton form={form} label={t("schulen:create.submit")} />
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
  created: { id: string; schulformId: string; schulform: TranslationKey; kennung: string; name: string };
  zurueck: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("schulen:created.title")}</h1>
      <p role="status" className="mb-4">
        {t("schulen:created.message")}
      </p>
      <dl className="mb-6 grid max-w-2xl grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="font-semibold">{t("schulen:fields.schulform")}</dt>
        <dd>{t(created.schulform)}</dd>
        <dt className="font-semibold">{t("schulen:fields.kennung")}</dt>
        <dd>{created.kennung}</dd>
        <dt className="font-semibold">{t("schulen:fields.name")}</dt>
        <dd>{created.name}</dd>
      </dl>
      <div className="flex flex-wrap gap-3">
        <Link to={withReturnPath(`/admin/schulen/${created.id}`, zurueck, LIST_PATH)} className="btn-secondary">
          {t("schulen:created.toDetails")}
        </Link>
        <Link to={zurueck} className="btn-secondary">
          {t("schulen:created.backToList")}
        </Link>
        <Link to={withReturnPath(`/admin/schulen/new?schulform=${created.schulformId}`, zurueck, LIST_PATH)} className="btn-primary">
          {t("schulen:created.another")}
        </Link>
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: pageTitle(loaderData?.created ? "schulen:created.title" : "schulen:create.title") },
];
