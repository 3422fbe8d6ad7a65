import type { TFunction } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { Notice } from "~/components/notice";
import { errorMessageKey, errorTitleKey, type ErrorCode } from "~/errors";
import { rahmenAnfang, RAHMEN_ENDE } from "~/features/mehrfach/lauf-seite.server";
import { IMPORT_PFAD } from "~/features/import/personenimport";

/**
 * (Not under `.server/`: Tailwind does not look into dot folders.) The page that follows an import while the upstream
 * works on it, streamed part by part as the bulk run's page is (docs/decisions/026, 028): each progress step is
 * appended to a container whose CSS shows only the last, so it moves with or without JavaScript and never reloads.
 * The import itself runs in the upstream: closing this page stops nothing.
 */

type T = TFunction;

const ENDE_ID = "import-ende";

export function fortschrittAnfang(t: T, input: { nonce: string; anzahl: number; ergebnis: string }): string {
  const title = t("personenimport:fortschritt.titel");
  const intro = renderToStaticMarkup(
    <>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p>{t("personenimport:fortschritt.umfang", { count: input.anzahl })}</p>
      <p>{t("personenimport:fortschritt.laeuftWeiter")}</p>
    </>,
  );
  // The padding comment makes browsers that wait for a first kilobyte before painting show the page at once.
  return `${rahmenAnfang(t, title)}${intro}${weiterSkript(input.nonce, input.ergebnis)}<!--${" ".repeat(1024)}--><div aria-live="polite" class="[&>*:has(+*)]:hidden">`;
}

export function fortschrittSchritt(t: T, bearbeitet: number, anzahl: number): string {
  return renderToStaticMarkup(
    <div className="space-y-2">
      <progress className="h-4 w-full" max={Math.max(anzahl, 1)} value={bearbeitet} aria-label={t("personenimport:fortschritt.balken")} />
      <p className="font-semibold">{t("personenimport:fortschritt.stand", { bearbeitet, anzahl })}</p>
    </div>,
  );
}

export type FortschrittEnde =
  { art: "fertig"; anzahl: number } | { art: "fehler"; code: ErrorCode } | { art: "dauertLaenger" } | { art: "sitzung" };

/** The last part: done (with the way to the result), or why the page stops following the import. */
export function fortschrittEnde(t: T, ende: FortschrittEnde, input: { nonce: string; ergebnis: string }): string {
  const schritt =
    ende.art === "fertig"
      ? renderToStaticMarkup(
          <div className="space-y-2">
            <progress
              className="h-4 w-full"
              max={Math.max(ende.anzahl, 1)}
              value={ende.anzahl}
              aria-label={t("personenimport:fortschritt.balken")}
            />
            <p className="font-semibold">{t("personenimport:fortschritt.fertig", { anzahl: ende.anzahl })}</p>
          </div>,
        )
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
  return `${schritt}</div>${body}${fokus}${RAHMEN_ENDE}`;
}

/** With JavaScript, a finished import goes on to its result by itself; otherwise the focus moves to the last words. */
function weiterSkript(nonce: string, ergebnis: string): string {
  const ziel = JSON.stringify(ergebnis).replace(/</g, "\\u003c");
  return `<script nonce="${nonce}">window.importEnde=function(fertig){if(fertig){location.replace(${ziel});return;}var h=document.getElementById("${ENDE_ID}");if(h)h.focus();};</script>`;
}
