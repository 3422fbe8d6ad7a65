import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RadioGroup } from "~/components/fields/radio-group";
import { FormError } from "~/components/form-error";
import { useCurrentFormError } from "~/hooks/use-current-form-error";
import { RequiredFieldsNote, TextField } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { useUnsavedChangesWarning } from "~/hooks/use-unsaved-changes-warning";
import { useInterruptedValues } from "~/hooks/use-interrupted-values";
import { useSchemaForm } from "~/hooks/use-schema-form";
import type { ErrorCode } from "~/errors";
import type { TranslationKey } from "~/i18n";
import { withReturnPath } from "~/return-path";
import { ORGANISATION_ANLEGEN, type OrganisationArt } from "./varianten";

/** The loader's answer (`organisation-anlegen.server.ts`): the forms to choose from, or what was just created. */
interface AnlegenData {
  formen: { value: string; label: TranslationKey }[];
  preselected: string;
  created: Created | null;
  zurueck: string;
}

interface Created {
  id: string;
  schulformId: string;
  form: TranslationKey;
  /** A school's Dienststellennummer; null for a Träger. */
  kennung: string | null;
  name: string;
}

/** Creating a school or a Schulträger: the form, and after the create (PRG) what was created. */
export function OrganisationAnlegen({ art }: { art: OrganisationArt }) {
  const { created, zurueck } = useLoaderData<AnlegenData>();
  return created ? <CreatedSummary art={art} created={created} zurueck={zurueck} /> : <CreateForm art={art} />;
}

function CreateForm({ art }: { art: OrganisationArt }) {
  const { t } = useTranslation();
  const { formId, schema, kennung, texts } = ORGANISATION_ANLEGEN[art];
  const { formen, preselected, zurueck } = useLoaderData<AnlegenData>();
  const actionData = useActionData<{ error?: ErrorCode | null }>();
  const { formHandlers, dialog } = useUnsavedChangesWarning();
  const interrupted = useInterruptedValues();
  const { form, fields, formProps } = useSchemaForm(schema, {
    id: formId,
    defaultValue: {
      schulform: interrupted.schulform ?? preselected,
      ...(kennung ? { kennung: interrupted.kennung } : {}),
      name: interrupted.name,
    },
  });
  const formError = useCurrentFormError(form, actionData);

  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t(texts.title)}</h1>
      <FormError id={`${formId}-fehler`} code={formError} />
      <Form method="post" {...formProps} {...formHandlers} className="max-w-2xl">
        <RequiredFieldsNote />
        <RadioGroup
          field={fields.schulform}
          legend={t(texts.form)}
          hint={texts.formHint && t(texts.formHint)}
          options={formen.map((entry) => ({ value: entry.value, label: t(entry.label) }))}
        />
        {kennung ? <TextField field={fields.kennung} label={t(kennung.label)} hint={t(kennung.hint)} /> : null}
        <TextField field={fields.name} label={t(texts.name)} hint={t(texts.nameHint)} />
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={zurueck} className="btn-secondary">
            {t(texts.discard)}
          </Link>
          <SubmitButton form={form} label={t(texts.submit)} />
        </div>
      </Form>
      {dialog}
    </>
  );
}

function CreatedSummary({ art, created, zurueck }: { art: OrganisationArt; created: Created; zurueck: string }) {
  const { t } = useTranslation();
  const { path, listPath, kennung, texts, createdLinks } = ORGANISATION_ANLEGEN[art];
  const links = {
    toDetails: { to: withReturnPath(`${listPath}/${created.id}`, zurueck, listPath), className: "btn-secondary" },
    backToList: { to: zurueck, className: "btn-secondary" },
    // "Create another" keeps the form of the last one.
    another: { to: withReturnPath(`${path}?schulform=${created.schulformId}`, zurueck, listPath), className: "btn-primary" },
  };
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t(texts.createdTitle)}</h1>
      <p role="status" className="mb-4">
        {t(texts.createdMessage)}
      </p>
      <dl className="mb-6 grid max-w-2xl grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="font-semibold">{t(texts.form)}</dt>
        <dd>{t(created.form)}</dd>
        {kennung ? (
          <>
            <dt className="font-semibold">{t(kennung.label)}</dt>
            <dd>{created.kennung}</dd>
          </>
        ) : null}
        <dt className="font-semibold">{t(texts.name)}</dt>
        <dd>{created.name}</dd>
      </dl>
      <div className="flex flex-wrap gap-3">
        {createdLinks.map((link) => (
          <Link key={link} to={links[link].to} className={links[link].className}>
            {t(texts[link])}
          </Link>
        ))}
      </div>
    </>
  );
}
