import type { TFunction } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { Notice } from "~/components/notice";
import { errorMessageKey, errorTitleKey, type ErrorCode } from "~/errors";
import { pageFrameEnd, pageFrameStart, type PageFrame, PROGRESS_END, progressStart, progressStep } from "~/.server/streamed-page.server";
import { IMPORT_PFAD } from "./personenimport";

/**
 * The page that follows an import while the upstream works on it, in the frame and progress pattern of every streamed
 * page (`.server/streamed-page.server.tsx`, docs/decisions/026, 028): it moves with or without JavaScript and never
 * reloads. The import itself runs in the upstream: closing this page stops nothing.
 */

type T = TFunction;

const ENDE_ID = "import-ende";

export function fortschrittAnfang(t: T, input: { nonce: string; anzahl: number; ergebnis: string; frame: PageFrame }): string {
  const title = t("personenimport:fortschritt.titel");
  const intro = renderToStaticMarkup(
    <>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p>{t("personenimport:fortschritt.umfang", { count: input.anzahl })}</p>
      <p>{t("personenimport:fortschritt.laeuftWeiter")}</p>
    </>,
  );
  return `${pageFrameStart(t, title, input.frame)}${intro}${weiterSkript(input.nonce, input.ergebnis)}${progressStart()}`;
}

export function fortschrittSchritt(t: T, bearbeitet: number, anzahl: number): string {
  return progressStep({
    value: bearbeitet,
    max: anzahl,
    label: t("personenimport:fortschritt.balken"),
    text: t("personenimport:fortschritt.stand", { bearbeitet, anzahl }),
  });
}

export type FortschrittEnde =
  { art: "fertig"; anzahl: number } | { art: "fehler"; code: ErrorCode } | { art: "dauertLaenger" } | { art: "sitzung" };

/** The last part: done (with the way to the result), or why the page stops following the import. */
export function fortschrittEnde(t: T, ende: FortschrittEnde, input: { nonce: string; ergebnis: string }): string {
  const schritt =
    ende.art === "fertig"
      ? progressStep({
          value: ende.anzahl,
          max: ende.anzahl,
          label: t("personenimport:fortschritt.balken"),
          text: t("personenimport:fortschritt.fertig", { anzahl: ende.anzahl }),
        })
      : "";
  const body = renderToStaticMarkup(
    <section aria-labelledby={ENDE_ID} className="space-y-4">
      {ende.art === "fertig" ? (
        <>
          <h2 id={ENDE_ID} tabIndex={-1} className="text-xl font-bold">
            {t("personenimport:fortschritt.fertigTitel")}
          </h2>
          <Notice tone="success">
            <p>{t("personenimport:fortschritt.fertigHinweis")}</p>
          </Notice>
          <p>
            <a href={input.ergebnis} className="btn-primary inline-block">
              {t("personenimport:fortschritt.zumErgebnis")}
            </a>
          </p>
        </>
      ) : (
        <>
          <h2 id={ENDE_ID} tabIndex={-1} className="text-xl font-bold">
            {ende.art === "fehler" ? t(errorTitleKey(ende.code)) : t(`personenimport:fortschritt.${ende.art}.titel`)}
          </h2>
          <Notice tone={ende.art === "fehler" ? "error" : "warning"}>
            <p>{ende.art === "fehler" ? t(errorMessageKey(ende.code)) : t(`personenimport:fortschritt.${ende.art}.text`)}</p>
          </Notice>
          <p className="flex flex-wrap gap-4">
            <a href={input.ergebnis} className="font-semibold text-primary underline">
              {t("personenimport:fortschritt.zumImport")}
            </a>
            <a href={IMPORT_PFAD} className="font-semibold text-primary underline">
              {t("personenimport:fortschritt.zurUebersicht")}
            </a>
          </p>
        </>
      )}
    </section>,
  );
  const fokus = `<script nonce="${input.nonce}">window.importEnde&&window.importEnde(${ende.art === "fertig"})</script>`;
  return `${schritt}${PROGRESS_END}${body}${fokus}${pageFrameEnd()}`;
}

/** With JavaScript, a finished import goes on to its result by itself; otherwise the focus moves to the last words. */
function weiterSkript(nonce: string, ergebnis: string): string {
  const ziel = JSON.stringify(ergebnis).replace(/</g, "\\u003c");
  return `<script nonce="${nonce}">window.importEnde=function(fertig){if(fertig){location.replace(${ziel});return;}var h=document.getElementById("${ENDE_ID}");if(h)h.focus();};</script>`;
}
