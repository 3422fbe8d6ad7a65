import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/confirm-action";
import { FormError, useCurrentFormError } from "~/components/form-error";
import { RequiredFieldsNote, TextField } from "~/components/forms";
import { SaveButton } from "~/components/save-button";
import { useUnsavedChangesWarning } from "~/components/unsaved-changes";
import { useInterruptedValues } from "~/hooks/use-interrupted-values";
import { useSchemaForm } from "~/hooks/use-schema-form";
import { pageTitle } from "~/i18n-static";
import { organisationLabel, safeRedirectPath } from "~/paths";
import { hasChanges } from "~/validation/changes";
import { RenameKlasseSchema } from "~/validation/organisation-names";
import { nothingChanged } from "~/.server/edit-form.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { loadKlasseForAdmin } from "~/.server/klassen.server";
import { flashToast } from "~/.server/portal-cookie.server";
import { renameOrganisation } from "~/.server/upstream/organisationen.server";
import { formFailureStatus, upstreamCookieHeaders, UpstreamFailure } from "~/.server/upstream.server";
import { readFormData } from "~/.server/form-data.server";
import { redirectTo } from "~/.server/redirects.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [, { klasse, schule }] = await guardWhileLoading(requireAdmin(request, { permissions: ["klassenverwaltung"] }), () =>
    loadKlasseForAdmin(request, params.id),
  );
  const search = new URL(request.url).searchParams;
  return data(
    {
      klasse: { id: klasse.id, name: klasse.name, version: klasse.version ?? 1 },
      schule: organisationLabel(schule),
      editing: search.has("bearbeiten"),
      // The list the user came from, with its filters, search and page.
      zurueck: safeRedirectPath(search.get("zurueck"), LIST_PATH),
    },
    { headers: upstreamCookieHeaders(request) },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request, { permissions: ["klassenverwaltung"] });
  const { klasse } = await loadKlasseForAdmin(request, params.id);
  const submission = parseWithZod(await readFormData(request), { schema: RenameKlasseSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), error: null }, { status: 400 });
  }
  const zurueck = safeRedirectPath(new URL(request.url).searchParams.get("zurueck"), LIST_PATH);
  if (!hasChanges(submission.value, { name: klasse.name })) return nothingChanged(request, detailsPath(klasse.id, zurueck));
  try {
    const renamed = await renameOrganisation(request, klasse.id, submission.value.name, submission.value.version);
    const headers = upstreamCookieHeaders(request);
    headers.append("Set-Cookie", await flashToast(request, "klassen.edit.saved", { name: renamed.name }));
    return redirectTo(detailsPath(klasse.id, zurueck), { headers });
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    return data(
      { result: submission.reply(), error: error.code },
      { status: formFailureStatus(error), headers: upstreamCookieHeaders(request) },
    );
  }
}

const LIST_PATH = "/admin/klassen";

/** The class's page, remembering the list to go back to; `bearbeiten` opens the rename form. */
function detailsPath(id: string, zurueck: string, { bearbeiten = false } = {}) {
  const query = [bearbeiten && "bearbeiten", zurueck !== LIST_PATH && `zurueck=${encodeURIComponent(zurueck)}`].filter(Boolean);
  return `/admin/klassen/${id}${query.length ? `?${query.join("&")}` : ""}`;
}

/** The confirmation's "cancel" returns to this page, and after deleting it goes on to the list this page came from. */
function deletePath(id: string, zurueck: string) {
  const base = `/admin/klassen/${id}/loeschen`;
  return zurueck === LIST_PATH ? base : `${base}?${new URLSearchParams({ zurueck: detailsPath(id, zurueck) })}`;
}

export default function KlasseDetails() {
  const { t } = useTranslation();
  const { klasse, schule, editing, zurueck } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  return (
    <>
      <p className="mb-2">
        <Link to={zurueck} className="text-primary underline">
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
            <Link to={detailsPath(klasse.id, zurueck, { bearbeiten: true })} className="btn-primary">
              {t("klassen.details.edit")}
            </Link>
            <ConfirmAction
              href={deletePath(klasse.id, zurueck)}
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
  const { klasse, schule, zurueck } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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
            {t("klassen.edit.reload")}
          </Link>
        </p>
      ) : null}
      <Form method="post" {...formProps} {...formHandlers} className="max-w-2xl">
        <RequiredFieldsNote />
        <p className="mb-4">
          <span className="font-semibold">{t("klassen.fields.schule")}:</span> {schule}
        </p>
        <input type="hidden" name={fields.version.name} value={version} />
        <TextField field={fields.name} label={t("klassen.fields.name")} hint={t("klassen.fields.nameHint")} />
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

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  {
    title: pageTitle(loaderData?.editing ? "klassen.edit.title" : "klassen.details.title", {
      name: loaderData?.klasse.name ?? "",
    }),
  },
];
