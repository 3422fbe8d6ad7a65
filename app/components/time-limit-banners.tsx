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
const KNOWN_OCCASIONS = ["KOPERS", "NO_KONTEXTE", "PERSONENKONTEXT_EXPIRES"] as const;
type KnownOccasion = (typeof KNOWN_OCCASIONS)[number];
const isKnownOccasion = (occasion: string): occasion is KnownOccasion => (KNOWN_OCCASIONS as readonly string[]).includes(occasion);

const URGENT_MS = 14 * 24 * 60 * 60 * 1000;

/** Deadlines the upstream computed for this account; urgent (under 14 days) in red and with its own prefix, else orange. */
export function TimeLimitBanners({ timeLimits }: { timeLimits: TimeLimit[] }) {
  const { t } = useTranslation();
  // A later upstream may add occasions: without a text of ours they are left out rather than shown as a raw key.
  const shown = timeLimits.flatMap((limit) =>
    isKnownOccasion(limit.occasion) && !Number.isNaN(Date.parse(limit.deadline)) ? [{ ...limit, occasion: limit.occasion }] : [],
  );
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
