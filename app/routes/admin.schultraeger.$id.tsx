import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { ColumnHeaders, DataTable } from "~/components/data-table";
import { FormError } from "~/components/form-error";
import { useCurrentFormError } from "~/hooks/use-current-form-error";
import { RequiredFieldsNote, TextField } from "~/components/forms";
import { SaveButton } from "~/components/save-button";
import { useUnsavedChangesWarning } from "~/hooks/use-unsaved-changes-warning";
import { useInterruptedValues } from "~/hooks/use-interrupted-values";
import { useSchemaForm } from "~/hooks/use-schema-form";
import { pageTitle, type I18nHandle } from "~/i18n";
import { pathOf, returnPathFrom, withReturnPath } from "~/return-path";
import { hasChanges } from "~/form-changes";
import { RenameSchultraegerSchema } from "~/features/schultraeger/schultraeger-forms";
import {
  loadSchultraegerForAdmin,
  loadTraegerSchulen,
  mayRenameSchultraeger,
  renameSchultraegerWithOutcome,
  SCHULTRAEGER_FIELDS,
  traegerformLabel,
} from "~/features/schultraeger/schultraeger.server";
import { nothingChanged } from "~/.server/edit-form.server";
import { readFormData } from "~/.server/form-data.server";
import { guardWhileLoading, notFound, requireAdmin } from "~/.server/guards.server";
import { invalidForm, redirectWithToast, refusedForm, withUpstreamSession } from "~/.server/responses.server";
import { getRootChildren } from "~/.server/upstream/organisationen.server";

export const handle: I18nHandle = { i18n: "schultraeger" };

const LIST_PATH = "/admin/schultraeger";

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    // One wave: the Träger (permission-checked), the forms, its schools and whether the user may rename it.
    const [, [traeger, forms, schulen, mayRename]] = await guardWhileLoading(
      requireAdmin(request, { permissions: ["schultraegerverwaltung"] }),
      () =>
        Promise.all([
          loadSchultraegerForAdmin(request, params.id),
          getRootChildren(request),
          loadTraegerSchulen(request, params.id),
          mayRenameSchultraeger(request, params.id),
        ]),
    );
    return {
      traeger: { id: traeger.id, name: traeger.name, version: traeger.version ?? 1, form: traegerformLabel(traeger, forms) },
      schulen,
      mayRename,
      // The list the user came from, with its search and page.
      zurueck: returnPathFrom(new URL(request.url).searchParams, LIST_PATH),
    };
  });
}

export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    await requireAdmin(request, { permissions: ["schultraegerverwaltung"] });
    const [traeger, mayRename] = await Promise.all([
      loadSchultraegerForAdmin(request, params.id),
      mayRenameSchultraeger(request, params.id),
    ]);
    // The page offers no rename without the right the upstream checks for it (decision 020).
    if (!mayRename) throw notFound();
    const submission = parseWithZod(await readFormData(request), { schema: RenameSchultraegerSchema });
    if (submission.status !== "success") return invalidForm(submission);
    const details = withReturnPath(
      `/admin/schultraeger/${traeger.id}`,
      returnPathFrom(new URL(request.url).searchParams, LIST_PATH),
      LIST_PATH,
    );
    if (!hasChanges(submission.value, { name: traeger.name })) return nothingChanged(request, details);

    const { name, version } = submission.value;
    const outcome = await renameSchultraegerWithOutcome(request, traeger.id, name, version);
    if (outcome.status !== "saved") return refusedForm(submission, outcome.failure, { fields: SCHULTRAEGER_FIELDS });
    const saved = { key: "schultraeger:details.saved", values: { name: outcome.value.name } } as const;
    if (outcome.how === "found-after-timeout") return redirectWithToast(request, details, { key: "write.savedAfterDelay" });
    return redirectWithToast(request, details, saved);
  });
}

