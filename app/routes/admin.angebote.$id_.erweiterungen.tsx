import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ColumnHeaders, DataTable } from "~/components/data-table";
import { FormError } from "~/components/form-error";
import { useCurrentFormError } from "~/hooks/use-current-form-error";
import { ErrorList, RequiredFieldsNote, SelectField } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { useFormCheckedOnDemand } from "~/hooks/use-check-on-demand";
import { pageTitle, type I18nHandle } from "~/i18n";
import { pathOf, returnPathFrom, withReturnPath } from "~/return-path";
import { SchuleWahl } from "~/features/angebote/schule-wahl";
import { ErweiterungenForm } from "~/features/angebote/erweiterungen-form";
import { answerErweiterungen, erweitertAn } from "~/features/angebote/erweiterungen-anwenden.server";
import type { RollenerweiterungSchema } from "~/features/angebote/angebot-forms";
import {
  chosenSchule,
  erweiterungPage,
  isSchuleAskedButNotChosen,
  loadErweiterungContext,
  loadRollen,
  readRollenerweiterung,
  requireErweiterer,
} from "~/features/angebote/angebot-erweiterung.server";
import { ERWEITERUNG_FIELDS, isAlreadyExtended } from "~/features/angebote/angebote.server";
import { guardWhileLoading } from "~/.server/guards.server";
import { invalidForm, redirectWithToast, refusedForm, withUpstreamSession } from "~/.server/responses.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { createRollenerweiterung, findRollenerweiterungen } from "~/.server/upstream/angebote.server";

export const handle: I18nHandle = { i18n: "angebote" };

const FALLBACK = "/admin/angebote/erweiterbar";

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    const url = new URL(request.url);
    const [, context] = await guardWhileLoading(requireErweiterer(request), () => loadErweiterungContext(request, params.id));
    const schule = chosenSchule(context.schulen, url.searchParams.get("schule"));
    const rollen = await loadRollen(request, context, schule);
    return {
      ...erweiterungPage(context, schule, rollen),
      // The current upstream adds and removes in one step; the pinned one only adds, one role at a time.
      einSchritt: !context.pinned,
      erweitert: schule ? erweitertAn(context, schule.id) : [],
      schuleFehlt: isSchuleAskedButNotChosen(url.searchParams, schule),
      zurueck: returnPathFrom(url.searchParams, FALLBACK),
    };
  });
}

export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    await requireErweiterer(request);
    const context = await loadErweiterungContext(request, params.id);
    if (!context.pinned)
      return answerErweiterungen(request, context, returnPathFrom(new URL(request.url).searchParams, FALLBACK), FALLBACK);
    const submission = await readRollenerweiterung(request);
    if (submission.status !== "success") return invalidForm(submission);
    const refuse = (field: "schule" | "rolle", message: Parameters<typeof fieldMessage>[0]) =>
      invalidForm({ reply: () => submission.reply({ fieldErrors: { [field]: [fieldMessage(message)] } }) });

    const schule = context.schulen.find((entry) => entry.id === submission.value.schule);
    if (!schule) return refuse("schule", "schuleOhneRecht");
    const rollen = await loadRollen(request, context, schule);
    const { rolle } = submission.value;
    if (rollen.holdingOffer.has(rolle)) return refuse("rolle", "enthaeltAngebot");
    if (!rollen.options.some((option) => option.id === rolle)) return refuse("rolle", "rolleNichtZuweisbar");
    // The upstream answers a second identical extension with a database error: look first, and say what it is.
    if (isAlreadyExtended(context.erweiterungen, schule.id, rolle)) return refuse("rolle", "vorhanden");

    try {
      await createRollenerweiterung(request, { organisationId: schule.id, rolleId: rolle, serviceProviderId: context.angebot.id });
    } catch (failure) {
      if (!(failure instanceof UpstreamFailure)) throw failure;
      // A 500 may be the duplicate someone else created meanwhile: look again. Where the older upstream does not let
      // this user read the list, the page cannot tell, and says that it may be one.
      if (failure.status >= 500) {
        const now = await findRollenerweiterungen(request, context.angebot.id);
        if (now === null) return refuse("rolle", "vielleichtVorhanden");
        if (isAlreadyExtended(now, schule.id, rolle)) return refuse("rolle", "vorhanden");
      }
      return refusedForm(submission, failure, { fields: ERWEITERUNG_FIELDS });
    }
    const url = new URL(request.url);
    const here = withReturnPath(
      `/admin/angebote/${context.angebot.id}/erweiterungen?schule=${schule.id}`,
      returnPathFrom(url.searchParams, FALLBACK),
      FALLBACK,
    );
    const rolleName = rollen.options.find((option) => option.id === rolle)?.name ?? "";
    return redirectWithToast(request, here, {
      key: "angebote:erweiterung.saved",
      values: { rolle: rolleName, schule: schule.name, angebot: context.angebot.name },
    });
  });
}

const fieldMessage = (key: "schuleOhneRecht" | "rolleNichtZuweisbar" | "vorhanden" | "vielleichtVorhanden" | "enthaeltAngebot") =>
  `angebote:erweiterung.validation.${key}` as const;

