import { useTranslation } from "react-i18next";

/** Whom the action is for, by name: open to check before running, folded so a long list does not push the form away. */
export function PersonenUebersicht({
  namen,
  anzahl,
}: {
  namen: Array<{ id: string; name: string; benutzername: string | null }>;
  anzahl: number;
}) {
  const { t } = useTranslation();
  if (namen.length === 0) return null;
  return (
    <details className="mb-4" open={anzahl <= 10}>
      <summary className="cursor-pointer font-semibold">{t("mehrfach:seite.personen", { count: anzahl })}</summary>
      <ul className="mt-2 list-disc pl-6">
        {namen.map((person) => (
          <li key={person.id}>{person.benutzername ? `${person.name} (${person.benutzername})` : person.name}</li>
        ))}
      </ul>
      {anzahl > namen.length ? <p className="mt-2">{t("mehrfach:seite.weiterePersonen", { count: anzahl - namen.length })}</p> : null}
    </details>
  );
}
