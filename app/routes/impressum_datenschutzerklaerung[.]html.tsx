import type { MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { PageMain } from "~/components/page-main";
import { type I18nHandle, pageTitle } from "~/i18n";

export const handle: I18nHandle = { i18n: "portalseiten" };

/** Legal notice, privacy policy and accessibility statement; the footer links to their anchors. */
export default function Legal() {
  const { t } = useTranslation();
  return (
    <PageMain>
      <h1 className="mb-4 text-2xl font-bold">{t("portalseiten:legal.title")}</h1>
      <section aria-labelledby="impressum" className="mb-6">
        <h2 id="impressum" className="mb-2 text-xl font-bold">
          {t("portalseiten:legal.imprint.title")}
        </h2>
        <p>{t("portalseiten:legal.imprint.text")}</p>
      </section>
      <section id="privacy_policy" aria-labelledby="datenschutz" className="mb-6">
        <h2 id="datenschutz" className="mb-2 text-xl font-bold">
          {t("portalseiten:legal.privacy.title")}
        </h2>
        <p>{t("portalseiten:legal.privacy.text")}</p>
      </section>
      <section id="accessibility" aria-labelledby="barrierefreiheit">
        <h2 id="barrierefreiheit" className="mb-2 text-xl font-bold">
          {t("portalseiten:legal.accessibility.title")}
        </h2>
        <p>{t("portalseiten:legal.accessibility.text")}</p>
      </section>
    </PageMain>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("portalseiten:legal.title") }];
