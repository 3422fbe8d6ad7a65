import { useForm, type FieldMetadata } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { BefristungField } from "~/features/zuordnungen/befristung-field";
import { FormError } from "~/components/form-error";
import { Notice } from "~/components/notice";
import { IntentButton } from "~/components/schritt-form";
import { checkTiming, useCheckOnDemand } from "~/hooks/use-check-on-demand";
import { useAnswerFocus } from "~/hooks/use-narrowing";
import { useUnsavedChangesWarning } from "~/hooks/use-unsaved-changes-warning";
import { pageTitle, type I18nHandle } from "~/i18n";
import { returnPathFrom, withReturnPath } from "~/return-path";
import { serializeAenderungen } from "~/features/zuordnungen/aenderungen";
import { useAntwort } from "~/features/zuordnungen/antwort";
import { zuordnungsAnsicht } from "~/features/zuordnungen/ansicht";
import { HinzufuegenFields } from "~/features/zuordnungen/hinzufuegen-fields";
import { SubForm, SubFormButtons } from "~/features/zuordnungen/sub-form";
import { Auswahl, ZeileText } from "~/features/zuordnungen/zeile";
import { loadZuordnungen } from "~/features/zuordnungen/zuordnungen.server";
import { asksForBefristung, zuordnungenAction } from "~/features/zuordnungen/zuordnungen-action.server";
import type { ZuordnungenAntwort } from "~/features/zuordnungen/views";
import { readFormData } from "~/.server/form-data.server";
import { guardWhileLoading, notFound, requireAdmin } from "~/.server/guards.server";
import { withUpstreamSession } from "~/.server/responses.server";
import { loadFunktionen } from "~/.server/upstream/config.server";

export const handle: I18nHandle = { i18n: ["person", "zuordnungen"] };

const LIST_PATH = "/admin/personen";
const FORM_ID = "zuordnungen";

function personId(id: string | undefined): string {
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
  return id;
}

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    const id = personId(params.id);
    const [, [loaded, funktionen]] = await guardWhileLoading(requireAdmin(request, { permissions: ["personenverwaltung"] }), () =>
      Promise.all([loadZuordnungen(request, id), loadFunktionen(request)]),
    );
    const search = new URL(request.url).searchParams;
    return {
      ...loaded,
      befristungBearbeiten: funktionen.befristungBearbeiten,
      details: withReturnPath(`/admin/personen/${id}`, returnPathFrom(search, LIST_PATH), LIST_PATH),
    };
  });
}

export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    const id = personId(params.id);
    const user = await requireAdmin(request, { permissions: ["personenverwaltung"] });
    const formData = await readFormData(request);
    const [loaded, funktionen] = await Promise.all([loadZuordnungen(request, id), loadFunktionen(request)]);
    // The upstream may switch Befristung changes off (issue 34 §7); a post that asks for one anyway finds nothing.
    if (!funktionen.befristungBearbeiten && asksForBefristung(formData)) throw notFound();
    const detailsPath = withReturnPath(`/admin/personen/${id}`, returnPathFrom(new URL(request.url).searchParams, LIST_PATH), LIST_PATH);
    return zuordnungenAction({ request, user, formData, loaded, detailsPath });
  });
}

