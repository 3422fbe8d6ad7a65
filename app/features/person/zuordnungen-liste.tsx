import { useTranslation } from "react-i18next";
import type { ZuordnungLine } from "./views";

/** School assignments, read-only (inventory §4.8.4): "school: role, class, befristet bis …", one line each. */
export function ZuordnungenListe({ zuordnungen }: { zuordnungen: ZuordnungLine[] }) {
  const { t } = useTranslation();
  if (zuordnungen.length === 0) return <p className="mb-4">{t("personDetails:zuordnungenNone")}</p>;
  return (
    <ul className="mb-4 list-disc space-y-1 pl-6">
      {zuordnungen.map((line) => (
        <li key={line.key}>
          {[
            t("person:details.zuordnungLine", { schule: line.schule, rolle: line.rolle }),
            line.klassen.length ? t("person:details.klasse", { klassen: line.klassen.join(", ") }) : null,
            line.befristung ? t("person:details.befristetBis", { date: line.befristung }) : null,
          ]
            .filter(Boolean)
            .join(", ")}
        </li>
      ))}
    </ul>
  );
}
