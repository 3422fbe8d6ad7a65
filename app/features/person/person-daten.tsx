import { useTranslation } from "react-i18next";
import type { PersonView } from "./views";

/** Personal data (inventory §4.8.1): names, username, KoPers row when required or present, e-mail with its status. */
export function PersonDaten({ person }: { person: PersonView }) {
  const { t } = useTranslation();
  const none = t("personDetails:none");
  return (
    <dl className="mb-4 grid max-w-2xl grid-cols-[auto_1fr] gap-x-6 gap-y-2">
      <dt className="font-semibold">{t("person:details.vorname")}</dt>
      <dd>{person.vorname || none}</dd>
      <dt className="font-semibold">{t("person:details.familienname")}</dt>
      <dd>{person.familienname || none}</dd>
      <dt className="font-semibold">{t("person:details.username")}</dt>
      <dd data-testid="benutzername">{person.username ?? none}</dd>
      {person.kopersPflicht || person.personalnummer ? (
        <>
          <dt className="font-semibold">{t("person:details.personalnummer")}</dt>
          <dd>
            {person.personalnummer ?? (
              <>
                <strong className="text-danger">{t("person:details.kopersMissing")}</strong>{" "}
                <span className="text-sm">{t("personDetails:kopersMissingHint")}</span>
              </>
            )}
          </dd>
        </>
      ) : null}
      {person.email ? (
        <>
          <dt className="font-semibold">{t("personDetails:email")}</dt>
          <dd>
            {t("personDetails:emailWithStatus", {
              address: person.email.address,
              status: t(`personDetails:emailStatus.${person.email.status}`),
            })}
          </dd>
        </>
      ) : null}
    </dl>
  );
}