/**
 * After a refused save the person may have changed meanwhile: the current set is read again (single fetch skips
 * that after a 4xx answer). The other answers are steps of the form; the set they show is the one just loaded.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  if (typeof actionResult === "object" && actionResult !== null && "fehler" in actionResult && actionResult.fehler) return true;
  return defaultShouldRevalidate;
};

export default function ZuordnungenBearbeiten() {
  const antwort = useAntwort();
  // Each answer renders the form afresh: its fields start from the answer's values.
  return <ZuordnungenForm key={antwort.formKey} antwort={antwort} />;
}

const loadBefristungCheck = () => import("~/features/zuordnungen/zuordnung-forms").then((module) => module.befristungAendernCheck);

function ZuordnungenForm({ antwort }: { antwort: ZuordnungenAntwort }) {
  const { t } = useTranslation();
  const { person, zuordnungen, details, befristungBearbeiten } = useLoaderData<typeof loader>();
  const ansicht = zuordnungsAnsicht(zuordnungen, antwort.aenderungen);
  // Only "Befristung ändern" is checked in the browser, with its check loaded when the form is first used.
  const befristungCheck = useCheckOnDemand(FORM_ID, loadBefristungCheck);
  const check = antwort.befristung && befristungCheck ? befristungCheck(antwort.befristung.pflicht) : null;
  const [form, fields] = useForm<Record<string, unknown>>({
    id: FORM_ID,
    lastResult: antwort.result,
    ...checkTiming(check !== null),
    onValidate: check ? ({ formData }) => check(formData) : undefined,
  });
  const focusTarget = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // After an answer (ADR 010): an opened step's heading, the staged changes, the first field to correct or the message
  // take the focus; a narrowed choice leaves it in the select the user is in. An upstream refusal is focused by
  // FormError itself.
  useAnswerFocus({ ...antwort, formRef, stepHeading: focusTarget, hinweisId: "zuordnungen-hinweis" });

  const liste = antwort.schritt === "liste";
  const location = useLocation();
  const { formHandlers, dialog } = useUnsavedChangesWarning({ staged: ansicht.changed, answerMeansUnsaved: false });
  const hasPupilWithClass = ansicht.lines.some((line) => line.waehlbar && line.istLern && line.klassen.length === 1);

  return (
    <>
      <p className="mb-2">
        <Link to={details} className="text-primary underline">
          {t("zuordnungen:backToPerson")}
        </Link>
      </p>
      <h1 className="mb-6 text-2xl font-bold">{t("zuordnungen:title", { name: person.name })}</h1>
      <FormError id="zuordnungen-fehler" code={antwort.fehler} />
      {antwort.hinweis ? (
        <div role="alert" id="zuordnungen-hinweis" tabIndex={-1}>
          <Notice tone="warning" className="mb-4">
            <p>{t(antwort.hinweis)}</p>
          </Notice>
        </div>
      ) : null}
      <Form
        method="post"
        id={form.id}
        ref={formRef}
        noValidate
        // conform checks a field when it is left by a submit event of its own, which this stops from reaching the server.
        onSubmit={form.onSubmit}
        {...formHandlers}
        className="max-w-3xl"
        preventScrollReset
      >
        <input type="hidden" name="aenderungen" value={serializeAenderungen(antwort.aenderungen)} />
        <input type="hidden" name="stand" value={JSON.stringify(antwort.stand)} />

        <fieldset className="mb-6">
          <legend className="mb-3 text-xl font-bold">{ansicht.changed ? t("zuordnungen:listChanged") : t("zuordnungen:list")}</legend>
          {ansicht.lines.length === 0 ? <p>{t("zuordnungen:none")}</p> : null}
          <ul className="space-y-2">
            {ansicht.lines.map((line) => (
              <li key={`${line.key}/${line.status}/${line.bis ?? ""}`}>
                <ZeileText line={line} checkbox={liste && line.waehlbar} checked={antwort.auswahl.includes(line.key)} />
              </li>
            ))}
          </ul>
        </fieldset>

        {liste ? (
          <div className="mb-8 flex flex-wrap gap-3">
            <IntentButton intent="hinzufuegen" primary>
              {t("zuordnungen:add")}
            </IntentButton>
            <IntentButton intent="entfernen">{t("zuordnungen:remove")}</IntentButton>
            {hasPupilWithClass ? <IntentButton intent="versetzen">{t("zuordnungen:move")}</IntentButton> : null}
            {befristungBearbeiten ? <IntentButton intent="befristung">{t("zuordnungen:changeBefristung")}</IntentButton> : null}
          </div>
        ) : null}

        {antwort.hinzufuegen ? (
          <SubForm title={t("zuordnungen:addTitle")} headingRef={focusTarget}>
            <HinzufuegenFields fields={fields} ansicht={antwort.hinzufuegen} />
          </SubForm>
        ) : null}
        {antwort.versetzen ? (
          <SubForm title={t("zuordnungen:moveTitle")} headingRef={focusTarget}>
            <p className="mb-4">{t("zuordnungen:moveFrom", { schule: antwort.versetzen.schule, klasse: antwort.versetzen.von.label })}</p>
            {antwort.auswahl.map((key) => (
              <input key={key} type="hidden" name="auswahl" value={key} />
            ))}
            <Auswahl
              field={fields.klasse as FieldMetadata<string>}
              label={t("person:zuordnungenBearbeiten.fields.neueKlasse")}
              options={antwort.versetzen.klassen}
            />
            <SubFormButtons intent="versetzen-vormerken" label={t("zuordnungen:moveSubmit")} />
          </SubForm>
        ) : null}
        {antwort.befristung ? (
          <SubForm title={t("zuordnungen:befristungTitle")} headingRef={focusTarget}>
            <p className="mb-4">{antwort.befristung.beschreibung}</p>
            {antwort.auswahl.map((key) => (
              <input key={key} type="hidden" name="auswahl" value={key} />
            ))}
            <BefristungField
              field={fields.befristung as Parameters<typeof BefristungField>[0]["field"]}
              pflicht={antwort.befristung.pflicht}
            />
            <SubFormButtons intent="befristung-vormerken" label={t("zuordnungen:befristungSubmit")} />
          </SubForm>
        ) : null}

        {ansicht.changed ? (
          <section aria-labelledby="vorgemerkt-titel" className="mb-6 rounded border border-gray-300 p-4">
            <h2 id="vorgemerkt-titel" ref={liste ? focusTarget : undefined} tabIndex={-1} className="mb-2 text-xl font-bold">
              {t("zuordnungen:stagedTitle")}
            </h2>
            <p className="mb-3">{t(liste ? "zuordnungen:stagedInfo" : "zuordnungen:stagedWhileStep")}</p>
            {ansicht.empty ? (
              <Notice tone="warning" className="mb-3">
                <p>{t("zuordnungen:lastWarning")}</p>
              </Notice>
            ) : null}
            {/* Saving while a step is open would drop what is typed there: first finish or cancel the step. */}
            {liste ? (
              <div className="flex flex-wrap gap-3">
                <IntentButton intent="speichern" primary>
                  {t("zuordnungen:save")}
                </IntentButton>
                <Link to={`${location.pathname}${location.search}`} className="btn-secondary" replace>
                  {t("zuordnungen:discard")}
                </Link>
              </div>
            ) : null}
          </section>
        ) : null}
      </Form>
      {dialog}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: pageTitle("zuordnungen:pageTitle", { name: loaderData?.person.name ?? "" }) },
];
