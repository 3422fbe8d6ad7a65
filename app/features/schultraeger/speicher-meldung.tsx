import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageKey } from "~/errors";
import { useHydrated } from "~/hooks/use-hydrated";
import { useNamespacesOf } from "~/hooks/use-namespaces";
import { Notice } from "~/components/notice";
import { type Abbruchgrund, type Art, type Eintrag, type SpeicherErgebnis } from "./vormerkung";

/** A staged change with the school's name, as the page lists it. */
export type Aenderung = Eintrag & { art: Art };

export type SpeicherMeldungProps =
  | { antwort: "ungueltig"; fehler: "ungueltig" | "zuViele" }
  | { antwort: "nichtsVorgemerkt" }
  | { antwort: "keinRecht" }
  | { antwort: "ergebnis"; ergebnis: SpeicherErgebnis }
  | {
      antwort: "abgebrochen";
      grund: Abbruchgrund;
      ergebnis: SpeicherErgebnis;
      /** The changes of the part that brought no answer and of the parts after it: not saved, still staged. */
      offen: Aenderung[];
      /** After an expired login: the login, coming back to this page with the rest staged. */
      anmelden?: string;
    };

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
    if (!hydrated) return;
    // After the heading's focus of a client navigation (a save in parts ends with one), which waits a tick itself.
    const timer = setTimeout(() => ref.current?.focus(), 20);
    return () => clearTimeout(timer);
  }, [hydrated]);

  return (
    <div ref={ref} role="alert" tabIndex={-1} autoFocus id="speicher-meldung">
      {answer.antwort === "ungueltig" ? (
        <Notice tone="error" className="mb-4">
          <p>{t(`schultraegerSchulen:hinweis.${answer.fehler}`)}</p>
        </Notice>
      ) : answer.antwort === "nichtsVorgemerkt" || answer.antwort === "keinRecht" ? (
        <Notice tone={answer.antwort === "keinRecht" ? "error" : "info"} className="mb-4">
          <p>{t(`schultraegerSchulen:hinweis.${answer.antwort}`)}</p>
        </Notice>
      ) : answer.antwort === "abgebrochen" ? (
        <Notice tone="error" title={t(`schultraegerSchulen:abbruch.title.${answer.grund}`)} className="mb-4">
          <p>{t(`schultraegerSchulen:abbruch.grund.${answer.grund}`, { count: answer.offen.length })}</p>
          <ErgebnisAbschnitte ergebnis={answer.ergebnis} />
          <Abschnitt
            titel={t("schultraegerSchulen:abbruch.offen", { count: answer.offen.length })}
            eintraege={answer.offen.map((schule) => ({
              ...schule,
              text: t(`schultraegerSchulen:abbruch.${schule.art}`, { schule: schule.label }),
            }))}
          />
          {answer.anmelden ? (
            <p className="mt-3">
              <a href={answer.anmelden} className="text-primary underline">
                {t("schultraegerSchulen:abbruch.anmelden")}
              </a>
            </p>
          ) : null}
        </Notice>
      ) : (
        <Notice
          tone={answer.ergebnis.fehlgeschlagen.length > 0 ? "error" : "warning"}
          title={t(
            answer.ergebnis.gespeichert.length > 0 ? "schultraegerSchulen:ergebnis.title" : "schultraegerSchulen:ergebnis.titleKeine",
          )}
          className="mb-4"
        >
          <ErgebnisAbschnitte ergebnis={answer.ergebnis} />
        </Notice>
      )}
    </div>
  );
}

function ErgebnisAbschnitte({ ergebnis }: { ergebnis: SpeicherErgebnis }) {
  const { t } = useTranslation();
  const { gespeichert, bereits, fehlgeschlagen, uebersprungen } = ergebnis;
  return (
    <>
      <Abschnitt
        titel={t("schultraegerSchulen:ergebnis.gespeichert", { count: gespeichert.length })}
        eintraege={gespeichert.map((schule) => ({
          ...schule,
          text: t(`schultraegerSchulen:ergebnis.${schule.art}`, { schule: schule.label }),
        }))}
      />
      <Abschnitt
        titel={t("schultraegerSchulen:ergebnis.bereits", { count: bereits.length })}
        eintraege={bereits.map((schule) => ({
          ...schule,
          text: t(schule.art === "hinzu" ? "schultraegerSchulen:ergebnis.bereitsHinzu" : "schultraegerSchulen:ergebnis.bereitsWeg", {
            schule: schule.label,
          }),
        }))}
      />
      <Abschnitt
        titel={t("schultraegerSchulen:ergebnis.fehlgeschlagen", { count: fehlgeschlagen.length })}
        eintraege={fehlgeschlagen.map((schule) => ({
          ...schule,
          text: t(schule.art === "hinzu" ? "schultraegerSchulen:ergebnis.fehlerHinzu" : "schultraegerSchulen:ergebnis.fehlerWeg", {
            schule: schule.label,
            grund: t(errorMessageKey(schule.code)),
          }),
        }))}
      />
      <Abschnitt
        titel={t("schultraegerSchulen:ergebnis.uebersprungen", { count: uebersprungen.length })}
        eintraege={uebersprungen.map((schule) => ({
          ...schule,
          text: t(`schultraegerSchulen:grund.${schule.grund}`, { schule: schule.label }),
        }))}
      />
    </>
  );
}

/** One kind of outcome with its schools; nothing when there are none. */
function Abschnitt({ titel, eintraege }: { titel: string; eintraege: { id: string; art: string; text: string }[] }) {
  if (eintraege.length === 0) return null;
  return (
    <>
      <p className="mt-2">{titel}</p>
      <ul className="ml-6 list-disc">
        {eintraege.map((eintrag) => (
          <li key={`${eintrag.art}/${eintrag.id}`}>{eintrag.text}</li>
        ))}
      </ul>
    </>
  );
}
