import { useTranslation } from "react-i18next";
import { formatDate } from "~/dates";
import { Notice } from "./notice";

interface TimeLimit {
  occasion: string;
  deadline: string;
  school?: string | null;
  rolle?: string | null;
}

// The occasions with a text in locales (the contract's TIME_LIMIT_OCCASIONS; not imported, to keep zod out of the page).
const KNOWN_OCCASIONS = new Set(["KOPERS", "NO_KONTEXTE", "PERSONENKONTEXT_EXPIRES"]);

const URGENT_MS = 14 * 24 * 60 * 60 * 1000;

/** Deadlines the upstream computed for this account; urgent (under 14 days) in red and with its own prefix, else orange. */
export function TimeLimitBanners({ timeLimits }: { timeLimits: TimeLimit[] }) {
  const { t } = useTranslation();
  // A later upstream may add occasions: without a text of ours they are left out rather than shown as a raw key.
  const shown = timeLimits.filter((limit) => KNOWN_OCCASIONS.has(limit.occasion) && !Number.isNaN(Date.parse(limit.deadline)));
  if (shown.length === 0) return null;
  return (
    <ul className="mb-4 flex flex-col gap-2">
      {shown.map((limit) => {
        const urgent = Date.parse(limit.deadline) - Date.now() < URGENT_MS;
        return (
          <li key={`${limit.occasion}-${limit.school ?? ""}-${limit.rolle ?? ""}`}>
            <Notice tone={urgent ? "error" : "warning"}>
              {/* Urgency in words too, not only in colour. */}
              <strong>{t(urgent ? "timeLimits.urgentPrefix" : "timeLimits.prefix")}</strong>{" "}
              {t(`timeLimits.${limit.occasion}`, {
                date: formatDate(limit.deadline),
                schule: limit.school ?? "",
                rolle: limit.rolle ?? "",
              })}
            </Notice>
          </li>
        );
      })}
    </ul>
  );
}
