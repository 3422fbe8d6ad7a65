import type { TFunction } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { Notice } from "~/components/notice";
import { errorMessageKey, errorTitleKey, type ErrorCode } from "~/errors";
import { MEHRFACH_DATEI_PFAD, type MehrfachAktion } from "~/features/mehrfach/aktionen";
import { stylesheetHref } from "~/document/stylesheet";
import type { Fehlerzeile } from "~/features/mehrfach/dateien.server";

/**
 * (Not under `.server/`: Tailwind does not look into dot folders, and this page has classes of its own.)
 * The page a bulk run streams while it works (docs/decisions/026): the browser shows each part as it arrives, with or
 * without JavaScript. The parts are rendered by React (so every text is escaped) but sent one after another, which is
 * why the page's frame is written as plain strings around them. Progress steps are appended to one container whose
 * CSS shows only the last, so the bar seems to move without any script.
 */

type T = TFunction;

export const PROGRESS_ID = "fortschritt";
const RESULT_HEADING_ID = "ergebnis-titel";
const PASSWORD_FORM_ID = "passwort-datei";

/** The frame both pages of the run route share: the head, the portal's name, the opening of `main`. */
export function rahmenAnfang(t: T, title: string): string {
  const head = renderToStaticMarkup(
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{`${title} – ${t("app.name")}`}</title>
      <link rel="stylesheet" href={stylesheetHref} />
    </>,
  );
  const header = renderToStaticMarkup(
    <header className="bg-primary px-4 py-3 text-white">
      <p className="font-semibold">{t("app.name")}</p>
    </header>,
  );
  return `<!DOCTYPE html><html lang="de"><head>${head}</head><body class="bg-white text-gray-900">${header}<main id="main" class="mx-auto max-w-4xl space-y-4 p-4">`;
}

export const RAHMEN_ENDE = "</main></body></html>";

export function seitenAnfang(t: T, input: { nonce: string; aktion: MehrfachAktion; anzahl: number; schule: string | null }): string {
  const title = t(`mehrfach:aktion.${input.aktion}`);
  const intro = renderToStaticMarkup(
    <>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p>
        {input.schule
          ? t("mehrfach:lauf.umfangAnSchule", { count: input.anzahl, schule: input.schule })
          : t("mehrfach:lauf.umfang", { count: input.anzahl })}
      </p>
    </>,
  );
  // The padding comment makes browsers that wait for a first kilobyte before painting show the page at once.
  return `${rahmenAnfang(t, title)}${intro}${laufSkript(t, input.nonce)}<!--${" ".repeat(1024)}--><div id="${PROGRESS_ID}" aria-live="polite" class="[&>*:has(+*)]:hidden">`;
}

export function fortschritt(t: T, fertig: number, anzahl: number): string {
  return renderToStaticMarkup(
    <div className="space-y-2">
      <progress className="h-4 w-full" max={Math.max(anzahl, 1)} value={fertig} aria-label={t("mehrfach:lauf.fortschritt")} />
      <p className="font-semibold">{t("mehrfach:lauf.stand", { fertig, anzahl })}</p>
      <Notice tone="warning">
        <p>{t("mehrfach:lauf.nichtSchliessen")}</p>
      </Notice>
    </div>,
  );
}

export interface Ergebnisse {
  aktion: MehrfachAktion;
  anzahl: number;
  erledigt: number;
  unveraendert: Array<{ name: string; grund: string }>;
  fehler: Fehlerzeile[];
  abbruch: "verbindung" | "sitzung" | null;
  offen: number;
  /** The file of new passwords (password reset only), and its Dienststellennummer for the name. */
  passwortDatei: { inhalt: string; kennung: string | null; name: string } | null;
  fehlerDatei: { inhalt: string; name: string } | null;
  /** The list the user came from, without the selection. */
  zurueck: string;
}

