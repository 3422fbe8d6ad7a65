import { Link, useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageKey } from "~/errors";
import { useHydrated } from "~/hooks/use-hydrated";
import { useNamespacesOf } from "~/hooks/use-namespaces";
import type { TranslationKey } from "~/i18n";
import {
  inTeilen,
  LEERES_ERGEBNIS,
  nachDemSpeichern,
  vormerkungParams,
  zaehlung,
  zusammen,
  type Eintrag,
  type SpeicherErgebnis,
  type Vormerkung,
} from "~/schultraeger-schulen/vormerkung";
import { Notice } from "./notice";

/** Pieces of a Schulträger's school assignment page (`/admin/schultraeger/{id}/schulen`, decision 020). */

/** The Träger the page is about, its form, and the way back to its details. */
export function SeitenKopf({ traeger, zurueck }: { traeger: { id: string; name: string; schulform: TranslationKey }; zurueck: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="mb-2">
        <Link to={zurueck} className="text-primary underline">
          {t("schultraegerSchulen:backToTraeger")}
        </Link>
      </p>
      <h1 className="mb-2 text-2xl font-bold">{t("schultraegerSchulen:title", { name: traeger.name })}</h1>
      <p className="mb-4">
        {t("schultraeger:fields.form")}: {t(traeger.schulform)}
      </p>
    </>
  );
}

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
              <input
                type="checkbox"
                name={name}
                value={schule.id}
                defaultChecked={checked.has(schule.id)}
                className="mt-1 h-5 w-5 shrink-0"
              />
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
  | { antwort: "keinRecht" }
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
      <Abschnitt
        titel={t("schultraegerSchulen:ergebnis.gespeichert", { count: gespeichert.length })}
        eintraege={gespeichert.map((schule) => ({
          ...schule,
          text: t(`schultraegerSchulen:ergebnis.${schule.art}`, { schule: schule.label }),
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
    </Notice>
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

/** Changes per part of a save that shows its progress: each part's schools are sent a few at a time. */
export const TEIL_GROESSE = 8;

interface Lauf {
  teile: Vormerkung[];
  /** The part being sent. */
  index: number;
  ergebnis: SpeicherErgebnis;
  gesamt: number;
}

type TeilAntwort = SpeicherMeldungProps | undefined;

/**
 * The combined answer of a save in parts, handed to the page it navigates to. It stays in this module, not in the
 * history entry: reloading the page later must not show an old result as if it were new.
 */
let uebergabe: { nummer: number; antwort: SpeicherMeldungProps } | null = null;

function uebergeben(antwort: SpeicherMeldungProps) {
  uebergabe = { nummer: (uebergabe?.nummer ?? 0) + 1, antwort };
  return { uebergabe: uebergabe.nummer };
}

/** The answer handed over with this navigation's state, if it is the one this page session made. */
export function uebergebeneAntwort(state: unknown): SpeicherMeldungProps | undefined {
  const nummer = typeof state === "object" && state !== null ? (state as { uebergabe?: unknown }).uebergabe : undefined;
  return uebergabe && uebergabe.nummer === nummer ? uebergabe.antwort : undefined;
}

/**
 * With JavaScript a save of many schools is sent in parts, one after the other, so the page can say how far it is
 * ("16 von 40 Änderungen gespeichert"). The last part is sent as a plain save when nothing failed before: all saved,
 * the server answers with the page and its message (with the counts of the earlier parts). Otherwise the page is shown
 * again with the combined result, and the refused changes stay staged. `start` answers false for a save of one part:
 * the form's own post does that, and its busy message says what is going on.
 */
export function useSpeichernInTeilen(action: string) {
  const fetcher = useFetcher<TeilAntwort>({ key: "schultraeger-schulen-speichern" });
  const location = useLocation();
  const navigate = useNavigate();
  const [lauf, setLauf] = useState<Lauf | null>(null);
  const handled = useRef<unknown>(null);

  const senden = (teil: Vormerkung, bisher: SpeicherErgebnis, letzter: boolean) => {
    const formData = new FormData();
    for (const [name, value] of vormerkungParams(teil)) formData.append(name, value);
    formData.set("intent", "speichern");
    const gezaehlt = zaehlung(bisher);
    formData.set("bisherHinzu", String(gezaehlt.hinzu));
    formData.set("bisherWeg", String(gezaehlt.weg));
    // A middle part, or the last after a failure, answers its result instead of the message.
    if (!letzter || bisher.fehlgeschlagen.length + bisher.uebersprungen.length > 0) formData.set("teil", "1");
    fetcher.submit(formData, { method: "post", action });
  };

  useEffect(() => {
    if (!lauf || fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    const antwort = fetcher.data;
    if (antwort.antwort !== "ergebnis") {
      // Refused as a whole (the staged set was invalid): the page says so, as after a plain post.
      navigate(`${location.pathname}${location.search}`, { replace: true, state: uebergeben(antwort), preventScrollReset: true });
      setLauf(null);
      return;
    }
    const ergebnis = zusammen(lauf.ergebnis, antwort.ergebnis);
    const next = lauf.index + 1;
    if (next < lauf.teile.length) {
      setLauf({ ...lauf, index: next, ergebnis });
      senden(lauf.teile[next], ergebnis, next === lauf.teile.length - 1);
      return;
    }
    // This page again, with the way back, and the refused changes staged.
    const url = new URL(action, "http://portal.invalid");
    for (const [name, value] of vormerkungParams(nachDemSpeichern(ergebnis))) url.searchParams.append(name, value);
    navigate(`${url.pathname}${url.search}`, {
      replace: true,
      state: uebergeben({ antwort: "ergebnis", ergebnis }),
      preventScrollReset: true,
    });
    setLauf(null);
    // `senden` and `navigate` change with every render; the effect answers each part's answer once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data, lauf]);

  const start = (vormerkung: Vormerkung): boolean => {
    const teile = inTeilen(vormerkung, TEIL_GROESSE);
    if (teile.length <= 1) return false;
    handled.current = fetcher.data;
    setLauf({ teile, index: 0, ergebnis: LEERES_ERGEBNIS, gesamt: vormerkung.hinzu.length + vormerkung.weg.length });
    senden(teile[0], LEERES_ERGEBNIS, false);
    return true;
  };

  const erledigt = lauf ? lauf.teile.slice(0, lauf.index).reduce((sum, teil) => sum + teil.hinzu.length + teil.weg.length, 0) : 0;
  return { start, laeuft: lauf !== null, fortschritt: lauf && { erledigt, gesamt: lauf.gesamt } };
}
