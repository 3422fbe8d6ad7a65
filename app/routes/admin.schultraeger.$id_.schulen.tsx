import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  type ClientActionFunctionArgs,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useState, type FormEvent, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { FieldLabel } from "~/components/field-label";
import { LiveRegion, Notice } from "~/components/notice";
import { SchulAuswahl, SeitenKopf, VorschauListe } from "~/features/schultraeger/schulen-auswahl";
import { SpeicherMeldung } from "~/features/schultraeger/speicher-meldung";
import { LAUF_FELD, nochVorgemerkt, uebergebeneAntwort, useSpeichernInTeilen } from "~/features/schultraeger/speichern-in-teilen";
import { useHydrated } from "~/hooks/use-hydrated";
import { pageTitle, type I18nHandle } from "~/i18n";
import { returnPathFrom, withReturnPath } from "~/return-path";
import {
  istAbgebrochenerTeil,
  MAX_VORGEMERKT,
  readVormerkung,
  type Eintrag,
  type TeilAbgebrochen,
  type Vormerkung,
} from "~/features/schultraeger/vormerkung";
import { loadSeite, speichern, type SpeicherAntwort } from "~/features/schultraeger/schultraeger-schulen.server";
import { readFormData } from "~/.server/form-data.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { withUpstreamSession } from "~/.server/responses.server";

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