/**
 * A refused post keeps the page's data as it was (Remix skips reloading after a 4xx), except after a conflict: then
 * the page shows the name someone else gave and the version to save against.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || isConflict(actionResult);

const isConflict = (answer: unknown) =>
  typeof answer === "object" && answer !== null && "error" in answer && answer.error === "NEWER_VERSION_ORGANISATION";

export default function SchultraegerDetails() {
  const { t } = useTranslation();
  const { traeger, schulen, mayRename, zurueck } = useLoaderData<typeof loader>();
  const location = useLocation();
  const hierher = pathOf(location);

  return (
    <>
      <p className="mb-2">
        <Link to={zurueck} className="text-primary underline">
          {t("schultraeger:details.backToList")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{t("schultraeger:details.title", { name: traeger.name })}</h1>
      <dl className="mb-4 grid max-w-2xl grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="font-semibold">{t("schultraeger:fields.form")}</dt>
        <dd>{t(traeger.form)}</dd>
        {mayRename ? null : (
          <>
            <dt className="font-semibold">{t("schultraeger:fields.name")}</dt>
            <dd>{traeger.name}</dd>
          </>
        )}
      </dl>
      {mayRename ? <RenameForm key={traeger.version} /> : <p className="mb-6 max-w-2xl">{t("schultraeger:details.renameNotAllowed")}</p>}

      <section aria-labelledby="schultraeger-schulen" className="mt-8">
        <h2 id="schultraeger-schulen" className="mb-2 text-xl font-bold">
          {t("schultraeger:details.schulenTitle")}
        </h2>
        <p className="mb-2">
          {schulen.length === 0
            ? t("schultraeger:details.keineSchulen")
            : t("schultraeger:details.schulenCount", { count: schulen.length })}
        </p>
        <p className="mb-4">
          <Link to={withReturnPath(`/admin/schultraeger/${traeger.id}/schulen`, hierher, LIST_PATH)} className="btn-primary">
            {t("schultraeger:details.assign")}
          </Link>
        </p>
        {schulen.length === 0 ? null : (
          <DataTable caption={t("schultraeger:details.schulenCaption", { name: traeger.name })}>
            <thead>
              <tr className="border-b-2 border-primary">
                <ColumnHeaders columns={[t("schultraeger:details.kennung"), t("schultraeger:details.schulname")]} />
              </tr>
            </thead>
            <tbody>
              {schulen.map((schule) => (
                <tr key={schule.id} className="border-b border-gray-300">
                  <td className="p-2">{schule.kennung}</td>
                  <td className="p-2">
                    <AppLink
                      to={withReturnPath(`/admin/schulen/${schule.id}`, hierher, "/admin/schulen")}
                      className="text-primary underline"
                    >
                      {schule.name}
                    </AppLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </section>
    </>
  );
}

/**
 * The name, renamed with the version it was read at. When someone else renamed the Träger meanwhile, the typed name
 * stays in the field, the message names both, and the form now carries the current version: saving again applies the
 * typed name knowingly, "cancel" leaves for the list and keeps the other one.
 */
function RenameForm() {
  const { t } = useTranslation();
  const { traeger, zurueck } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const actionData = answer && "result" in answer ? answer : undefined;
  const { formHandlers, dialog } = useUnsavedChangesWarning();
  // After an interrupted save the typed name comes back with the version it was typed against.
  const interrupted = useInterruptedValues();
  const version = interrupted.version ?? String(traeger.version);
  const { form, fields, formProps } = useSchemaForm(RenameSchultraegerSchema, {
    id: "schultraeger-umbenennen",
    defaultValue: { name: interrupted.name ?? traeger.name, version },
  });
  const formError = useCurrentFormError(form, actionData);
  const sent = actionData?.result.initialValue?.name;
  const conflict = isConflict({ error: formError }) && typeof sent === "string";

  return (
    <>
      <FormError
        id="schultraeger-umbenennen-fehler"
        code={formError}
        title={conflict ? t("schultraeger:conflict.title") : undefined}
        message={conflict ? t("schultraeger:conflict.message", { current: traeger.name, sent }) : undefined}
      />
      <Form method="post" {...formProps} {...formHandlers} className="max-w-2xl">
        <RequiredFieldsNote />
        <input type="hidden" name={fields.version.name} value={version} />
        <TextField field={fields.name} label={t("schultraeger:fields.name")} hint={t("schultraeger:fields.nameHint")} />
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={zurueck} className="btn-secondary">
            {t("form.cancel")}
          </Link>
          <SaveButton form={form} stored={{ name: traeger.name }} />
        </div>
      </Form>
      {dialog}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: pageTitle("schultraeger:details.title", { name: loaderData?.traeger.name ?? "" }) },
];