export function seitenEnde(t: T, ergebnisse: Ergebnisse, nonce: string): string {
  const { aktion, erledigt, fehler, unveraendert, abbruch, offen, passwortDatei, fehlerDatei } = ergebnisse;
  // The last progress step says it is done; it replaces the running bar and its "do not close" notice.
  const bearbeitet = ergebnisse.anzahl - offen;
  const fertig = renderToStaticMarkup(
    <div className="space-y-2">
      <progress
        className="h-4 w-full"
        max={Math.max(ergebnisse.anzahl, 1)}
        value={bearbeitet}
        aria-label={t("mehrfach:lauf.fortschritt")}
      />
      <p className="font-semibold">{t("mehrfach:lauf.fertig", { fertig: bearbeitet, anzahl: ergebnisse.anzahl })}</p>
    </div>,
  );
  const body = renderToStaticMarkup(
    <>
      <section aria-labelledby={RESULT_HEADING_ID} className="space-y-4">
        <h2 id={RESULT_HEADING_ID} tabIndex={-1} className="text-xl font-bold">
          {t("mehrfach:ergebnis.titel")}
        </h2>
        <Notice tone={fehler.length || abbruch ? "error" : "success"} role="status">
          <p className="font-semibold">{t(`mehrfach:ergebnis.erfolg.${aktion}`, { count: erledigt })}</p>
          {fehler.length ? <p>{t("mehrfach:ergebnis.fehlerAnzahl", { count: fehler.length })}</p> : null}
          {unveraendert.length ? <p>{t("mehrfach:ergebnis.unveraendertAnzahl", { count: unveraendert.length })}</p> : null}
          {abbruch ? <p>{t(`mehrfach:ergebnis.abbruch.${abbruch}`, { count: offen })}</p> : null}
        </Notice>
        {passwortDatei ? (
          <Notice tone="warning" title={t("mehrfach:ergebnis.passwoerter.titel")}>
            <p>{t("mehrfach:ergebnis.passwoerter.hinweis")}</p>
            <form id={PASSWORD_FORM_ID} method="post" action={MEHRFACH_DATEI_PFAD} data-dateiname={passwortDatei.name} className="mt-2">
              <input type="hidden" name="art" value="passwoerter" />
              <input type="hidden" name="kennung" value={passwortDatei.kennung ?? ""} />
              <textarea name="inhalt" hidden readOnly defaultValue={passwortDatei.inhalt} />
              <button type="submit" className="btn-primary">
                {t("mehrfach:ergebnis.passwoerter.herunterladen")}
              </button>
            </form>
          </Notice>
        ) : null}
        {fehler.length ? (
          <section aria-labelledby="fehler-titel" className="space-y-2">
            <h3 id="fehler-titel" className="text-lg font-bold">
              {t(`mehrfach:ergebnis.fehlerTitel.${aktion}`)}
            </h3>
            <ol className="list-decimal space-y-1 pl-6">
              {fehler.map((zeile) => (
                <li key={zeile.id}>
                  <span className="font-semibold">{zeile.person}</span>: {t(errorTitleKey(zeile.code))}. {t(errorMessageKey(zeile.code))}
                </li>
              ))}
            </ol>
            {fehlerDatei ? (
              <form method="post" action={MEHRFACH_DATEI_PFAD} data-dateiname={fehlerDatei.name}>
                <input type="hidden" name="art" value="fehler" />
                <textarea name="inhalt" hidden readOnly defaultValue={fehlerDatei.inhalt} />
                <button type="submit" className="btn-secondary">
                  {t("mehrfach:ergebnis.fehlerHerunterladen")}
                </button>
              </form>
            ) : null}
          </section>
        ) : null}
        {unveraendert.length ? (
          <details>
            <summary className="cursor-pointer">{t("mehrfach:ergebnis.unveraendertTitel", { count: unveraendert.length })}</summary>
            <ul className="list-disc pl-6">
              {unveraendert.map((zeile, index) => (
                <li key={index}>
                  {zeile.name}: {zeile.grund}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        {passwortDatei ? <p>{t("mehrfach:ergebnis.passwoerter.vorDemVerlassen")}</p> : null}
        <p>
          <a href={ergebnisse.zurueck} data-verlassen="" className="font-semibold text-primary underline">
            {t("mehrfach:ergebnis.zurueck")}
          </a>
        </p>
      </section>
    </>,
  );
  const fokus = `<script nonce="${nonce}">window.mehrfachFertig&&window.mehrfachFertig()</script>`;
  return `${fertig}${FORTSCHRITT_ENDE}${body}${fokus}${RAHMEN_ENDE}`;
}

/**
 * A refusal of the run route as a German page: the route answers documents itself, so a guard's "not found" or a
 * refused form would otherwise reach the browser as the JSON the guards throw.
 */
export function fehlerSeite(t: T, code: ErrorCode, zurueck: { href: string; text: string }): string {
  const body = renderToStaticMarkup(
    <>
      <h1 className="text-2xl font-bold">{t(errorTitleKey(code))}</h1>
      <p>{t(errorMessageKey(code))}</p>
      <p>
        <a href={zurueck.href} className="font-semibold text-primary underline">
          {zurueck.text}
        </a>
      </p>
    </>,
  );
  return `${rahmenAnfang(t, t(errorTitleKey(code)))}${body}${RAHMEN_ENDE}`;
}

/** The progress container is closed before the result, so only the progress steps replace each other. */
const FORTSCHRITT_ENDE = "</div>";

/**
 * With JavaScript: leaving while the run works, or before the passwords were downloaded, asks first; when the run is
 * done the focus moves to the result; a download is made in the browser from the page's own text, so it needs no
 * request (and no valid session). Nothing here is needed for the page to work.
 */
function laufSkript(t: T, nonce: string): string {
  const texte = JSON.stringify({ verlassen: t("mehrfach:ergebnis.passwoerter.verlassenFrage") }).replace(/</g, "\\u003c");
  return `<script nonce="${nonce}">(function(){var texte=${texte};var laeuft=true,gespeichert=false,bestaetigt=false;
function offenePasswoerter(){return !!document.getElementById("${PASSWORD_FORM_ID}")&&!gespeichert;}
addEventListener("beforeunload",function(e){if(!bestaetigt&&(laeuft||offenePasswoerter())){e.preventDefault();e.returnValue="";}});
document.addEventListener("submit",function(e){var f=e.target,name=f&&f.getAttribute&&f.getAttribute("data-dateiname");if(!name)return;if(f.id==="${PASSWORD_FORM_ID}")gespeichert=true;
if(!window.Blob||!window.URL||!URL.createObjectURL)return;e.preventDefault();var text="\\uFEFF"+f.elements.inhalt.value.replace(/\\r?\\n/g,"\\r\\n");
var a=document.createElement("a");a.href=URL.createObjectURL(new Blob([text],{type:"text/plain;charset=utf-8"}));a.download=name;document.body.appendChild(a);a.click();
setTimeout(function(){URL.revokeObjectURL(a.href);a.remove();},1000);});
document.addEventListener("click",function(e){var a=e.target&&e.target.closest&&e.target.closest("a[data-verlassen]");if(!a||!offenePasswoerter())return;if(confirm(texte.verlassen)){bestaetigt=true;}else{e.preventDefault();}});
window.mehrfachFertig=function(){laeuft=false;var h=document.getElementById("${RESULT_HEADING_ID}");if(h)h.focus();};})();</script>`;
}
