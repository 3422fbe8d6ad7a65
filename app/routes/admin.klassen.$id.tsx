import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/confirm-action";
import { FormError } from "~/components/form-error";
import { RequiredFieldsNote, TextField } from "~/components/forms";
import { useUnsavedChangesWarning } from "~/components/unsaved-changes";
import { pageTitle } from "~/i18n-static";
import { organisationLabel } from "~/paths";
import { RenameKlasseSchema } from "~/validation/organisation-names";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { loadKlasseForAdmin } from "~/.server/klassen.server";
import { flashToast } from "~/.server/portal-cookie.server";
import { renameOrganisation } from "~/.server/upstream/organisationen.server";
import { upstreamCookieHeaders, UpstreamFailure } from "~/.server/upstream.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [, { klasse, schule }] = await guardWhileLoading(requireAdmin(request, { permissions: ["klassenverwaltung"] }), () =>
    loadKlasseForAdmin(request, params.id),
  );
  return data(
    {
      klasse: { id: klasse.id, name: klasse.name, version: klasse.version ?? 1 },
      schule: organisationLabel(schule),
      editing: new URL(request.url).searchParams.has("bearbeiten"),
    },
    { headers: upstreamCookieHeaders(request) },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request, { permissions: ["klassenverwaltung"] });
  const { klasse } = await loadKlasseForAdmin(request, params.id);
  const submission = parseWithZod(await request.formData(), { schema: RenameKlasseSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), error: null }, { status: 400 });
  }
  try {
    const renamed = await renameOrganisation(request, klasse.id, submission.value.name, submission.value.version);
    const headers = upstreamCookieHeaders(request);
    headers.append("Set-Cookie", await flashToast(request, "klassen.edit.saved", { name: renamed.name }));
    return redirect(`/admin/klassen/${klasse.id}`, { headers });
  } catch (error) {
    if (!(error instanceof UpstreamFailure) || error.status >= 500) throw error;
    return data({ result: submission.reply(), error: error.code }, { status: 400, headers: upstreamCookieHeaders(request) });
  }
}

export default function KlasseDetails() {
  const { t } = useTranslation();
  const { klasse, schule, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  return (
    <>
      <p className="mb-2">
        <Link to="/admin/klassen" className="text-primary underline">
          {t("klassen.details.backToList")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{t("klassen.details.title", { name: klasse.name })}</h1>
      {editing || actionData ? (
        <RenameForm key={klasse.version} />
      ) : (
        <>
          <dl className="mb-6 grid max-w-2xl grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            <dt className="font-semibold">{t("klassen.fields.schule")}</dt>
            <dd>{schule}</dd>
            <dt className="font-semibold">{t("klassen.fields.name")}</dt>
            <dd>{klasse.name}</dd>
          </dl>
          <div className="flex flex-wrap gap-3">
            <Link to="?bearbeiten" className="btn-primary">
              {t("klassen.details.edit")}
            </Link>
            <ConfirmAction
              href={`/admin/klassen/${klasse.id}/loeschen`}
              triggerLabel={t("klassen.delete.title")}
              triggerClassName="btn-danger"
              title={t("klassen.delete.title")}
              message={t("klassen.delete.question", { name: klasse.name, schule })}
              confirmLabel={t("klassen.delete.confirm")}
            />
          </div>
        </>
      )}
    </>
  );
}

function RenameForm() {
  const { t } = useTranslation();
  const { klasse, schule } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { formHandlers, dialog } = useUnsavedChangesWarning();
  const [form, fields] = useForm({
    id: "klasse-bearbeiten",
    lastResult: actionData?.result,
    defaultValue: { name: klasse.name, version: String(klasse.version) },
    constraint: getZodConstraint(RenameKlasseSchema),
    // Check a field when it is left, then live while it is corrected; submit checks all fields.
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RenameKlasseSchema }),
  });

  return (
    <>
      <FormError id="klasse-bearbeiten-fehler" code={actionData?.error} />
      <Form method="post" {...getFormProps(form)} {...formHandlers} className="max-w-2xl">
        <RequiredFieldsNote />
        <p className="mb-4">
          <span className="font-semibold">{t("klassen.fields.schule")}:</span> {schule}
        </p>
        <input type="hidden" name={fields.version.name} value={String(klasse.version)} />
        <TextField field={fields.name} label={t("klassen.fields.name")} hint={t("klassen.fields.nameHint")} />
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={`/admin/klassen/${klasse.id}`} className="btn-secondary">
            {t("form.cancel")}
          </Link>
          <button type="submit" className="btn-primary" disabled={busy}>
            {t("form.save")}
          </button>
        </div>
      </Form>
      {dialog}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: pageTitle("klassen.details.title", { name: loaderData?.klasse.name ?? "" }) },
];
