import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageKey } from "~/errors";
import { useHydrated } from "~/hooks/use-hydrated";
import { useNamespacesOf } from "~/hooks/use-namespaces";
import type { TranslationKey } from "~/i18n";
import type { Eintrag, SpeicherErgebnis } from "~/schultraeger-schulen/vormerkung";
import { Notice } from "./notice";

/** Pieces of a Schulträger's school assignment page (`/admin/schultraeger/{id}/schulen`, decision 020). */

/** Schools with a checkbox each, named by the school: ticked ones are staged (`weg` to remove, `hinzu` to add). */
export function SchulAuswahl({
  legend,
  name,
  schulen,
  checked,
}: {
  legend: string;
  name: "hinzu" | "weg";
  schulen: Eintrag[];
  checked: ReadonlySet<string>;
}) {
  return (
    <fieldset className="mb-4">
      <legend className="mb-2 font-semibold">{legend}</legend>
      <ul className="space-y-1">
        {schulen.map((schule) => (
          <li key={schule.id}>
            <label className="flex items-start gap-2">
              <input type="checkbox" name={name} value={schule.id} defaultChecked={checked.has(schule.id)} className="mt-1 h-5 w-5 shrink-0" />
              <span>{schule.label}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** One part of the preview: a heading with the count and the schools, nothing when empty. */
export function VorschauListe({ titel, schulen }: { titel: TranslationKey; schulen: Eintrag[] }) {
  const { t } = useTranslation();
  if (schulen.length === 0) return null;
  return (
    <>
      <h3 className="font-semibold">{t(titel, { count: schulen.length })}</h3>
      <ul className="mb-3 ml-6 list-disc">
        {schulen.map((schule) => (
          <li key={schule.id}>{schule.label}</li>
        ))}
      </ul>
    </>
  );
}

export type SpeicherMeldungProps =
  | { antwort: "ungueltig"; fehler: "ungueltig" | "zuViele" }
  | { antwort: "nichtsVorgemerkt" }
  | { antwort: "ergebnis"; ergebnis: SpeicherErgebnis };

/**
 * The answer of a save that stayed on the page. It answers the user's submit, so it takes the focus (decision 010):
 * without JavaScript by `autofocus`, with it when it appears.
 */
export function SpeicherMeldung({ answer }: { answer: SpeicherMeldungProps }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const ergebnis = answer.antwort === "ergebnis" ? answer.ergebnis : null;
  useNamespacesOf(ergebnis?.fehlgeschlagen.map((schule) => errorMessageKey(schule.code)) ?? []);
  useEffect(() => {
    if (hydrated) ref.current?.focus();
  }, [hydrated]);

  return (
    <div ref={ref} role="alert" tabIndex={-1} autoFocus id="speicher-meldung">
      {answer.antwort === "ungueltig" ? (
        <Notice tone="error" className="mb-4">
          <p>{t(`schultraegerSchulen:hinweis.${answer.fehler}`)}</p>
        </Notice>
      ) : answer.antwort === "nichtsVorgemerkt" ? (
        <Notice tone="info" className="mb-4">
          <p>{t("schultraegerSchulen:hinweis.nichtsVorgemerkt")}</p>
        </Notice>
      ) : (
        <ErgebnisListen ergebnis={answer.ergebnis} />
      )}
    </div>
  );
}

function ErgebnisListen({ ergebnis }: { ergebnis: SpeicherErgebnis }) {
  const { t } = useTranslation();
  const { gespeichert, fehlgeschlagen, uebersprungen } = ergebnis;
  return (
    <Notice tone={fehlgeschlagen.length > 0 ? "error" : "warning"} title={t("schultraegerSchulen:ergebnis.title")} className="mb-4">
      {gespeichert.length > 0 ? (
        <>
          <p className="mt-2">{t("schultraegerSchulen:ergebnis.gespeichert", { count: gespeichert.length })}</p>
          <ul className="ml-6 list-disc">
            {gespeichert.map((schule) => (
              <li key={`${schule.art}/${schule.id}`}>{t(`schultraegerSchulen:ergebnis.${schule.art}`, { schule: schule.label })}</li>
            ))}
          </ul>
        </>
      ) : null}
      {fehlgeschlagen.length > 0 ? (
        <>
          <p className="mt-2">{t("schultraegerSchulen:ergebnis.fehlgeschlagen", { count: fehlgeschlagen.length })}</p>
          <ul className="ml-6 list-disc">
            {fehlgeschlagen.map((schule) => (
              <li key={`${schule.art}/${schule.id}`}>
                {t(schule.art === "hinzu" ? "schultraegerSchulen:ergebnis.fehlerHinzu" : "schultraegerSchulen:ergebnis.fehlerWeg", {
                  schule: schule.label,
                  grund: t(errorMessageKey(schule.code)),
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {uebersprungen.length > 0 ? (
        <>
          <p className="mt-2">{t("schultraegerSchulen:ergebnis.uebersprungen", { count: uebersprungen.length })}</p>
          <ul className="ml-6 list-disc">
            {uebersprungen.map((schule) => (
              <li key={`${schule.art}/${schule.id}`}>{t(`schultraegerSchulen:grund.${schule.grund}`, { schule: schule.label })}</li>
            ))}
          </ul>
        </>
      ) : null}
    </Notice>
  );
}
