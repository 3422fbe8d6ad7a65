import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ColumnHeaders, DataTable } from "~/components/data-table";
import { Notice } from "~/components/notice";
import type { MehrfachAktion } from "./aktionen";

/** What the page of a bulk run's record shows (lauf-ansicht.server.ts). */
export interface LaufAnsicht {
  aktion: MehrfachAktion;
  schule: string | null;
  anzahl: number;
  datum: string;
  uhrzeit: string;
  zustand: "beendet" | "laeuftNoch" | "unterbrochen" | "fortgesetzt";
  zaehlung: { erledigt: number; unveraendert: number; fehler: number; offen: number };
  /** Not done: open, or failed (what finishing does). */
  rest: number;
  personen: { personId: string; bezeichnung: string; status: "offen" | "erledigt" | "unveraendert" | "fehler" }[];
  /** The confirmation page for the open persons, when the run was cut off. */
  fortsetzen: string | null;
  /** The record of the later run that did the open persons. */
  fortgesetzt: string | null;
}

const STATUS_TEXT = {
  offen: "mehrfach:protokoll.statusOffen",
  erledigt: "mehrfach:protokoll.statusErledigt",
  unveraendert: "mehrfach:protokoll.statusUnveraendert",
  fehler: "mehrfach:protokoll.statusFehler",
} as const;

export function LaufProtokoll({ lauf }: { lauf: LaufAnsicht }) {
  const { t } = useTranslation();
  const gestartet = { datum: lauf.datum, uhrzeit: lauf.uhrzeit, count: lauf.anzahl, schule: lauf.schule };
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{t("mehrfach:protokoll.titel")}</h1>
      <p className="mb-1 font-semibold">{t(`mehrfach:aktion.${lauf.aktion}`)}</p>
      <p className="mb-4">{t(lauf.schule ? "mehrfach:protokoll.gestartetAnSchule" : "mehrfach:protokoll.gestartet", gestartet)}</p>
      <Notice tone={lauf.zustand === "unterbrochen" ? "warning" : "info"} className="mb-4">
        <p>{t(`mehrfach:protokoll.${lauf.zustand}`)}</p>
        <p className="mt-2">{t("mehrfach:protokoll.zaehlung", lauf.zaehlung)}</p>
        {lauf.fortgesetzt ? (
          <p className="mt-2">
            <Link to={lauf.fortgesetzt} className="font-semibold text-primary underline">
              {t("mehrfach:protokoll.fortgesetztLink")}
            </Link>
          </p>
        ) : null}
      </Notice>
      {lauf.fortsetzen ? (
        <div className="mb-6">
          <Link to={lauf.fortsetzen} className="btn-primary">
            {t("mehrfach:protokoll.fortsetzen", { count: lauf.rest })}
          </Link>
          <p className="mt-2 text-sm">{t("mehrfach:protokoll.fortsetzenHinweis")}</p>
          {lauf.aktion === "passwort" ? <p className="mt-2 text-sm">{t("mehrfach:protokoll.passwortHinweis")}</p> : null}
        </div>
      ) : null}
      <DataTable caption={t("mehrfach:protokoll.tabelle")}>
        <thead>
          <tr className="border-b">
            <ColumnHeaders columns={[t("mehrfach:protokoll.person"), t("mehrfach:protokoll.status")]} />
          </tr>
        </thead>
        <tbody>
          {lauf.personen.map((person) => (
            <tr key={person.personId} className="border-b">
              <td className="p-2">{person.bezeichnung}</td>
              <td className="p-2">{t(STATUS_TEXT[person.status])}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <p className="mt-8">
        <Link to="/admin/personen" className="font-semibold text-primary underline">
          {t("mehrfach:protokoll.zurueck")}
        </Link>
      </p>
    </>
  );
}

/** Above the person list: a bulk run of this user was cut off; its record shows who is still open. */
export function UnterbrochenerLaufHinweis({ lauf }: { lauf: { aktion: MehrfachAktion; adresse: string } }) {
  const { t } = useTranslation();
  return (
    <Notice tone="warning" className="mb-4">
      <p>{t("mehrfach:protokoll.unterbrochenHinweis", { aktion: t(`mehrfach:aktion.${lauf.aktion}`) })}</p>
      <p className="mt-2">
        <Link to={lauf.adresse} className="font-semibold text-primary underline">
          {t("mehrfach:protokoll.unterbrochenLink")}
        </Link>
      </p>
    </Notice>
  );
}
