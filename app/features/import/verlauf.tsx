import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ImportStatus } from "@contract/enums";
import { ColumnHeaders, DataTable } from "~/components/data-table";
import { formatDateTime } from "~/dates";
import { importAdresse } from "./personenimport";

export interface VerlaufEintrag {
  id: string;
  datum: string;
  schule: string;
  rolle: string;
  anzahl: number;
  status: ImportStatus | null;
}

/** The administrator's own imports, newest first: each opens its page (result, download) or is deleted from there. */
export function ImportVerlauf({ eintraege, gesamt }: { eintraege: VerlaufEintrag[]; gesamt: number }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="verlauf-titel" className="mt-10">
      <h2 id="verlauf-titel" className="mb-2 text-xl font-bold">
        {t("personenimport:verlauf.titel")}
      </h2>
      {eintraege.length === 0 ? (
        <p>{t("personenimport:verlauf.leer")}</p>
      ) : (
        <>
          {gesamt > eintraege.length ? (
            <p className="mb-2">{t("personenimport:verlauf.mehr", { anzahl: eintraege.length, gesamt })}</p>
          ) : null}
          <DataTable caption={t("personenimport:verlauf.beschriftung")}>
            <thead>
              <tr className="border-b border-gray-300">
                <ColumnHeaders
                  columns={[
                    t("personenimport:verlauf.datum"),
                    t("personenimport:verlauf.schule"),
                    t("personenimport:verlauf.rolle"),
                    { label: t("personenimport:verlauf.anzahl"), align: "right" },
                    t("personenimport:verlauf.status"),
                    t("personenimport:verlauf.aktionen"),
                  ]}
                />
              </tr>
            </thead>
            <tbody>
              {eintraege.map((eintrag) => {
                const datum = formatDateTime(eintrag.datum);
                return (
                  <tr key={eintrag.id} className="border-b border-gray-200">
                    <td className="whitespace-nowrap p-2">{datum}</td>
                    <td className="min-w-40 p-2">{eintrag.schule}</td>
                    <td className="p-2">{eintrag.rolle}</td>
                    <td className="p-2 text-right">{eintrag.anzahl}</td>
                    <td className="p-2">{t(`personenimport:status.${eintrag.status ?? "unbekannt"}`)}</td>
                    <td className="whitespace-nowrap p-2">
                      <Link
                        to={importAdresse(eintrag.id)}
                        aria-label={t("personenimport:verlauf.anzeigenVon", { datum })}
                        className="mr-4 font-semibold text-primary underline"
                      >
                        {t("personenimport:verlauf.anzeigen")}
                      </Link>
                      <Link
                        to={`${importAdresse(eintrag.id)}?loeschen`}
                        aria-label={t("personenimport:verlauf.loeschenVon", { datum })}
                        className="font-semibold text-danger underline"
                      >
                        {t("personenimport:verlauf.loeschen")}
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </DataTable>
        </>
      )}
    </section>
  );
}
