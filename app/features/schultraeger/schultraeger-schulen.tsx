import { Link, useBeforeUnload, useBlocker, useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { loginUrl } from "~/auth-urls";
import { errorMessageKey } from "~/errors";
import { useHydrated } from "~/hooks/use-hydrated";
import { useNamespacesOf } from "~/hooks/use-namespaces";
import type { TranslationKey } from "~/i18n";
import { Modal, preloadModal } from "~/components/modal";
import { Notice } from "~/components/notice";
import {
  inTeilen,
  LEERES_ERGEBNIS,
  nachDemSpeichern,
  vormerkungParams,
  zaehlung,
  zusammen,
  type Abbruchgrund,
  type Art,
  type Eintrag,
  type SpeicherErgebnis,
  type TeilAbgebrochen,
  type Vormerkung,
} from "./vormerkung";

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
  gesperrt = null,
}: {
  legend: string;
  name: "hinzu" | "weg";
  schulen: Eintrag[];
  checked: ReadonlySet<string>;
  /** At the maximum of changes: only these (the ticked ones) can still change; the preview says why. */
  gesperrt?: ReadonlySet<string> | null;
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
                disabled={gesperrt !== null && !gesperrt.has(schule.id)}
                aria-describedby={gesperrt !== null && !gesperrt.has(schule.id) ? "vorschau-grenze" : undefined}
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

/** Changes per part of a save that shows its progress: each part's schools are sent a few at a time. */
export const TEIL_GROESSE = 8;

/** A staged change with the school's name, as the page lists it. */
type Aenderung = Eintrag & { art: Art };

interface Lauf {
  teile: Vormerkung[];
  /** The part being sent. */
  index: number;
  ergebnis: SpeicherErgebnis;
  gesamt: number;
  /** The staged schools' names, for what a save that breaks off leaves staged. */
  labels: ReadonlyMap<string, string>;
}

type TeilAntwort = SpeicherMeldungProps | TeilAbgebrochen | undefined;

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

/** What stays staged after an answer: the refused changes, and after a save that broke off the ones not sent. */
export function nochVorgemerkt(answer: SpeicherMeldungProps | undefined): Aenderung[] | null {
  if (answer?.antwort === "ergebnis") return answer.ergebnis.fehlgeschlagen;
  if (answer?.antwort === "abgebrochen") return [...answer.ergebnis.fehlgeschlagen, ...answer.offen];
  return null;
}

/** Marks every part of a save in parts: its failures answer the page instead of the error page. */
export const LAUF_FELD = "lauf";

/**
 * With JavaScript a save of many schools is sent in parts, one after the other, so the page can say how far it is
 * ("16 von 40 Änderungen gespeichert …"). The last part is sent as a plain save when nothing failed before: all saved,
 * the server answers with the page and its message (with the counts of the earlier parts). Otherwise the page is shown
 * again with the combined result, and the refused changes stay staged. A part that brings no answer (network, server
 * error) ends the save: the page says what was saved and keeps the rest staged. An expired login ends it in place
 * (the page could not load again), with a link to log in that comes back with the rest staged. `start` answers false
 * for a save of one part: the form's own post does that, and its busy message says what is going on.
 */
export function useSpeichernInTeilen(action: string) {
  const fetcher = useFetcher<TeilAntwort>({ key: "schultraeger-schulen-speichern" });
  const location = useLocation();
  const navigate = useNavigate();
  const [lauf, setLauf] = useState<Lauf | null>(null);
  const [abbruch, setAbbruch] = useState<SpeicherMeldungProps | null>(null);
  const handled = useRef<unknown>(null);
  // Whether leaving the page is asked first: from the first part until the page shows the result.
  const aktiv = useRef(false);
  const dialog = useVerlassenFragen(lauf, aktiv);

  const senden = (teil: Vormerkung, bisher: SpeicherErgebnis, letzter: boolean) => {
    const formData = new FormData();
    for (const [name, value] of vormerkungParams(teil)) formData.append(name, value);
    formData.set("intent", "speichern");
    formData.set(LAUF_FELD, "1");
    const gezaehlt = zaehlung(bisher);
    formData.set("bisherHinzu", String(gezaehlt.hinzu));
    formData.set("bisherWeg", String(gezaehlt.weg));
    formData.set("bisherBereits", String(gezaehlt.bereits));
    // A middle part, or the last after a failure, answers its result instead of the message.
    if (!letzter || bisher.fehlgeschlagen.length + bisher.uebersprungen.length > 0) formData.set("teil", "1");
    fetcher.submit(formData, { method: "post", action });
  };

  /** This page again, with the way back and `staged`, showing `antwort`. */
  const zeigen = (staged: Vormerkung, antwort: SpeicherMeldungProps) => {
    aktiv.current = false;
    const url = new URL(action, "http://portal.invalid");
    for (const [name, value] of vormerkungParams(staged)) url.searchParams.append(name, value);
    navigate(`${url.pathname}${url.search}`, { replace: true, state: uebergeben(antwort), preventScrollReset: true });
  };

  useEffect(() => {
    if (!lauf || fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    const antwort = fetcher.data;
    if (antwort.antwort !== "ergebnis") aktiv.current = false;
    if (antwort.antwort === "teilAbgebrochen") {
      // This part and the ones after it were not (or not surely) saved: they stay staged, to be saved again.
      const offen = lauf.teile
        .slice(lauf.index)
        .flatMap((teil) => [
          ...teil.hinzu.map((id) => ({ id, label: lauf.labels.get(id) ?? "", art: "hinzu" as const })),
          ...teil.weg.map((id) => ({ id, label: lauf.labels.get(id) ?? "", art: "weg" as const })),
        ]);
      const meldung: SpeicherMeldungProps = { antwort: "abgebrochen", grund: antwort.grund, ergebnis: lauf.ergebnis, offen };
      const staged = { hinzu: [...nachDemSpeichern(lauf.ergebnis).hinzu], weg: [...nachDemSpeichern(lauf.ergebnis).weg] };
      for (const eintrag of offen) staged[eintrag.art].push(eintrag.id);
      if (antwort.grund === "anmeldung") {
        // Loading the page again would only lead to the login: the answer stays here, the link comes back to the rest.
        const url = new URL(action, "http://portal.invalid");
        for (const [name, value] of vormerkungParams(staged)) url.searchParams.append(name, value);
        setAbbruch({ ...meldung, anmelden: loginUrl(`${url.pathname}${url.search}`) });
      } else {
        zeigen(staged, meldung);
      }
      setLauf(null);
      return;
    }
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
    zeigen(nachDemSpeichern(ergebnis), { antwort: "ergebnis", ergebnis });
    setLauf(null);
    // `senden` and `navigate` change with every render; the effect answers each part's answer once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data, lauf]);

  const start = (vormerkung: Vormerkung, labels: ReadonlyMap<string, string>): boolean => {
    const teile = inTeilen(vormerkung, TEIL_GROESSE);
    if (teile.length <= 1) return false;
    handled.current = fetcher.data;
    setAbbruch(null);
    aktiv.current = true;
    setLauf({ teile, index: 0, ergebnis: LEERES_ERGEBNIS, gesamt: vormerkung.hinzu.length + vormerkung.weg.length, labels });
    senden(teile[0], LEERES_ERGEBNIS, false);
    return true;
  };

  const erledigt = lauf ? lauf.teile.slice(0, lauf.index).reduce((sum, teil) => sum + teil.hinzu.length + teil.weg.length, 0) : 0;
  return { start, laeuft: lauf !== null, fortschritt: lauf && { erledigt, gesamt: lauf.gesamt }, abbruch, dialog };
}

/**
 * While a save in parts runs, leaving the page is asked first: the dialog says how much is saved already and that the
 * rest would not be. The save's own navigations (the result, the details page) are not asked (`aktiv` is off then).
 */
function useVerlassenFragen(lauf: Lauf | null, aktiv: { current: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      aktiv.current && currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );
  const laeuft = lauf !== null;
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!laeuft) return;
        event.preventDefault();
        event.returnValue = "";
      },
      [laeuft],
    ),
  );
  useEffect(() => {
    if (laeuft) preloadModal();
  }, [laeuft]);
  // The save ended while the question was open: the page shows its result first, the user leaves afterwards.
  useEffect(() => {
    if (!laeuft && blocker.state === "blocked") blocker.reset();
  }, [laeuft, blocker]);
  const erledigt = lauf ? lauf.teile.slice(0, lauf.index).reduce((sum, teil) => sum + teil.hinzu.length + teil.weg.length, 0) : 0;
  return (
    <Modal
      open={blocker.state === "blocked"}
      onClose={() => blocker.reset?.()}
      title={t("schultraegerSchulen:verlassen.title")}
      description={t("schultraegerSchulen:verlassen.message", { erledigt, gesamt: lauf?.gesamt ?? 0 })}
    >
      <div className="dialog-actions">
        {/* Staying lets the save finish, so it is the first focus. */}
        <button type="button" className="btn-secondary" onClick={() => blocker.reset?.()} data-autofocus>
          {t("schultraegerSchulen:verlassen.bleiben")}
        </button>
        <button type="button" className="btn-danger" onClick={() => blocker.proceed?.()}>
          {t("schultraegerSchulen:verlassen.verlassen")}
        </button>
      </div>
    </Modal>
  );
}
