import { useTranslation } from "react-i18next";
import { FoldedList } from "~/components/folded-list";
import type { TranslationKey } from "~/i18n";

/** A text with its values, as the server resolved it. */
interface Label {
  key: TranslationKey;
  values?: Record<string, string>;
}

interface Angebot {
  id: string;
  name: string;
}

/** What the role screens show of a role (the server's `rolleView`). */
export interface RolleAnsicht {
  name: string;
  ebene: string;
  rollenart: Label;
  merkmale: Label[];
  angebote: Angebot[];
  systemrechte: Array<{ name: string; label: Label; beschreibung: Label }>;
}

/** A role's merkmale as a comma list, or the word for none. */
export function RolleLabels({ labels }: { labels: Label[] }) {
  const { t } = useTranslation();
  if (labels.length === 0) return <>{t("rollen:keine")}</>;
  return <>{labels.map((label) => t(label.key, label.values)).join(", ")}</>;
}

/** Up to this many offers are listed openly; more fold into a disclosure that names their number. */
const OPEN_ANGEBOTE = 5;

/**
 * A role's offers, every one of them (the original cut them with an ellipsis). A long list stays compact: its count,
 * and the offers behind a native disclosure, which opens by keyboard and works without JavaScript.
 */
export function RolleAngebote({ angebote }: { angebote: Angebot[] }) {
  const { t } = useTranslation();
  return (
    <FoldedList
      items={angebote.map((angebot) => ({ key: angebot.id, label: angebot.name }))}
      openUpTo={OPEN_ANGEBOTE}
      empty={t("rollen:keine")}
      summary={t("rollen:list.angeboteCount", { count: angebote.length })}
    />
  );
}

/** The six fields of a role, read-only: its page, the summary after creating it. */
export function RolleDaten({ rolle }: { rolle: RolleAnsicht }) {
  const { t } = useTranslation();
  return (
    <dl className="mb-6 grid max-w-3xl grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold">{t("rollen:fields.ebene")}</dt>
      <dd>{rolle.ebene}</dd>
      <dt className="font-semibold">{t("rollen:fields.rollenart")}</dt>
      <dd>{t(rolle.rollenart.key, rolle.rollenart.values)}</dd>
      <dt className="font-semibold">{t("rollen:fields.name")}</dt>
      <dd>{rolle.name}</dd>
      <dt className="font-semibold">{t("rollen:fields.merkmale")}</dt>
      <dd>
        <RolleLabels labels={rolle.merkmale} />
      </dd>
      <dt className="font-semibold">{t("rollen:fields.angebote")}</dt>
      <dd>
        {rolle.angebote.length === 0 ? (
          t("rollen:keine")
        ) : (
          <ul className="space-y-1">
            {rolle.angebote.map((angebot) => (
              <li key={angebot.id}>{angebot.name}</li>
            ))}
          </ul>
        )}
      </dd>
      <dt className="font-semibold">{t("rollen:fields.systemrechte")}</dt>
      <dd>
        {rolle.systemrechte.length === 0 ? (
          t("rollen:keine")
        ) : (
          <ul className="space-y-1">
            {rolle.systemrechte.map((recht) => (
              <li key={recht.name}>{t(recht.label.key, recht.label.values)}</li>
            ))}
          </ul>
        )}
      </dd>
    </dl>
  );
}
