import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Notice } from "~/components/notice";
import { SUCHE_PATH } from "./landesbedienstete";
import type { GefundenePerson } from "./views";

interface Erfolg {
  schule: string;
  rollen: string;
  befristung: string | null;
  /** The person's page, when the user may open it. */
  personPath: string | null;
}

/** After the save (inventory §4.9.3): what was saved, as the person now has it, and where to go next. */
export function HinzufuegenErfolg({ person, erfolg }: { person: GefundenePerson; erfolg: Erfolg }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t("landesbedienstete:hinzufuegen.success.vorname"), person.vorname],
    [t("landesbedienstete:hinzufuegen.success.familienname"), person.familienname],
    [t("landesbedienstete:hinzufuegen.success.kopers"), person.personalnummer],
    [t("landesbedienstete:hinzufuegen.success.username"), person.username ?? t("landesbedienstete:suche.found.none")],
    [t("landesbedienstete:hinzufuegen.success.schule"), erfolg.schule],
    [t("landesbedienstete:hinzufuegen.success.rollen"), erfolg.rollen],
    [t("landesbedienstete:hinzufuegen.success.befristung"), erfolg.befristung ?? t("landesbedienstete:hinzufuegen.unbefristet")],
  ];
  return (
    <div className="max-w-3xl">
      <h1 className="mb-4 text-2xl font-bold">
        {t("landesbedienstete:hinzufuegen.success.title", { name: `${person.vorname} ${person.familienname}` })}
      </h1>
      <Notice tone="success" className="mb-6">
        <p className="mb-3 font-semibold">{t("landesbedienstete:hinzufuegen.success.intro")}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Notice>
      <div className="flex flex-wrap gap-3">
        <Link to={SUCHE_PATH} className="btn-primary">
          {t("landesbedienstete:hinzufuegen.success.searchAnother")}
        </Link>
        {erfolg.personPath ? (
          <Link to={erfolg.personPath} className="btn-secondary">
            {t("landesbedienstete:hinzufuegen.success.toPerson")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
