import { useTranslation } from "react-i18next";
import { EXTERNAL_LINKS } from "~/external-links";

const FOOTER_LINKS = [
  { key: "footer.contact", href: EXTERNAL_LINKS.helpdesk },
  { key: "footer.help", href: EXTERNAL_LINKS.paedagogicalHelpdesk },
  { key: "footer.legal", href: EXTERNAL_LINKS.legal },
  { key: "footer.privacy", href: EXTERNAL_LINKS.privacy },
  { key: "footer.accessibility", href: EXTERNAL_LINKS.accessibility },
  { key: "footer.status", href: EXTERNAL_LINKS.status },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="mt-8 border-t border-gray-300 bg-primary-light">
      <div className="mx-auto flex max-w-screen-2xl flex-col gap-4 px-4 py-6 md:flex-row md:items-center md:justify-between">
        <nav aria-label={t("footer.navigation")}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.key}>
                <a href={link.href} target="_blank" rel="noreferrer" className="text-primary underline">
                  {t(link.key)}
                  <span className="sr-only"> {t("layout.opensInNewTab")}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-6">
          <a href={EXTERNAL_LINKS.digitalPakt} target="_blank" rel="noreferrer">
            <img src="/logo-digitalpakt.svg" alt={t("footer.digitalPaktLogo")} width="160" height="40" />
            <span className="sr-only"> {t("layout.opensInNewTab")}</span>
          </a>
          <a href={EXTERNAL_LINKS.landesmarke} target="_blank" rel="noreferrer">
            <img src="/logo-landesmarke.svg" alt={t("footer.landesmarkeLogo")} width="160" height="40" />
            <span className="sr-only"> {t("layout.opensInNewTab")}</span>
          </a>
        </div>
      </div>
    </footer>
  );
}
