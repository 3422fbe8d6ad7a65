import { useForm, type FieldMetadata } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { BefristungField } from "~/features/zuordnungen/befristung-field";
import { CheckboxGroup } from "~/components/fields/checkbox-group";
import { FormError } from "~/components/form-error";
import { SelectField } from "~/components/forms";
import { Bestaetigen } from "~/features/landesbedienstete/bestaetigen";
import { HinzufuegenErfolg } from "~/features/landesbedienstete/hinzufuegen-erfolg";
import { GefundenePersonDaten } from "~/features/landesbedienstete/such-ergebnis";
import { Notice } from "~/components/notice";
import { IntentButton, OrganisationSuche } from "~/components/schritt-form";
import { useAnswerFocus, useNarrowing } from "~/hooks/use-narrowing";
import { pageTitle, type I18nHandle } from "~/i18n";
import { LANDESBEDIENSTETE_RECHTE, SUCHE_PATH } from "~/features/landesbedienstete/landesbedienstete";
import { mayOpen } from "~/permissions";
import { returnPathFrom } from "~/return-path";
import { erfolgFrom, ersteAntwort, hinzufuegenAction } from "~/features/landesbedienstete/hinzufuegen.server";
import { personIdOrSearch, startLoadingLandesbediensteter } from "~/features/landesbedienstete/landesbediensteter.server";
import type { HinzufuegenAntwort } from "~/features/landesbedienstete/views";
import { readFormData } from "~/.server/form-data.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { withUpstreamSession } from "~/.server/responses.server";

export const handle: I18nHandle = { i18n: "landesbedienstete" };

const FORM_ID = "landesbedienstete-hinzufuegen";

/**
 * The person of the URL is read again here on every request (names, KoPers number, Zuordnungen and their state).
 * Without a person the page goes back to the search; without the rights it is not found, whatever the URL says.
 */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const url = new URL(request.url);
    // One wave less: the form's choices are asked while the person is read (after a save only the person).
    const guard = requireAdmin(request, { permissions: LANDESBEDIENSTETE_RECHTE });
    const [user, { geladen, antwort }] = await guardWhileLoading(guard, async () => {
      const geladenBald = startLoadingLandesbediensteter(request, personIdOrSearch(url), guard);
      const antwortBald = url.searchParams.has("gespeichert") ? null : ersteAntwort(request, geladenBald);
      antwortBald?.catch(() => undefined);
      return { geladen: await geladenBald, antwort: await antwortBald };
    });
    const zurueck = returnPathFrom(url.searchParams, SUCHE_PATH);
    const erfolg = erfolgFrom(url, geladen);
    const personPath = mayOpen(user.rights, "/admin/personen") ? `/admin/personen/${geladen.person.id}` : null;
    return {
      person: geladen.person,
      zurueck,
      erfolg: erfolg ? { ...erfolg, personPath } : null,
      antwort: erfolg ? null : (antwort ?? (await ersteAntwort(request, Promise.resolve(geladen)))),
    };
  });
}

export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    await requireAdmin(request, { permissions: LANDESBEDIENSTETE_RECHTE });
    const formData = await readFormData(request);
    const geladenBald = startLoadingLandesbediensteter(request, personIdOrSearch(new URL(request.url)));
    return hinzufuegenAction({ request, formData, geladenBald });
  });
}

