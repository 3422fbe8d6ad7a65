import { useTranslation } from "react-i18next";
import type { LockView } from "./views";

/** Lock status (inventory §4.8.7): active, or each lock with who locked, since and until; a KoPers lock explained. */
export function SperrStatus({ locks }: { locks: LockView[] }) {
  const { t } = useTranslation();
  if (locks.length === 0) return <p className="mb-4">{t("personDetails:active")}</p>;
  return (
    <>
      <p className="mb-2 font-semibold">{t("personDetails:locked")}</p>
      <ul className="mb-4 space-y-3">
        {locks.map((lock) => (
          <li key={lock.occasion ?? "unbekannt"} className="rounded border border-gray-300 p-3">
            <p className="font-semibold">
              {t(
                lock.occasion === "MANUELL_GESPERRT"
                  ? "personDetails:manualLock"
                  : lock.occasion === "KOPERS_GESPERRT"
                    ? "personDetails:kopersLock"
                    : "personDetails:unknownLock",
              )}
            </p>
            {lock.occasion === "KOPERS_GESPERRT" ? (
              <p>{t("personDetails:kopersLockExplained")}</p>
            ) : (
              <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
                <dt>{t("personDetails:lockedBy")}</dt>
                <dd>{lock.lockedBy ?? t("personDetails:lockedByUnknown")}</dd>
                {lock.since ? (
                  <>
                    <dt>{t("personDetails:lockedSince")}</dt>
                    <dd>{lock.since}</dd>
                  </>
                ) : null}
                <dt>{t("personDetails:lockedUntil")}</dt>
                <dd>{lock.until ?? t("personDetails:lockedUnlimited")}</dd>
              </dl>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
