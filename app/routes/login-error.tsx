import type { MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { PageMain } from "~/components/page-main";
import { pageTitle } from "~/i18n-static";
import { LOGOUT_URL } from "~/paths";

/** The identity account has no person in the portal (unknown user). No guard: nobody is logged in. */
export default function LoginError() {
  const { t } = useTranslation();
  return (
    <PageMain>
      <section aria-labelledby="titel" className="max-w-2xl rounded border-2 border-[#b35c00] p-6">
        <h1 id="titel" className="mb-3 text-2xl font-bold">
          {t("errors:UNKNOWN_USER.title")}
        </h1>
        <p className="mb-6">{t("errors:UNKNOWN_USER.message")}</p>
        <a href={LOGOUT_URL} className="btn-primary">
          {t("layout.logout")}
        </a>
      </section>
    </PageMain>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("errors:UNKNOWN_USER.title") }];