export default function AngebotErweiterungen() {
  const { t } = useTranslation();
  const { angebot, erweiterungen, zurueck, schulen, schule, schuleFehlt, einSchritt, erweitert, rollen, constraints } =
    useLoaderData<typeof loader>();
  const location = useLocation();
  // A saved extension comes back by a redirect to this same page: the form starts afresh, as it does without
  // JavaScript, instead of offering the role just extended for a second, refused time. A refused post answers with
  // data and keeps the form (and its choice) as it is.
  const actionData = useActionData<typeof action>();
  const [formKey, setFormKey] = useState(location.key);
  if (!actionData && formKey !== location.key) setFormKey(location.key);

  return (
    <>
      <p className="mb-2">
        <Link to={zurueck} className="text-primary underline">
          {t("angebote:erweiterung.back")}
        </Link>
      </p>
      <h1 className="mb-2 text-2xl font-bold">{t("angebote:erweiterung.title", { name: angebot.name })}</h1>
      <p className="mb-2 max-w-3xl">
        {t(einSchritt ? "angebote:erweiterung.introEinSchritt" : "angebote:erweiterung.intro", { name: angebot.name })}
      </p>
      <p className="mb-6">
        <Link to={withReturnPath(`/admin/angebote/${angebot.id}`, pathOf(location), FALLBACK)} className="text-primary underline">
          {t("angebote:erweiterung.zumAngebot", { name: angebot.name })}
        </Link>
      </p>

      <section aria-labelledby="bestehende-erweiterungen" className="mb-8">
        <h2 id="bestehende-erweiterungen" className="mb-2 text-xl font-bold">
          {t("angebote:erweiterung.bestehende")}
        </h2>
        {erweiterungen === null ? (
          <p className="max-w-3xl">{t("angebote:erweiterung.listeNichtLesbar")}</p>
        ) : erweiterungen.length === 0 ? (
          <p>{t("angebote:erweiterung.keine")}</p>
        ) : (
          <DataTable caption={t("angebote:erweiterung.caption", { name: angebot.name })}>
            <thead>
              <tr className="border-b-2 border-primary">
                <ColumnHeaders columns={[t("angebote:erweiterung.fields.schule"), t("angebote:erweiterung.fields.rolle")]} />
              </tr>
            </thead>
            <tbody>
              {erweiterungen.map((row) => (
                <tr key={row.id} className="border-b border-gray-300">
                  <td className="p-2">{row.schule}</td>
                  <td className="p-2">{row.rolle ?? t("angebote:erweiterung.rolleUnbekannt")}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </section>

      <section aria-labelledby="neue-erweiterung">
        <h2 id="neue-erweiterung" className="mb-2 text-xl font-bold">
          {t(einSchritt ? "angebote:erweiterung.aendern" : "angebote:erweiterung.neu")}
        </h2>
        {/* The school decides which roles can be chosen. */}
        <SchuleWahl
          schulen={schulen}
          schule={schule}
          schuleFehlt={schuleFehlt}
          submitLabel={t("angebote:erweiterung.rollenAnzeigen")}
          keepReturnPath
        />
        {einSchritt && schule ? (
          <ErweiterungenForm
            key={`${formKey}-${schule.id}`}
            schule={schule}
            rollen={rollen}
            erweitert={erweitert}
            angebotName={angebot.name}
            answer={actionData && "error" in actionData ? actionData : undefined}
            constraint={constraints.einSchritt}
          />
        ) : einSchritt ? null : (
          <ErweiterungForm key={formKey} />
        )}
      </section>
    </>
  );
}

const loadCheck = () => import("~/features/angebote/angebot-forms").then((module) => module.rollenerweiterungCheck);

function ErweiterungForm() {
  const { t } = useTranslation();
  const { schule, rollen, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, fields, formProps } = useFormCheckedOnDemand<typeof RollenerweiterungSchema>({
    id: "rolle-erweitern",
    constraint: constraints.einzeln,
    loadCheck,
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: { schule: schule?.id ?? "", rolle: "" },
  });
  const formError = useCurrentFormError(form, actionData);
  if (!schule) return null;
  if (rollen.length === 0) return <p>{t("angebote:erweiterung.keineRollen", { schule: schule.label })}</p>;

  return (
    <>
      <FormError id="rolle-erweitern-fehler" code={formError} />
      <Form method="post" {...formProps} key={schule.id} className="max-w-2xl">
        <RequiredFieldsNote />
        <input type="hidden" name={fields.schule.name} value={schule.id} />
        <p className="mb-4">
          <span className="font-semibold">{t("angebote:erweiterung.fields.schule")}:</span> {schule.label}
        </p>
        <ErrorList id={fields.schule.errorId} errors={fields.schule.errors} />
        <SelectField
          field={fields.rolle}
          label={t("angebote:erweiterung.fields.rolle")}
          placeholder={t("angebote:erweiterung.rolleAuswaehlen")}
        >
          {rollen.map((rolle) => (
            <option key={rolle.id} value={rolle.id}>
              {rolle.name}
            </option>
          ))}
        </SelectField>
        <SubmitButton form={form} label={t("angebote:erweiterung.submit")} />
      </Form>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle("angebote:erweiterung.title", { name: data?.angebot.name ?? "" }) },
];
