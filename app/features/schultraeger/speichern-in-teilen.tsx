import { useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { loginUrl } from "~/auth-urls";
import { LeaveDialog } from "~/components/leave-dialog";
import { preloadModal } from "~/components/modal";
import { useLeaveGuard } from "~/hooks/use-leave-guard";
import {
  inTeilen,
  LEERES_ERGEBNIS,
  nachDemSpeichern,
  vormerkungParams,
  zaehlung,
  zusammen,
  type SpeicherErgebnis,
  type TeilAbgebrochen,
  type Vormerkung,
} from "./vormerkung";

import type { Aenderung, SpeicherMeldungProps } from "./speicher-meldung";

/** Changes per part of a save that shows its progress: each part's schools are sent a few at a time. */
export const TEIL_GROESSE = 8;

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
  const blocker = useLeaveGuard(useCallback(() => aktiv.current, [aktiv]));
  const laeuft = lauf !== null;
  useEffect(() => {
    if (laeuft) preloadModal();
  }, [laeuft]);
  // The save ended while the question was open: the page shows its result first, the user leaves afterwards.
  useEffect(() => {
    if (!laeuft && blocker.state === "blocked") blocker.reset();
  }, [laeuft, blocker]);
  const erledigt = lauf ? lauf.teile.slice(0, lauf.index).reduce((sum, teil) => sum + teil.hinzu.length + teil.weg.length, 0) : 0;
  return (
    <LeaveDialog
      blocker={blocker}
      message={t("schultraegerSchulen:verlassen.message", { erledigt, gesamt: lauf?.gesamt ?? 0 })}
      texts={{
        title: t("schultraegerSchulen:verlassen.title"),
        stay: t("schultraegerSchulen:verlassen.bleiben"),
        leave: t("schultraegerSchulen:verlassen.verlassen"),
      }}
    />
  );
}
