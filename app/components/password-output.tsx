import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";

/**
 * A password shown once (a reset, a new account's start password), as a card to read, copy or print.
 *
 * - Without JavaScript the password sits in a `<details>`: hidden until "Passwort anzeigen" is opened, no script
 *   needed. Copying is by selecting the text; printing by the browser's menu.
 * - With JavaScript it is masked, and a toggle button (`aria-pressed`, the label stays) shows it; "Kopieren" puts it
 *   on the clipboard and says so; "Drucken" opens the print dialog.
 * - Printed, the page shows only this card (print rules in tailwind.css, `data-print-card`), with the password in
 *   plain text even while it is masked on screen: the sheet is what gets handed over.
 *
 * `children` is what the card says about the password (whose it is, the user name); it is printed with it.
 * The password must never reach a URL, a cookie or a log: pass it from an action's answer, not a loader's URL.
 */
export function PasswordOutput({ id, title, password, children }: { id: string; title: string; password: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const titleId = `${id}-titel`;
  return (
    <section id={id} aria-labelledby={titleId} data-print-card className="mb-4 max-w-xl rounded border-2 border-primary p-4">
      <h2 id={titleId} className="mb-2 text-xl font-bold">
        {title}
      </h2>
      {children}
      {hydrated ? (
        <RevealablePassword id={id} password={password} />
      ) : (
        <details className="mt-2 print:hidden">
          <summary className="cursor-pointer font-semibold text-primary underline">{t("fields.password.show")}</summary>
          <p className="mt-2">
            <PasswordText password={password} />
          </p>
        </details>
      )}
      {/* Only on paper: display:none on screen keeps it from screen readers as well. */}
      <p className="hidden print:block">
        {t("fields.password.printLabel")} <PasswordText password={password} />
      </p>
    </section>
  );
}

function RevealablePassword({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const [copy, setCopy] = useState<"copied" | "failed" | null>(null);
  const copyPassword = async () => {
    try {
      // Missing outside a secure context (plain http other than localhost): then the message explains what to do.
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(password);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  };
  return (
    <>
      <p className="mt-2 print:hidden" id={`${id}-passwort`}>
        {shown ? (
          <PasswordText password={password} />
        ) : (
          <>
            <span aria-hidden="true" className="font-mono text-xl tracking-widest">
              ••••••••••••
            </span>
            <span className="sr-only">{t("fields.password.hidden")}</span>
          </>
        )}
      </p>
      <div className="mt-3 flex flex-wrap gap-3 print:hidden">
        <button
          type="button"
          className="btn-secondary aria-pressed:bg-primary-light aria-pressed:shadow-inner"
          aria-pressed={shown}
          aria-controls={`${id}-passwort`}
          onClick={() => setShown(!shown)}
        >
          {t("fields.password.show")}
        </button>
        <button type="button" className="btn-secondary" onClick={copyPassword}>
          {t("fields.password.copy")}
        </button>
        <button type="button" className="btn-secondary" onClick={() => window.print()}>
          {t("fields.password.print")}
        </button>
      </div>
      <p role="status" className="mt-2 text-sm print:hidden">
        {copy ? t(copy === "copied" ? "fields.password.copied" : "fields.password.copyFailed") : ""}
      </p>
    </>
  );
}

/** Monospace and spaced, so that l, 1 and I or O and 0 can be told apart; never translated by the browser. */
function PasswordText({ password }: { password: string }) {
  return (
    <span translate="no" className="break-all font-mono text-xl tracking-wider">
      {password}
    </span>
  );
}
