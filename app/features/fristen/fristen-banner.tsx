import { useFetcher, useLocation } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { LiveRegion, Notice } from "~/components/notice";

/** One deadline as the server prepared it (`fristen.server.ts`): date formatted, urgency decided. */
export interface FristBannerData {
  id: string;
  anlass: "KOPERS" | "NO_KONTEXTE" | "PERSONENKONTEXT_EXPIRES";
  datum: string;
  schule: string;
  rolle: string;
  dringlichkeit: "hinweis" | "dringend" | "erreicht";
}

const DISMISS_ACTION = "/fristen/ausblenden";

/**
 * The deadlines the upstream computed for this account (spec §4 "Banners"), one notice each: urgent ones in red and
 * with a title that says so, the others orange. They are part of the page when it loads and are read with it; no
 * live region announces them. Each can be hidden for the session: without JavaScript a form post that comes back to
 * the page with a message, with JavaScript in place, the focus moving on to the next banner (or the page's heading)
 * and a polite status saying what happened.
 */
export function FristenBanner({ fristen }: { fristen: FristBannerData[] }) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const [dismissedOne, setDismissedOne] = useState(false);

  /** The button that takes the focus when `id`'s banner goes: the next one, else the one before, else the heading. */
  const moveFocusFrom = (id: string) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>("button[data-frist]") ?? [])];
    const index = buttons.findIndex((button) => button.dataset.frist === id);
    const next = buttons[index + 1] ?? buttons[index - 1];
    if (next) return next.focus();
    const heading = document.getElementById("inhalt")?.querySelector("h1");
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus();
  };

  return (
    <>
      {fristen.length > 0 ? (
        <ul ref={list} aria-label={t("fristen.bereich")} className="mb-4 flex flex-col gap-2">
          {fristen.map((frist) => (
            <Banner
              key={frist.id}
              frist={frist}
              onDismiss={() => {
                moveFocusFrom(frist.id);
                setDismissedOne(true);
              }}
            />
          ))}
        </ul>
      ) : null}
      {/* In the page from the start, so the status is heard when it changes. */}
      <LiveRegion urgent={false} className="sr-only">
        {dismissedOne ? t("fristen.ausgeblendet") : null}
      </LiveRegion>
    </>
  );
}

function Banner({ frist, onDismiss }: { frist: FristBannerData; onDismiss: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const fetcher = useFetcher<{ ausgeblendet: string }>({ key: `frist-${frist.id}` });
  const values = { date: frist.datum, schule: frist.schule, rolle: frist.rolle };

  // With JavaScript the page stays: the post asks for data instead of the redirect a plain form gets.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.set("antwort", "daten");
    onDismiss();
    fetcher.submit(form, { method: "post", action: DISMISS_ACTION });
  };
  if (fetcher.state !== "idle" || fetcher.data?.ausgeblendet === frist.id) return null;

  return (
    <li>
      <Notice tone={frist.dringlichkeit === "hinweis" ? "warning" : "error"} title={t(`fristen.titel.${frist.dringlichkeit}`)}>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <p>{t(`fristen.text.${frist.anlass}`, values)}</p>
          <form method="post" action={DISMISS_ACTION} onSubmit={submit} className="shrink-0">
            <input type="hidden" name="frist" value={frist.id} />
            <input type="hidden" name="zurueck" value={pathname} />
            {/* Short on screen; the name says which notice (it contains the visible word, WCAG 2.5.3). */}
            <button
              type="submit"
              data-frist={frist.id}
              aria-label={t(`fristen.ausblenden.${frist.anlass}`, values)}
              className="btn-secondary text-sm"
            >
              {t("fristen.ausblendenKurz")}
            </button>
          </form>
        </div>
      </Notice>
    </li>
  );
}
