import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Notice } from "~/components/notice";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Abgelehnt, Kodierung } from "./personenimport";

/**
 * The check of an uploaded file that found refused rows: how many, each with its line number in the file and the
 * German error per field. It answers the upload, so it takes the focus (without JavaScript by `autofocus`).
 */
export function PruefungsErgebnis({ gesamt, abgelehnt, kodierung }: { gesamt: number; abgelehnt: Abgelehnt[]; kodierung: Kodierung }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [abgelehnt]);
  return (
    <div ref={ref} tabIndex={-1} autoFocus={!hydrated} className="mb-6 outline-none focus-visible:ring-2" aria-labelledby="pruefung-titel">
      <Notice tone="error">
        <h2 id="pruefung-titel" className="text-lg font-bold">
          {t("personenimport:pruefung.titel")}
        </h2>
        <p>{t("personenimport:pruefung.zusammenfassung", { count: abgelehnt.length, gesamt })}</p>
        <p>{t("personenimport:pruefung.kodierung", { kodierung: t(`personenimport:kodierung.${kodierung}`) })}</p>
        <ul className="my-2 list-disc space-y-1 pl-6">
          {abgelehnt.map((zeile, index) => (
            <li key={index}>
              <span className="font-semibold">
                {zeile.zeile === null
                  ? t("personenimport:pruefung.zeileUnbekannt")
                  : t("personenimport:pruefung.zeile", { zeile: zeile.zeile })}
              </span>{" "}
              <span className="[overflow-wrap:anywhere]">
                ({[zeile.nachname, zeile.vorname, zeile.klasse || t("personenimport:pruefung.ohneKlasse")].filter(Boolean).join(", ")})
              </span>
              : {zeile.fehler.map((code) => t(`personenimport:zeilenfehler.${code}`)).join("; ")}
            </li>
          ))}
        </ul>
        <p>{t("personenimport:pruefung.korrigieren")}</p>
      </Notice>
    </div>
  );
}