/** The steps of the form change nothing the loader shows; the save redirects, and that page is loaded anew. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, currentUrl, nextUrl, defaultShouldRevalidate }) => {
  const answered = typeof actionResult === "object" && actionResult !== null && "schritt" in actionResult;
  if (answered && currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
};

export default function LandesbediensteteHinzufuegen() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as HinzufuegenAntwort | undefined;
  if (loaded.erfolg) return <HinzufuegenErfolg person={loaded.person} erfolg={loaded.erfolg} />;
  const antwort = answer && "schritt" in answer ? answer : (loaded.antwort as HinzufuegenAntwort);
  // Each answer renders the form afresh: its fields start from the answer's values.
  return <HinzufuegenForm key={antwort.formKey} antwort={antwort} />;
}

function HinzufuegenForm({ antwort }: { antwort: HinzufuegenAntwort }) {
  const { t } = useTranslation();
  const { person, zurueck } = useLoaderData<typeof loader>();
  const [form, fields] = useForm<Record<string, unknown>>({ id: FORM_ID, lastResult: antwort.result });
  const formRef = useRef<HTMLFormElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  // After an answer: the confirmation or the choices, the first field to correct, the message, or the choice just made.
  useAnswerFocus({ ...antwort, formRef, stepHeading, hinweisId: "hinzufuegen-hinweis" });

  return (
    <>
      <p className="mb-2">
        <Link to={zurueck} className="text-primary underline">
          {t("landesbedienstete:hinzufuegen.backToSearch")}
        </Link>
      </p>
      <h1 className="mb-6 text-2xl font-bold">{t("landesbedienstete:hinzufuegen.title")}</h1>
      <FormError id="hinzufuegen-fehler" code={antwort.fehler} />
      {antwort.hinweis ? (
        <div role="alert" id="hinzufuegen-hinweis" tabIndex={-1}>
          <Notice tone="warning" className="mb-4 max-w-3xl">
            <p>{t(antwort.hinweis)}</p>
          </Notice>
        </div>
      ) : null}
      <section aria-labelledby="person-titel" className="mb-6 max-w-3xl">
        <h2 id="person-titel" className="mb-2 text-xl font-bold">
          {t("landesbedienstete:hinzufuegen.personal")}
        </h2>
        <p className="mb-3 text-sm text-gray-700">{t("landesbedienstete:hinzufuegen.personalHint")}</p>
        <GefundenePersonDaten person={person} email={false} />
      </section>
      <Form method="post" id={form.id} ref={formRef} noValidate className="max-w-3xl" preventScrollReset>
        <input type="hidden" name="stand" value={JSON.stringify(antwort.stand)} />
        {antwort.schritt === "bestaetigen" && antwort.bestaetigung ? (
          <Bestaetigen antwort={antwort} person={person} headingRef={stepHeading} />
        ) : (
          <section aria-labelledby="auswahl-titel" className="mb-6 rounded border border-gray-300 p-4">
            <h2 id="auswahl-titel" ref={stepHeading} tabIndex={-1} className="mb-4 text-xl font-bold">
              {t("landesbedienstete:hinzufuegen.zuordnung")}
            </h2>
            <AuswahlFields antwort={antwort} fields={fields} zurueck={zurueck} />
          </section>
        )}
      </Form>
    </>
  );
}

function AuswahlFields({
  antwort,
  fields,
  zurueck,
}: {
  antwort: HinzufuegenAntwort;
  fields: Record<string, FieldMetadata<unknown>>;
  zurueck: string;
}) {
  const { t } = useTranslation();
  const { ansicht } = antwort;
  const narrow = useNarrowing();
  const blockiert = ansicht.gewaehlt > 0 && !ansicht.canCommit;
  const suche = fields.schulsuche as FieldMetadata<string>;
  const schuleGewaehlt = Boolean(fields.schule.initialValue);
  return (
    <>
      <OrganisationSuche
        field={suche}
        label={t("landesbedienstete:hinzufuegen.fields.schulsuche")}
        button={t("landesbedienstete:hinzufuegen.search")}
        hint={t(ansicht.schulen.length === 0 ? "landesbedienstete:hinzufuegen.noSchools" : "landesbedienstete:hinzufuegen.searchHint")}
      />
      <div onChange={narrow}>
        <SelectField
          field={fields.schule as FieldMetadata<string>}
          label={t("landesbedienstete:hinzufuegen.fields.schule")}
          placeholder={t("landesbedienstete:hinzufuegen.choose")}
          required
        >
          {ansicht.schulen.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </SelectField>
        {ansicht.rollen.length > 0 ? (
          <CheckboxGroup
            field={fields.rollen as FieldMetadata<string[]>}
            legend={t("landesbedienstete:hinzufuegen.fields.rollen")}
            hint={t("landesbedienstete:hinzufuegen.fields.rollenHint")}
            options={ansicht.rollen.map((rolle) => ({ value: rolle.id, label: rolle.label }))}
          />
        ) : (
          <p className="mb-4" id="keine-rollen">
            <strong>{t("landesbedienstete:hinzufuegen.fields.rollen")}:</strong>{" "}
            {t(schuleGewaehlt ? "landesbedienstete:hinzufuegen.noRoles" : "landesbedienstete:hinzufuegen.noRolesYet")}
          </p>
        )}
      </div>
      {/* Without JavaScript the way to narrow the choices; with it each change does that itself. */}
      <p className="hidden-with-scripts mb-4">
        <IntentButton intent="aktualisieren">{t("landesbedienstete:hinzufuegen.narrow")}</IntentButton>
      </p>
      <BefristungField field={fields.befristung as Parameters<typeof BefristungField>[0]["field"]} pflicht={ansicht.befristungPflicht} />
      {/* Only a choice the upstream refuses blocks the button; with nothing chosen, pressing it says what is missing. */}
      {blockiert ? (
        <p id="pruefen-hinweis" className="mb-2 text-sm text-gray-700">
          {t("landesbedienstete:hinzufuegen.cannotCommit")}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3">
        <IntentButton
          intent="pruefen"
          primary
          aria-disabled={blockiert || undefined}
          aria-describedby={blockiert ? "pruefen-hinweis" : undefined}
        >
          {t("landesbedienstete:hinzufuegen.submit")}
        </IntentButton>
        <Link to={zurueck} className="btn-secondary">
          {t("landesbedienstete:hinzufuegen.cancel")}
        </Link>
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  {
    title: pageTitle("landesbedienstete:hinzufuegen.pageTitle", {
      name: loaderData ? `${loaderData.person.vorname} ${loaderData.person.familienname}` : "",
    }),
  },
];
