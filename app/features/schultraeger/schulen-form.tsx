import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useState, type FormEvent, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { FieldLabel } from "~/components/field-label";
import { LiveRegion } from "~/components/notice";
import { useHydrated } from "~/hooks/use-hydrated";
import { withReturnPath } from "~/return-path";
import { LadeHinweis, SchulAuswahl, SeitenKopf, Treffer, VorschauListe } from "./schulen-auswahl";
import { SpeicherMeldung } from "./speicher-meldung";
import { nochVorgemerkt, uebergebeneAntwort, useSpeichernInTeilen } from "./speichern-in-teilen";
import { MAX_VORGEMERKT, readVormerkung, type Eintrag, type Vormerkung } from "./vormerkung";
import type { SchulenSeiteView, SpeicherAntwort } from "./views";

const FORM_ID = "traeger-schulen";

/**
 * The staging form of a Träger's schools (decision 020): one GET form whose ticks are the staged set, so a search keeps
 * them; "save" posts the same form. With JavaScript the preview follows each tick and a large save goes in parts.
 */
export function SchulenForm({ seite, actionData }: { seite: SchulenSeiteView; actionData: SpeicherAntwort | undefined }) {
  const { t } = useTranslation();
  const { traeger, schulen, vorgemerkt: geladen, hinweis, suche, treffer, zurueck } = seite;
  const location = useLocation();
  // This page with the way back: where the form posts, and what "discard" opens.
  const details = `/admin/schultraeger/${traeger.id}`;
  const hier = withReturnPath(location.pathname, zurueck, details);
  const teilweise = useSpeichernInTeilen(hier);
  // A save in parts (with JavaScript) hands its combined answer over in the navigation's state. An expired login
  // during one answers in place: the page cannot load again before a new login.
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
