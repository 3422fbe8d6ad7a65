import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ColumnHeaders, DataTable } from "~/components/data-table";
import type { GefundenePerson } from "./views";

/** The one person a search found (inventory §4.10): personal data, the assignments so far, and "add". */
export function SuchErgebnisKarte({ person, hinzufuegen }: { person: GefundenePerson; hinzufuegen: string }) {
  const { t } = useTranslation();
  const name = `${person.vorname} ${person.familienname}`;
  return (
    <section aria-labelledby="ergebnis-titel" className="max-w-3xl rounded border border-gray-300 p-4">
      <h2 id="ergebnis-titel" className="mb-4 text-xl font-bold">
        {t("landesbedienstete:suche.resultTitle")}
      </h2>
      <h3 className="mb-2 text-lg font-bold">{t("landesbedienstete:suche.found.personal")}</h3>
      <GefundenePersonDaten person={person} />
      <h3 className="mb-2 text-lg font-bold">{t("landesbedienstete:suche.found.zuordnungen")}</h3>
      {person.zuordnungen.length === 0 ? (
        <p className="mb-4">{t("landesbedienstete:suche.found.zuordnungenNone")}</p>
      ) : (
        <div className="mb-4">
          <DataTable caption={t("landesbedienstete:suche.found.zuordnungenCaption", { name })}>
            <thead>
              <tr className="border-b-2 border-primary">
                {/* What matters first on a narrow screen: school and role; the number scrolls in last. */}
                <ColumnHeaders
                  columns={[
                    t("landesbedienstete:suche.found.schule"),
                    t("landesbedienstete:suche.found.rolle"),
                    t("landesbedienstete:suche.found.dstNr"),
                  ]}
                />
              </tr>
            </thead>
            <tbody>
              {person.zuordnungen.map((zuordnung) => (
                <tr key={zuordnung.key} className="border-b border-gray-300">
                  <td className="p-2">{zuordnung.schule}</td>
                  <td className="p-2">{zuordnung.rolle}</td>
                  <td className="p-2">{zuordnung.dstNr ?? t("landesbedienstete:suche.found.none")}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </div>
      )}
      <Link to={hinzufuegen} className="btn-primary">
        {t("landesbedienstete:suche.found.add")}
      </Link>
    </section>
  );
}

/** Names, username, KoPers number and e-mail, as found: shown, never editable. */
export function GefundenePersonDaten({ person, email = true }: { person: GefundenePerson; email?: boolean }) {
  const { t } = useTranslation();
  const none = t("landesbedienstete:suche.found.none");
  return (
    <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
      <dt className="font-semibold">{t("landesbedienstete:suche.found.name")}</dt>
      <dd>{`${person.vorname} ${person.familienname}`}</dd>
      <dt className="font-semibold">{t("landesbedienstete:suche.found.username")}</dt>
      <dd>{person.username ?? none}</dd>
      <dt className="font-semibold">{t("landesbedienstete:suche.found.kopers")}</dt>
      <dd>{person.personalnummer}</dd>
      {email ? (
        <>
          <dt className="font-semibold">{t("landesbedienstete:suche.found.email")}</dt>
          <dd className="break-all">{person.email ?? none}</dd>
        </>
      ) : null}
    </dl>
  );
}
