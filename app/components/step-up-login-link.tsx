import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { loginUrl } from "~/auth-urls";

/** After inactivity the upstream wants the second factor again: log in at gold, come back here. */
export function StepUpLoginLink({ className = "btn-primary" }: { className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <a className={className} href={loginUrl(`${location.pathname}${location.search}`, "gold")}>
      {t("errorPage.stepUpLogin")}
    </a>
  );
}
