import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { LiveRegion, Notice } from "~/components/notice";
import {
  SchulAuswahl,
  SeitenKopf,
  SpeicherMeldung,
  uebergebeneAntwort,
  useSpeichernInTeilen,
  VorschauListe,
} from "~/components/schultraeger-schulen";
import { useHydrated } from "~/hooks/use-hydrated";
import { pageTitle, type I18nHandle } from "~/i18n";
import { returnPathFrom, withReturnPath } from "~/return-path";
import { nachDemSpeichern, readVormerkung, type Eintrag, type Vormerkung } from "~/schultraeger-schulen/vormerkung";
import { readFormData } from "~/.server/form-data.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { withUpstreamSession } from "~/.server/responses.server";
import { loadSeite, speichern, SUCHE_LIMIT, type SpeicherAntwort } from "~/.server/schultraeger-schulen.server";

// The Träger screens' words for its form come along.
export const handle: I18nHandle = { i18n: ["schultraegerSchulen", "schultraeger"] };

const FORM_ID = "traeger-schulen";

/** The Träger's details page, or the address it passed as the way back (with its own way back to the list). */
const zurueckVon = (request: Request, id: string | undefined) =>
  returnPathFrom(new URL(request.url).searchParams, `/admin/schultraeger/${id}`);

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    const [, seite] = await guardWhileLoading(requireAdmin(request, { permissions: ["schultraegerverwaltung"] }), () =>
      loadSeite(request, params.id, new URL(request.url).searchParams),
    );
    return { ...seite, zurueck: zurueckVon(request, params.id) };
  });
}

export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    await requireAdmin(request, { permissions: ["schultraegerverwaltung"] });
    // After a complete save the Träger's details page shows its schools as they are now, with the message.
    return speichern(request, params.id, await readFormData(request), zurueckVon(request, params.id));
  });
}

