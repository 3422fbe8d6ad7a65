import { useForm, type FieldMetadata } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useRef, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { formProps, RequiredFieldsNote } from "~/components/forms";
import { Notice } from "~/components/notice";
import { FormIdentity } from "~/components/submit-button";
import { useUnsavedChangesWarning } from "~/hooks/use-unsaved-changes-warning";
import { checkTiming, useCheckOnDemand } from "~/hooks/use-check-on-demand";
import { useFormBusy } from "~/hooks/use-form-busy";
import { ANLEGEN_VARIANTEN, type AnlegenVariante } from "./varianten";
import type { AnlegenAntwort } from "./views";
import { AngelegtSeite } from "./angelegt";
import { OrganisationAbschnitt, PersonAbschnitt, RollenAbschnitt } from "./anlegen-abschnitte";

const FORM_ID = "person-anlegen";
/** The choice whose change was sent to narrow the others (a CSS selector): it keeps the focus when the answer comes. */
let narrowedChoice: string | null = null;

interface LoaderData {
  /** null when the loader ran after the action (a post without JavaScript): the action's answer is the page. */
  antwort: AnlegenAntwort | null;
  zurueck: string;
}

const isAntwort = (value: unknown): value is AnlegenAntwort => typeof value === "object" && value !== null && "ansicht" in value;

/**
 * Each answer of the action is the whole form; the start the loader read stays as it was. Another address (the
 * variant's other page, "Weitere Person anlegen") is loaded as usual.
 */
export const anlegenShouldRevalidate: ShouldRevalidateFunction = ({ actionResult, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  isAntwort(actionResult) && currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate;

/**
 * The creation screen of both variants (inventory §4.9): the form, or after the create the page with what was
 * saved and the start password. Both come from the loader's start or the action's answer, never from a URL.
 */
export function PersonAnlegen({ variante }: { variante: AnlegenVariante }) {
  const { antwort: start, zurueck } = useLoaderData<LoaderData>();
  const answer = useActionData<AnlegenAntwort>();
  const antwort = isAntwort(answer) ? answer : start;
  if (!antwort) throw new Error("Weder Start noch Antwort für das Anlegen-Formular.");
  if (antwort.angelegt) return <AngelegtSeite key={antwort.formKey} angelegt={antwort.angelegt} variante={variante} zurueck={zurueck} />;
  // Each answer renders the form afresh: its fields start from the answer's values.
  return <AnlegenForm key={antwort.formKey} antwort={antwort} variante={variante} zurueck={zurueck} fromAction={antwort === answer} />;
}

const loadCheck = () => import("./person-anlegen-forms").then((module) => module.personAnlegenCheck);

function AnlegenForm({
  antwort,
  variante,
  zurueck,
  fromAction,
}: {
  antwort: AnlegenAntwort;
  variante: AnlegenVariante;
  zurueck: string;
  fromAction: boolean;
}) {
  const { t } = useTranslation();
  const texts = ANLEGEN_VARIANTEN[variante].texts;
  const { ansicht } = antwort;
  // The native constraints come with the answer; the browser's check loads on demand (docs/decisions/019).
  const checkFor = useCheckOnDemand(FORM_ID, loadCheck);
  const [form, fields] = useForm<Record<string, unknown>>({
    id: FORM_ID,
    lastResult: antwort.result,
    constraint: ansicht.constraint,
    ...checkTiming(checkFor !== null),
    onValidate: checkFor ? ({ formData }) => checkFor(ansicht.regeln)(formData) : undefined,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const { formHandlers, dialog } = useUnsavedChangesWarning({ answerMeansUnsaved: true });
  // After an answer (ADR 010): a narrowed choice keeps the focus; a refused create focuses the first field to correct
  // or the notice (an upstream refusal is focused by FormError itself).
  useEffect(() => {
    if (!fromAction || antwort.fehler || navigation.state !== "idle") return;
    const target = narrowedChoice
      ? formRef.current?.querySelector<HTMLElement>(narrowedChoice)
      : antwort.hinweis
        ? document.getElementById("anlegen-hinweis")
        : formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    narrowedChoice = null;
    target?.focus();
  }, [fromAction, antwort.fehler, antwort.hinweis, navigation.state]);

  const submit = useSubmit();
  // With JavaScript a new choice narrows the next ones at once; without it, "Auswahl aktualisieren" does.
  const narrowFrom = (target: HTMLInputElement | HTMLSelectElement) => {
    narrowedChoice =
      target instanceof HTMLSelectElement ? `#${CSS.escape(target.id)}` : `input[name="${target.name}"][value="${target.value}"]`;
    const formData = new FormData(target.form ?? undefined);
    formData.set("intent", "aktualisieren");
    submit(formData, { method: "post", replace: true, preventScrollReset: true });
  };
  const narrow = (event: ChangeEvent<HTMLSelectElement>) => narrowFrom(event.currentTarget);
  const narrowByRole = (event: ChangeEvent<HTMLDivElement>) => {
    if (event.target instanceof HTMLInputElement && event.target.name === "rollen") narrowFrom(event.target);
  };
  const organisation = fields.organisation as FieldMetadata<string>;

  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t(texts.title)}</h1>
      <FormError id="anlegen-fehler" code={antwort.fehler} />
      {antwort.hinweis ? (
        <div role="alert" id="anlegen-hinweis" tabIndex={-1}>
          <Notice tone="warning" className="mb-4">
            <p>{t(antwort.hinweis)}</p>
          </Notice>
        </div>
      ) : null}
      <Form method="post" {...formProps(form)} ref={formRef} {...formHandlers} className="max-w-3xl" preventScrollReset>
        <FormIdentity formId={form.id} />
        {/* Enter in a field means "anlegen": the browser presses a form's first submit button, and the search and the
            narrowing buttons come before "anlegen" in the page. The server answers an incomplete form with its reasons. */}
        <button type="submit" name="intent" value="anlegen" hidden tabIndex={-1} />
        <input type="hidden" name="einmal" value={antwort.einmal} />
        <input type="hidden" name="vorherigeOrganisation" value={organisation.initialValue ?? ""} />
        <RequiredFieldsNote />

        <OrganisationAbschnitt ansicht={ansicht} fields={fields} onNarrow={narrow} />
        {ansicht.organisationGewaehlt ? (
          <>
            <RollenAbschnitt ansicht={ansicht} fields={fields} onNarrowByRole={narrowByRole} />
            <PersonAbschnitt ansicht={ansicht} fields={fields} />
          </>
        ) : null}

        {!ansicht.canCommit ? (
          <p id="anlegen-nicht-moeglich" className="mb-2 text-sm text-gray-700">
            {t("person:anlegen.cannotCommit")}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={zurueck} className="btn-secondary">
            {t("person:anlegen.discard")}
          </Link>
          <AnlegenButton formId={form.id} label={t(texts.submit)} canCommit={ansicht.canCommit} />
        </div>
      </Form>
      {dialog}
    </>
  );
}

/**
 * "Anlegen" is possible once the step says the selection can be committed (inventory §4.9). Until then the button says
 * why (aria-disabled keeps it focusable and readable); a press is answered by the server with the same reason.
 */
function AnlegenButton({ formId, label, canCommit }: { formId: string; label: string; canCommit: boolean }) {
  const busy = useFormBusy(formId);
  return (
    <button
      type="submit"
      name="intent"
      value="anlegen"
      className="btn-primary"
      disabled={busy}
      aria-disabled={!canCommit || undefined}
      aria-describedby={canCommit ? undefined : "anlegen-nicht-moeglich"}
    >
      {label}
    </button>
  );
}
