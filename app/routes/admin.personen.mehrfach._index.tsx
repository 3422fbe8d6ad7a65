import { useForm } from "@conform-to/react";
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { AktionsFields, OrganisationWahlForm, type MehrfachFields } from "~/features/mehrfach/aktions-fields";
import { PersonenUebersicht } from "~/features/mehrfach/personen-uebersicht";
import { Notice } from "~/components/notice";
import { pageTitle, type I18nHandle, type TranslationKey } from "~/i18n";
import { MEHRFACH_AUSFUEHREN_PFAD, MEHRFACH_FELD } from "~/features/mehrfach/aktionen";
import { bestaetigungLaden } from "~/features/mehrfach/bestaetigung.server";
import { withUpstreamSession } from "~/.server/responses.server";

export const handle: I18nHandle = { i18n: ["personen", "mehrfach"] };

/**
 * The confirmation of a bulk action (inventory §4.7): for whom, whether its preconditions hold (with the reason when
 * not), and the action's own fields. "Ausführen" posts to the run, which answers with a page of its own that shows
 * the progress as it goes (docs/decisions/026), so the form leaves the app (`reloadDocument`) with or without
 * JavaScript.
 */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, ({ request }) => bestaetigungLaden(request));
}

export default function MehrfachBestaetigung() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  if (data.aktion === null) {
    return (
      <>
        <h1 className="mb-4 text-2xl font-bold">{t("mehrfach:seite.titelOhneAktion")}</h1>
        <Notice tone="error" className="mb-4">
          <p>{t("mehrfach:seite.keineAktion")}</p>
        </Notice>
        <Link to={data.zurueck} className="font-semibold text-primary underline">
          {t("mehrfach:problem.zurueck")}
        </Link>
      </>
    );
  }
  return <Bestaetigung data={data} />;
}

type Data = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { aktion: null }>;

function Bestaetigung({ data }: { data: Data }) {
  const { t } = useTranslation();
  // One object per answer: conform reports a new `lastResult` again, and a report on every render never settles.
  const lastResult = useMemo(() => {
    const fehlerKey = data.fehler ? feldFehler(data.fehler) : null;
    return fehlerKey && data.fehler
      ? { status: "error" as const, initialValue: data.eingaben, error: { [data.fehler]: [fehlerKey] } }
      : undefined;
  }, [data.fehler, data.eingaben]);
  const [form, fields] = useForm<MehrfachFields>({
    id: "mehrfach",
    defaultValue: data.eingaben,
    lastResult,
    shouldValidate: "onSubmit",
  });
  const titel = t(`mehrfach:aktion.${data.aktion}`);
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{titel}</h1>
      <p className="mb-4">
        {data.schule
          ? t("mehrfach:seite.umfangAnSchule", { count: data.anzahl, schule: data.schule.label })
          : t("mehrfach:seite.umfang", { count: data.anzahl })}
      </p>
      {data.eigenesKontoAusgelassen ? (
        <Notice tone="info" className="mb-4">
          <p>{t("mehrfach:seite.eigenesKonto")}</p>
        </Notice>
      ) : null}
      {data.probleme.length ? (
        <Notice tone="error" title={t("mehrfach:problem.titel")} className="mb-4">
          <ul className="list-disc pl-6">
            {data.probleme.map((problem) => (
              <li key={problem.key}>
                {t(problem.key as TranslationKey, problem.values)}
                {problem.weitere ? ` ${t("mehrfach:problem.undWeitere", { count: problem.weitere })}` : null}
              </li>
            ))}
          </ul>
        </Notice>
      ) : null}
      <PersonenUebersicht namen={data.namen} anzahl={data.anzahl} />
      {data.aktion === "rolle-zuweisen" ? <OrganisationWahlForm mitgesendet={data.mitgesendet} /> : null}
      {data.probleme.length ? (
        <Link to={data.zurueck} className="font-semibold text-primary underline">
          {t("mehrfach:problem.zurueck")}
        </Link>
      ) : (
        <Form method="post" action={MEHRFACH_AUSFUEHREN_PFAD} reloadDocument id={form.id} noValidate={false} className="space-y-4">
          {data.mitgesendet.map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name={MEHRFACH_FELD.einmal} value={data.einmal} />
          {data.umfang === "auswahl"
            ? data.namen.map((person) => (
                <input key={person.id} type="hidden" name={MEHRFACH_FELD.bezeichnung} value={`${person.id}|${person.name}`} />
              ))
            : null}
          <AktionsFields data={data} fields={fields} />
          <Notice tone="warning">
            <p>{t(`mehrfach:seite.warnung.${data.aktion}`)}</p>
          </Notice>
          <div className="flex flex-wrap items-center gap-4">
            <button type="submit" className={data.aktion === "loeschen" ? "btn-danger" : "btn-primary"}>
              {t(`mehrfach:seite.ausfuehren.${data.aktion}`)}
            </button>
            <Link to={data.zurueck} className="btn-secondary">
              {t("mehrfach:seite.abbrechen")}
            </Link>
          </div>
        </Form>
      )}
    </>
  );
}

/** The message for the field the run refused. */
function feldFehler(feld: string): string | null {
  switch (feld) {
    case MEHRFACH_FELD.zielKlasse:
      return "mehrfach:feld.zielKlasse.fehler";
    case MEHRFACH_FELD.zielRolle:
      return "mehrfach:feld.zielRolle.fehler";
    case MEHRFACH_FELD.zielOrganisation:
      return "mehrfach:feld.zielOrganisation.fehler";
    case MEHRFACH_FELD.befristung:
      return "mehrfach:feld.befristung.fehler";
    default:
      return null;
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data && data.aktion ? `mehrfach:aktion.${data.aktion}` : "mehrfach:seite.titelOhneAktion") },
];