/** The parts of a save with progress change nothing the page shows until the last: it reloads at the end. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("teil") ? false : defaultShouldRevalidate;

export default function SchultraegerSchulen() {
  const { t } = useTranslation();
  const location = useLocation();
  const { darf, traeger, schulen, zurueck } = useLoaderData<typeof loader>();
  if (darf) {
    // Each page and each answer starts the form afresh from what the server says is staged.
    return <SchulenForm key={location.key} />;
  }
  return (
    <>
      <SeitenKopf traeger={traeger} zurueck={zurueck} />
      <Notice tone="info" className="mb-4">
        <p>{t("schultraegerSchulen:hinweis.nurLesen")}</p>
      </Notice>
      <h2 className="mb-3 text-xl font-bold">{t("schultraegerSchulen:zugeordnet.title", { count: schulen.length })}</h2>
      {schulen.length === 0 ? <p>{t("schultraegerSchulen:zugeordnet.keine")}</p> : null}
      <ul className="ml-6 list-disc">
        {schulen.map((schule) => (
          <li key={schule.id}>{schule.label}</li>
        ))}
      </ul>
    </>
  );
}

function SchulenForm() {
  const { t } = useTranslation();
  const { traeger, schulen, vorgemerkt: geladen, hinweis, suche, treffer, zurueck } = useLoaderData<typeof loader>();
  const location = useLocation();
  // A save in parts (with JavaScript) hands its combined answer over in the navigation's state.
  const answer = (useActionData<typeof action>() ?? uebergebeneAntwort(location.state)) as SpeicherAntwort | undefined;
  // This page with the way back: where the form posts, and what "discard" opens.
  const details = `/admin/schultraeger/${traeger.id}`;
  const hier = withReturnPath(location.pathname, zurueck, details);
  const teilweise = useSpeichernInTeilen(hier);
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const ergebnis = answer?.antwort === "ergebnis" ? answer.ergebnis : null;

  // After a save that was not complete, the refused changes stay staged: they come from the answer, not the URL.
  const vorgemerkt = ergebnis
    ? {
        hinzu: ergebnis.fehlgeschlagen.filter((schule) => schule.art === "hinzu"),
        weg: ergebnis.fehlgeschlagen.filter((schule) => schule.art === "weg"),
      }
    : geladen;
  const start: Vormerkung = ergebnis ? nachDemSpeichern(ergebnis) : { hinzu: geladen.hinzu.map(id), weg: geladen.weg.map(id) };
  // With JavaScript the preview follows every tick at once; without it "Vorschau aktualisieren" shows them.
  const [auswahl, setAuswahl] = useState<Vormerkung>(start);
  const labels = new Map([...schulen, ...vorgemerkt.hinzu, ...(treffer?.schulen ?? [])].map((schule) => [schule.id, schule.label]));
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const gelesen = readVormerkung(new FormData(event.currentTarget));
    if (gelesen.ok) setAuswahl(gelesen.vormerkung);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("value") !== "speichern") return;
    if (teilweise.laeuft) return event.preventDefault();
    const gelesen = readVormerkung(new FormData(event.currentTarget));
    if (gelesen.ok && teilweise.start(gelesen.vormerkung)) event.preventDefault();
  };
  const named = (ids: string[]) => ids.map((schule) => ({ id: schule, label: labels.get(schule) ?? "" }));

  const saving = teilweise.laeuft || (navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST");
  const count = auswahl.hinzu.length + auswahl.weg.length;
  const wegIds = new Set(vorgemerkt.weg.map(id));

  return (
    <>
      <SeitenKopf traeger={traeger} zurueck={zurueck} />
      {answer ? <SpeicherMeldung answer={answer} /> : null}
      {hinweis ? <LadeHinweis hinweis={hinweis} /> : null}
      <p className="mb-6 max-w-3xl">{t("schultraegerSchulen:intro")}</p>

      <Form method="get" action={hier} id={FORM_ID} onChange={onChange} onSubmit={onSubmit} className="max-w-3xl" preventScrollReset>
        {/* A search (GET) replaces the address's query: the way back travels as a field. */}
        {hier === location.pathname ? null : <input type="hidden" name="zurueck" value={zurueck} />}
        <section aria-labelledby="zugeordnet-titel" className="mb-8">
          <h2 id="zugeordnet-titel" className="mb-3 text-xl font-bold">
            {t("schultraegerSchulen:zugeordnet.title", { count: schulen.length })}
          </h2>
          {schulen.length === 0 ? (
            <p>{t("schultraegerSchulen:zugeordnet.keine")}</p>
          ) : (
            <SchulAuswahl legend={t("schultraegerSchulen:zugeordnet.legend")} name="weg" schulen={schulen} checked={wegIds} />
          )}
        </section>

        <section aria-labelledby="hinzufuegen-titel" className="mb-8">
          <h2 id="hinzufuegen-titel" className="mb-3 text-xl font-bold">
            {t("schultraegerSchulen:hinzufuegen.title")}
          </h2>
          <p id="suche-hinweis" className="mb-2 text-sm text-gray-700">
            {t("schultraegerSchulen:hinzufuegen.hint", { schulform: t(traeger.schulform) })}
          </p>
          <label htmlFor="suche" className="mb-1 block font-semibold">
            {t("schultraegerSchulen:hinzufuegen.suche")}
          </label>
          <div className="mb-4 flex flex-wrap gap-2">
            <input id="suche" name="suche" type="search" defaultValue={suche} aria-describedby="suche-hinweis" className="input max-w-xs" />
            {/* The form's first button: Enter in any field searches, and keeps every tick. */}
            <button type="submit" className="btn-secondary">
              {t("schultraegerSchulen:hinzufuegen.suchen")}
            </button>
          </div>
          {vorgemerkt.hinzu.length > 0 ? (
            <SchulAuswahl
              legend={t("schultraegerSchulen:hinzufuegen.vorgemerkt")}
              name="hinzu"
              schulen={vorgemerkt.hinzu}
              checked={new Set(vorgemerkt.hinzu.map(id))}
            />
          ) : null}
          {treffer ? <Treffer treffer={treffer} suche={suche} /> : null}
        </section>

        <section aria-labelledby="vorschau-titel" className="mb-6 rounded border border-gray-300 p-4">
          <h2 id="vorschau-titel" className="mb-3 text-xl font-bold">
            {t("schultraegerSchulen:vorschau.title")}
          </h2>
          {count === 0 ? <p className="mb-3">{t("schultraegerSchulen:vorschau.leer")}</p> : null}
          <VorschauListe titel="schultraegerSchulen:vorschau.hinzu" schulen={named(auswahl.hinzu)} />
          <VorschauListe titel="schultraegerSchulen:vorschau.weg" schulen={named(auswahl.weg)} />
          {hydrated ? null : <p className="mb-3 text-sm text-gray-700">{t("schultraegerSchulen:vorschau.ohneJs")}</p>}
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              name="intent"
              value="speichern"
              formMethod="post"
              className="btn-primary"
              aria-disabled={saving || undefined}
            >
              {t("schultraegerSchulen:vorschau.speichern")}
            </button>
            <button type="submit" className="btn-secondary">
              {t("schultraegerSchulen:vorschau.aktualisieren")}
            </button>
            <Link to={hier} className="btn-secondary" replace>
              {t("schultraegerSchulen:vorschau.verwerfen")}
            </Link>
          </div>
          <LiveRegion urgent={false} className="mt-3">
            {teilweise.fortschritt ? (
              <p>{t("schultraegerSchulen:vorschau.fortschritt", teilweise.fortschritt)}</p>
            ) : saving ? (
              <p>{t("schultraegerSchulen:vorschau.speichertGerade", { count })}</p>
            ) : null}
          </LiveRegion>
        </section>
      </Form>
    </>
  );
}

const id = (schule: Eintrag) => schule.id;

function Treffer({ treffer, suche }: { treffer: { schulen: Eintrag[]; weitere: boolean }; suche: string }) {
  const { t } = useTranslation();
  if (treffer.schulen.length === 0) return <p className="mb-4">{t("schultraegerSchulen:hinzufuegen.keineTreffer", { suche })}</p>;
  return (
    <>
      <SchulAuswahl
        legend={t("schultraegerSchulen:hinzufuegen.treffer", { count: treffer.schulen.length })}
        name="hinzu"
        schulen={treffer.schulen}
        checked={new Set()}
      />
      {treffer.weitere ? <p className="mb-4">{t("schultraegerSchulen:hinzufuegen.weitere", { limit: SUCHE_LIMIT })}</p> : null}
    </>
  );
}

function LadeHinweis({ hinweis }: { hinweis: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["hinweis"]> }) {
  const { t } = useTranslation();
  if (hinweis.art === "fehler") {
    return (
      <Notice tone="warning" className="mb-4">
        <p>{t(`schultraegerSchulen:hinweis.${hinweis.fehler}`)}</p>
      </Notice>
    );
  }
  return (
    <Notice tone="warning" className="mb-4">
      <p>{t("schultraegerSchulen:hinweis.uebersprungen")}</p>
      <ul className="ml-6 list-disc">
        {hinweis.uebersprungen.map((schule) => (
          <li key={`${schule.art}/${schule.id}`}>{t(`schultraegerSchulen:grund.${schule.grund}`, { schule: schule.label })}</li>
        ))}
      </ul>
    </Notice>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: pageTitle("schultraegerSchulen:pageTitle", { name: loaderData?.traeger.name ?? "" }) },
];