/**
 * A part of a save in parts (with JavaScript) that brings no answer ends the save with a result on the page instead of
 * the error page: the network, a server error, or an expired login (its redirect would leave the page and its result).
 * Other posts, and the last part's redirect after a complete save, go their usual way.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  if ((await request.clone().formData()).get(LAUF_FELD) === null) return serverAction<typeof action>();
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) {
      const ziel = new URL(error.headers.get("Location") ?? "/", window.location.href);
      if (ziel.origin === window.location.origin && ziel.pathname !== "/api/auth/login") throw error;
      return { antwort: "teilAbgebrochen", grund: "anmeldung" } satisfies TeilAbgebrochen;
    }
    return { antwort: "teilAbgebrochen", grund: "fehler" } satisfies TeilAbgebrochen;
  }
}

/** The parts of a save with progress change nothing the page shows until the last: it reloads at the end. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) =>
  formData?.get("teil") || istAbgebrochenerTeil(actionResult) ? false : defaultShouldRevalidate;

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
  const actionData = useActionData<typeof action>() as SpeicherAntwort | undefined;
  // This page with the way back: where the form posts, and what "discard" opens.
  const details = `/admin/schultraeger/${traeger.id}`;
  const hier = withReturnPath(location.pathname, zurueck, details);
  const teilweise = useSpeichernInTeilen(hier);
  // An expired login during a save in parts answers in place: the page cannot load again before a new login.
  const answer = teilweise.abbruch ?? actionData ?? uebergebeneAntwort(location.state);
  const abgemeldet = teilweise.abbruch !== null;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  // After a save that was not complete, the refused changes stay staged: they come from the answer, not the URL.
  const uebrig = nochVorgemerkt(answer);
  const vorgemerkt = uebrig
    ? {
        hinzu: uebrig.filter((schule) => schule.art === "hinzu"),
        weg: uebrig.filter((schule) => schule.art === "weg"),
      }
    : geladen;
  const start: Vormerkung = { hinzu: vorgemerkt.hinzu.map(id), weg: vorgemerkt.weg.map(id) };
  // With JavaScript the preview follows every tick at once; without it "Vorschau aktualisieren" shows them.
  const [auswahl, setAuswahl] = useState<Vormerkung>(start);
  const labels = new Map([...schulen, ...vorgemerkt.hinzu, ...(treffer?.schulen ?? [])].map((schule) => [schule.id, schule.label]));
  const saving = teilweise.laeuft || (navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST");
  const count = auswahl.hinzu.length + auswahl.weg.length;
  // At the maximum further ticks are refused at once (with JavaScript), before the address grows beyond it.
  const voll = hydrated && count >= MAX_VORGEMERKT;
  const gewaehlt = new Set([...auswahl.hinzu, ...auswahl.weg]);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const gelesen = readVormerkung(new FormData(event.currentTarget));
    if (gelesen.ok) setAuswahl(gelesen.vormerkung);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("value") !== "speichern") {
      // An empty search field leaves no `suche=` in the address.
      const feld = event.currentTarget.elements.namedItem("suche");
      if (feld instanceof HTMLInputElement && feld.value.trim() === "") feld.disabled = true;
      return;
    }
    if (teilweise.laeuft || abgemeldet || count === 0) return event.preventDefault();
    const gelesen = readVormerkung(new FormData(event.currentTarget));
    if (gelesen.ok && teilweise.start(gelesen.vormerkung, labels)) event.preventDefault();
  };
  // With JavaScript "Änderungen speichern" with nothing ticked says why instead of posting (as SaveButton does).
  const nichts = hydrated && count === 0;
  const refuseEmpty = (event: MouseEvent<HTMLButtonElement>) => {
    if (nichts) event.preventDefault();
  };
  const named = (ids: string[]) => ids.map((schule) => ({ id: schule, label: labels.get(schule) ?? "" }));

  const wegIds = new Set(vorgemerkt.weg.map(id));

  return (
    <>
      <SeitenKopf traeger={traeger} zurueck={zurueck} />
      {answer ? <SpeicherMeldung answer={answer} /> : null}
      {hinweis ? <LadeHinweis hinweis={hinweis} /> : null}
      <p className="mb-6 max-w-3xl">{t("schultraegerSchulen:intro")}</p>

      <Form method="get" action={hier} id={FORM_ID} onChange={onChange} onSubmit={onSubmit} className="max-w-4xl" preventScrollReset>
        {/* A search (GET) replaces the address's query: the way back travels as a field. */}
        {hier === location.pathname ? null : <input type="hidden" name="zurueck" value={zurueck} />}
        {/* While a save runs (and after the login expired during one) the choices stand still. */}
        <fieldset disabled={saving || abgemeldet} className="min-w-0">
          <section aria-labelledby="zugeordnet-titel" className="mb-8">
            <h2 id="zugeordnet-titel" className="mb-3 text-xl font-bold">
              {t("schultraegerSchulen:zugeordnet.title", { count: schulen.length })}
            </h2>
            {schulen.length === 0 ? (
              <p>{t("schultraegerSchulen:zugeordnet.keine")}</p>
            ) : (
              <SchulAuswahl
                legend={t("schultraegerSchulen:zugeordnet.legend")}
                name="weg"
                schulen={schulen}
                checked={wegIds}
                gesperrt={voll ? gewaehlt : null}
              />
            )}
          </section>

          <section aria-labelledby="hinzufuegen-titel" className="mb-8">
            <h2 id="hinzufuegen-titel" className="mb-3 text-xl font-bold">
              {t("schultraegerSchulen:hinzufuegen.title")}
            </h2>
            <p id="suche-hinweis" className="mb-2 text-sm text-gray-700">
              {t("schultraegerSchulen:hinzufuegen.hint", { schulform: t(traeger.schulform) })}
            </p>
            <FieldLabel id="suche" label={t("schultraegerSchulen:hinzufuegen.suche")} />
            <div className="mb-4 flex flex-wrap gap-2">
              <input
                id="suche"
                name="suche"
                type="search"
                defaultValue={suche}
                aria-describedby="suche-hinweis"
                className="input max-w-xs"
              />
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
                gesperrt={voll ? gewaehlt : null}
              />
            ) : null}
            {treffer ? <Treffer treffer={treffer} suche={suche} gesperrt={voll ? gewaehlt : null} /> : null}
          </section>
        </fieldset>

        <section aria-labelledby="vorschau-titel" className="mb-6 rounded border border-gray-300 p-4">
          <h2 id="vorschau-titel" className="mb-3 text-xl font-bold">
            {t("schultraegerSchulen:vorschau.title")}
          </h2>
          {count === 0 ? <p className="mb-3">{t("schultraegerSchulen:vorschau.leer")}</p> : null}
          <VorschauListe titel="schultraegerSchulen:vorschau.hinzu" schulen={named(auswahl.hinzu)} />
          <VorschauListe titel="schultraegerSchulen:vorschau.weg" schulen={named(auswahl.weg)} />
          {voll ? (
            <p id="vorschau-grenze" className="mb-3 font-semibold">
              {t("schultraegerSchulen:vorschau.grenze")}
            </p>
          ) : null}
          {hydrated ? null : <p className="mb-3 text-sm text-gray-700">{t("schultraegerSchulen:vorschau.ohneJs")}</p>}
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="submit"
              name="intent"
              value="speichern"
              formMethod="post"
              className="btn-primary"
              aria-disabled={saving || abgemeldet || nichts || undefined}
              aria-describedby={nichts ? "vorschau-nichts" : undefined}
              onClick={refuseEmpty}
            >
              {t("schultraegerSchulen:vorschau.speichern")}
            </button>
            {/* With JavaScript the preview follows each tick: the button is for the page without it, and brings the
                user back to the preview. */}
            {hydrated ? null : (
              <button type="submit" formAction={`${hier.split("?")[0]}#vorschau-titel`} className="btn-secondary">
                {t("schultraegerSchulen:vorschau.aktualisieren")}
              </button>
            )}
            <Link
              to={hier}
              className="btn-secondary"
              replace
              aria-disabled={saving || undefined}
              onClick={(event) => {
                if (saving) event.preventDefault();
              }}
            >
              {t("schultraegerSchulen:vorschau.verwerfen")}
            </Link>
            {nichts ? (
              <p id="vorschau-nichts" className="text-sm text-gray-700">
                {t("schultraegerSchulen:vorschau.nichtsAngekreuzt")}
              </p>
            ) : null}
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
      {teilweise.dialog}
    </>
  );
}
const id = (schule: Eintrag) => schule.id;

function Treffer({
  treffer,
  suche,
  gesperrt,
}: {
  treffer: { schulen: Eintrag[]; weitere: boolean; limit: number };
  suche: string;
  gesperrt: ReadonlySet<string> | null;
}) {
  const { t } = useTranslation();
  if (treffer.schulen.length === 0) return <p className="mb-4">{t("schultraegerSchulen:hinzufuegen.keineTreffer", { suche })}</p>;
  return (
    <>
      <SchulAuswahl
        legend={t("schultraegerSchulen:hinzufuegen.treffer", { count: treffer.schulen.length })}
        name="hinzu"
        schulen={treffer.schulen}
        checked={new Set()}
        gesperrt={gesperrt}
      />
      {treffer.weitere ? <p className="mb-4">{t("schultraegerSchulen:hinzufuegen.weitere", { limit: treffer.limit })}</p> : null}
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
  // The staged ids ride in the address (up to about 9 kB): with the address again as Referer, a search from this page
  // would pass Node's 16 kB header limit (431, an empty page). The origin alone still goes along: without it a post
  // would carry `Origin: null` and the portal's origin check would refuse it.
  { name: "referrer", content: "strict-origin" },
];
