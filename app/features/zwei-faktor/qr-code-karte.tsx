import { Fragment, useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";
import type { TokenQrCode } from "./views";

/**
 * The QR code of a new software token as a card that prints on its own (the print rules of `data-print-card` in
 * tailwind.css): the code, its account and issuer, and the key to type in by hand. The SVG is the server's drawing of
 * the token service's code. Used by the administrator's set-up for somebody else and by one's own set-up.
 */
export function QrCodeKarte({
  qr,
  title,
  imageLabel,
  instructions,
  printable = true,
  className = "",
  children,
}: {
  qr: TokenQrCode;
  title: string;
  imageLabel: string;
  instructions: string;
  /** The administrator may print it to hand it over; one's own is scanned, not printed. */
  printable?: boolean;
  /** Extra classes, e.g. for its place in a grid. */
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  // The button that made the code is gone: the code's heading takes the focus, so it is read out.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (hydrated) heading.current?.focus();
  }, [hydrated]);
  return (
    <section
      id="qr-code"
      aria-labelledby="qr-code-titel"
      data-print-card
      className={`mb-4 max-w-xl rounded border-2 border-primary p-4 ${className}`}
    >
      <h2 id="qr-code-titel" ref={heading} tabIndex={-1} className="mb-2 text-xl font-bold">
        {title}
      </h2>
      {qr.kind === "svg" ? (
        // The SVG is the qrcode library's drawing of the token service's code, made on the server: no user input in it.
        <div role="img" aria-label={imageLabel} className="mb-3 w-56 max-w-full bg-white" dangerouslySetInnerHTML={{ __html: qr.svg }} />
      ) : (
        <img src={qr.src} alt={imageLabel} className="mb-3 w-56 max-w-full bg-white" />
      )}
      <p className="mb-3">{instructions}</p>
      {qr.kind === "svg" && qr.account ? <p>{t("zweiFaktor:qr.account", { account: qr.account })}</p> : null}
      {qr.kind === "svg" && qr.issuer ? <p>{t("zweiFaktor:qr.issuer", { issuer: qr.issuer })}</p> : null}
      {qr.kind === "svg" && qr.secret ? (
        <dl className="mt-3">
          <dt className="font-semibold">{t("zweiFaktor:qr.secretLabel")}</dt>
          <dd translate="no" className="font-mono text-lg tracking-wider">
            {/* groups of four that never break inside (the key is typed by hand); the line breaks between them */}
            {qr.secret.match(/.{1,4}/g)?.map((group, index) => (
              <Fragment key={index}>
                {index > 0 ? " " : ""}
                <span className="whitespace-nowrap">{group}</span>
              </Fragment>
            ))}
          </dd>
        </dl>
      ) : null}
      {children}
      {printable ? (
        hydrated ? (
          <button type="button" className="btn-secondary mt-4 print:hidden" onClick={() => window.print()}>
            {t("zweiFaktor:qr.print")}
          </button>
        ) : (
          <p className="mt-4 text-sm print:hidden">{t("zweiFaktor:qr.printHint")}</p>
        )
      ) : null}
    </section>
  );
}
