import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";
import type { NavSection } from "~/permissions";
import { EXTERNAL_LINKS } from "~/external-links";
import { AppLink } from "./app-link";
import { Modal, preloadModal } from "./modal";

/**
 * The admin side navigation: a 320 px column from 1280 px on. Below that it is a <details>
 * disclosure that works without JavaScript; once React runs it becomes a Headless UI drawer.
 * Both say whether they are open: the <summary> natively (expanded/collapsed) and with its label,
 * the drawer's button with `aria-expanded`. It needs no router: the streamed pages render it too, as the disclosure.
 */
export function AdminNav({ sections, currentPath }: { sections: NavSection[]; currentPath: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <>
      <aside className="hidden w-[320px] shrink-0 border-r border-gray-300 bg-primary-light xl:block">
        <NavContent sections={sections} currentPath={currentPath} />
      </aside>
      <div className="border-b border-gray-300 bg-primary-light px-4 py-2 xl:hidden">
        {hydrated ? (
          <>
            <button
              type="button"
              className="btn-secondary"
              aria-expanded={drawerOpen}
              aria-haspopup="dialog"
              onPointerEnter={preloadModal}
              onFocus={preloadModal}
              onClick={() => setDrawerOpen(true)}
            >
              {t("nav.open")}
            </button>
            <Modal open={drawerOpen} onClose={closeDrawer} title={t("nav.title")} placement="drawer">
              <button type="button" className="btn-secondary" onClick={closeDrawer} data-autofocus>
                {t("nav.close")}
              </button>
              {/* The dialog's title names this navigation already; a second "Navigation" would be read twice. */}
              <NavContent sections={sections} currentPath={currentPath} onNavigate={closeDrawer} inDialog />
            </Modal>
          </>
        ) : (
          <details className="group">
            <summary className="btn-secondary cursor-pointer list-none">
              <span className="group-open:hidden">{t("nav.open")}</span>
              <span className="hidden group-open:inline">{t("nav.close")}</span>
            </summary>
            <NavContent sections={sections} currentPath={currentPath} />
          </details>
        )}
      </div>
    </>
  );
}

interface NavContentProps {
  sections: NavSection[];
  currentPath: string;
  onNavigate?: () => void;
  inDialog?: boolean;
}

function NavContent({ sections, currentPath, onNavigate, inDialog = false }: NavContentProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={inDialog ? undefined : t("nav.title")} className="px-4 py-4">
      {inDialog ? null : (
        <p className="mb-2 text-lg font-bold" aria-hidden="true">
          {t("nav.title")}
        </p>
      )}
      <NavItem to="/start" label={t("nav.start")} active={currentPath === "/start"} onNavigate={onNavigate} />
      <a href={EXTERNAL_LINKS.adminFaq} target="_blank" rel="noreferrer" className="block rounded px-2 py-1 text-primary underline">
        {t("nav.faq")}
        <span className="sr-only"> {t("layout.opensInNewTab")}</span>
      </a>
      {sections.map((section) => (
        <div key={section.label} className="mt-4">
          <p className="mb-1 text-sm font-bold uppercase tracking-wide text-gray-700">{t(section.label)}</p>
          <ul>
            {section.entries.map((entry) => (
              <li key={entry.to}>
                <NavItem to={entry.to} label={t(entry.label)} active={isCurrent(entry.to, currentPath)} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div className="mt-6 flex flex-col gap-3">
        <img src="/logo-landesmarke.svg" alt={t("footer.landesmarkeLogo")} width="160" height="40" />
        <img src="/logo-digitalpakt.svg" alt={t("footer.digitalPaktLogo")} width="160" height="40" />
      </div>
    </nav>
  );
}

/** The entry of the page shown: its own path exactly (a list's entry is not current on one of its records). */
const isCurrent = (to: string, currentPath: string) => currentPath === to || currentPath === `${to}/`;

function NavItem({ to, label, active, onNavigate }: { to: string; label: string; active: boolean; onNavigate?: () => void }) {
  return (
    <AppLink
      to={to}
      aria-current={active ? "page" : undefined}
      // Choosing the page already shown loads it afresh; filters live in the URL, so they reset.
      onClick={onNavigate}
      className={`block rounded px-2 py-1 ${active ? "bg-primary font-semibold text-white" : "text-primary underline"}`}
    >
      {label}
    </AppLink>
  );
}
