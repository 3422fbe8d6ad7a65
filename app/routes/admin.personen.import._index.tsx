import { useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { FieldLabel } from "~/components/field-label";
import { formProps, RequiredFieldsNote, SelectField } from "~/components/forms";
import { Notice } from "~/components/notice";
import { DateiField } from "~/features/import/datei-field";
import { PruefungsErgebnis } from "~/features/import/pruefung";
import { ImportVerlauf } from "~/features/import/verlauf";
import { SubmitButton } from "~/components/submit-button";
import { pageTitle, type I18nHandle } from "~/i18n";
import { IMPORT_FELD, IMPORT_PFAD, type ImportFormularAntwort } from "~/features/import/personenimport";
import { importFormularLaden, importHochladen } from "~/features/import/upload-form.server";
import { withUpstreamSession } from "~/.server/responses.server";

export const handle: I18nHandle = { i18n: "personenimport" };

/**
 * "Personen importieren" (inventory §4.11, decision 028): school, pupil role and CSV file; the upload is checked by
 * the upstream and either leads to the import's own page or comes back with the refused rows. Below, the
 * administrator's earlier imports.
 */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, ({ request }) => importFormularLaden(request));
}

export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, ({ request }) => importHochladen(request));
}

export default function PersonenImport() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{t("personenimport:seite.titel")}</h1>
      <p className="mb-4 max-w-3xl">{t("personenimport:seite.einleitung")}</p>
      <DateiFormat />
      {data.schuleFest && data.schule ? (
        <p className="mb-4 font-semibold">{t("personenimport:schule.fest", { schule: data.schule.label })}</p>
      ) : (
        <SchulWahl />
      )}
      {data.schule ? <UploadForm /> : null}
      <ImportVerlauf eintraege={data.verlauf} gesamt={data.verlaufGesamt} />
    </>
  );
}

function DateiFormat() {
  const { t } = useTranslation();
  return (
    <details className="mb-6 max-w-3xl rounded border border-gray-300 p-3">
      <summary className="cursor-pointer font-semibold">{t("personenimport:format.titel")}</summary>
      <p className="mt-2">{t("personenimport:format.spalten")}</p>
      <p className="mt-2">{t("personenimport:format.beispiel")}:</p>
      <pre className="mt-1 overflow-x-auto rounded bg-gray-100 p-2">{t("personenimport:format.beispielDatei")}</pre>
      <p className="mt-2">{t("personenimport:format.zeilen")}</p>
      <p className="mt-2">{t("personenimport:format.klassen")}</p>
      <p className="mt-2">{t("personenimport:format.kodierung")}</p>
    </details>
  );
}

/** The school, chosen with a GET: it narrows the roles. A chosen school shows with a way to choose another. */
function SchulWahl() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  if (data.schule) {
    return (
      <p className="mb-4">
        <span className="font-semibold">{t("personenimport:schule.gewaehlt", { schule: data.schule.label })}</span>{" "}
        <Link to={IMPORT_PFAD} className="text-primary underline">
          {t("personenimport:schule.andere")}
        </Link>
      </p>
    );
  }
  return (
    <Form method="get" className="mb-6 max-w-3xl">
      <fieldset>
        <legend className="mb-2 text-lg font-bold">{t("personenimport:schule.legende")}</legend>
        {data.schuleUnbekannt ? (
          <Notice tone="error" className="mb-4">
            <p>{t("personenimport:schule.unbekannt")}</p>
          </Notice>
        ) : null}
        <FieldLabel id="schulsuche" label={t("personenimport:schule.suche")} />
        <div className="mb-1 flex flex-wrap gap-2">
          <input
            id="schulsuche"
            name={IMPORT_FELD.schulsuche}
            type="search"
            defaultValue={data.schulsuche}
            aria-describedby="schulsuche-hinweis"
            className="input max-w-xs"
          />
          <button type="submit" className="btn-secondary">
            {t("personenimport:schule.suchen")}
          </button>
        </div>
        <p id="schulsuche-hinweis" className="mb-4 text-sm text-gray-700">
          {t("personenimport:schule.sucheHinweis")}
        </p>
        {data.schulen.length === 0 ? (
          <p className="mb-4">{t("personenimport:schule.keine")}</p>
        ) : (
          <>
            <FieldLabel id="schule" label={t("personenimport:schule.label")} />
            <select id="schule" name={IMPORT_FELD.schule} className="input mb-4 max-w-md" defaultValue="">
              <option value="">{t("personenimport:schule.waehlen")}</option>
              {data.schulen.map((schule) => (
                <option key={schule.id} value={schule.id}>
                  {schule.label}
                </option>
              ))}
            </select>
            <div>
              <button type="submit" className="btn-primary">
                {t("personenimport:schule.weiter")}
              </button>
            </div>
          </>
        )}
      </fieldset>
    </Form>
  );
}

/** Role and file, posted together; a refused file comes back with its rows above the form. */
function UploadForm() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const antwort = useActionData<typeof action>() as ImportFormularAntwort | undefined;
  const [form, fields] = useForm<{ [IMPORT_FELD.rolle]: string; [IMPORT_FELD.datei]: File }>({
    id: "import-hochladen",
    lastResult: antwort?.result,
    defaultValue: { [IMPORT_FELD.rolle]: data.rollen.length === 1 ? data.rollen[0].id : "" },
    shouldValidate: "onSubmit",
  });
  if (!data.schule) return null;
  return (
    <section aria-labelledby="upload-titel" className="max-w-3xl">
      <h2 id="upload-titel" className="mb-2 text-lg font-bold">
        {t("personenimport:datei.legende")}
      </h2>
      {antwort?.pruefung ? <PruefungsErgebnis {...antwort.pruefung} /> : null}
      <FormError id="import-fehler" code={antwort?.error} />
      {data.rollen.length === 0 ? (
        <p>{t("personenimport:feld.rolle.keine")}</p>
      ) : (
        <Form method="post" encType="multipart/form-data" {...formProps(form)}>
          <RequiredFieldsNote />
          <input type="hidden" name={IMPORT_FELD.schule} value={data.schule.id} />
          <SelectField
            field={fields[IMPORT_FELD.rolle]}
            label={t("personenimport:feld.rolle.label")}
            placeholder={t("personenimport:feld.rolle.waehlen")}
            required
          >
            {data.rollen.map((rolle) => (
              <option key={rolle.id} value={rolle.id}>
                {rolle.label}
              </option>
            ))}
          </SelectField>
          <DateiField
            field={fields[IMPORT_FELD.datei]}
            label={t("personenimport:feld.datei.label")}
            hint={t("personenimport:feld.datei.hinweis")}
          />
          <SubmitButton form={form} label={t("personenimport:hochladen")} />
        </Form>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = () => [{ title: pageTitle("personenimport:seite.titel") }];
