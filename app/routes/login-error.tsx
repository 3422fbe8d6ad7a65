import type { MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { NoticePage } from "~/components/notice-page";
import type { HeaderHandle } from "~/components/site-header";
import { pageTitle, type I18nHandle } from "~/i18n";
import { LOGOUT_URL } from "~/auth-urls";

// The page's "Abmelden" is the one way out: the header offers no login beside it. Its texts are an error's.
export const handle: HeaderHandle & I18nHandle = { accountLinks: false, i18n: "errors" };

/** The identity account has no person in the portal (unknown user). No guard: nobody is logged in. */
export default function LoginError() {
  const { t } = useTranslation();
  return (
    <NoticePage title={t("errors:UNKNOWN_USER.title")} tone="warning">
      <p className="mb-6">{t("errors:UNKNOWN_USER.message")}</p>
      <a href={LOGOUT_URL} className="btn-primary">
        {t("layout.logout")}
      </a>
    </NoticePage>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("errors:UNKNOWN_USER.title") }];
