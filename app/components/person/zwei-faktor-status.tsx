import { useTranslation } from "react-i18next";
import type { PersonDetails } from "~/.server/person-details.server";

/** Two-factor state, read-only: software or hardware token with its serial, none, or that it could not be read. */
export function ZweiFaktorStatus({ state }: { state: PersonDetails["zweiFaktor"] }) {
  const { t } = useTranslation();
  if (state.error !== null) return <p className="mb-4">{t("person:details.twoFactorError")}</p>;
  if (!state.hasToken) return <p className="mb-4">{t("person:details.twoFactorNone")}</p>;
  return (
    <p className="mb-4">
      {t(state.kind === "hardware" ? "person:details.twoFactorHardware" : "person:details.twoFactorSoftware")}
      {state.serial ? <> {t("person:details.twoFactorSerial", { serial: state.serial })}</> : null}
    </p>
  );
}
