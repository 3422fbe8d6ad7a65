import type { TFunction } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { Notice } from "~/components/notice";
import { errorMessageKey, errorTitleKey } from "~/errors";
import { pageFrameEnd, pageFrameStart, type PageFrame, PROGRESS_END, progressStart, progressStep } from "~/.server/streamed-page.server";
import { MEHRFACH_DATEI_PFAD, type MehrfachAktion } from "./aktionen";
import type { Fehlerzeile } from "./dateien.server";

/**
 * The page a bulk run streams while it works (docs/decisions/026), in the frame and progress pattern of every streamed
 * page (`.server/streamed-page.server.tsx`): the browser shows each part as it arrives, with or without JavaScript.
 */

type T = TFunction;

export const PROGRESS_ID = "fortschritt";
const RESULT_HEADING_ID = "ergebnis-titel";
const PASSWORD_FORM_ID = "passwort-datei";

export function seitenAnfang(
  t: T,
  input: {
    nonce: string;
    aktion: MehrfachAktion;
    anzahl: number;
    schule: string | null;
    protokoll: string;
    frame: PageFrame;
  },
): string {
  const title = t(`mehrfach:aktion.${input.aktion}`);
  const intro = renderToStaticMarkup(
    <>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p>
        {input.schule
          ? t("mehrfach:lauf.umfangAnSchule", { count: input.anzahl, schule: input.schule })
          : t("mehrfach:lauf.umfang", { count: input.anzahl })}
      </p>
      <p>
        {t("mehrfach:lauf.protokollHinweis")}{" "}
        <a href={input.protokoll} className="font-semibold text-primary underline">
          {t("mehrfach:lauf.protokollLink")}
        </a>
      </p>
    </>,
  );
  return `${pageFrameStart(t, title, input.frame)}${intro}${laufSkript(t, input.nonce)}${progressStart(PROGRESS_ID)}`;
}

export function fortschritt(t: T, fertig: number, anzahl: number): string {
  return progressStep({
    value: fertig,
    max: anzahl,
    label: t("mehrfach:lauf.fortschritt"),
    text: t("mehrfach:lauf.stand", { fertig, anzahl }),
    notice: <p>{t("mehrfach:lauf.nichtSchliessen")}</p>,
  });
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
  const fertig = progressStep({
    value: bearbeitet,
    max: ergebnisse.anzahl,
    label: t("mehrfach:lauf.fortschritt"),
    text: t("mehrfach:lauf.fertig", { fertig: bearbeitet, anzahl: ergebnisse.anzahl }),
  });
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
  return `${fertig}${PROGRESS_END}${body}${fokus}${pageFrameEnd()}`;
}

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
