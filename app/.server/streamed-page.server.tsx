import { randomBytes } from "node:crypto";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { AdminNav } from "~/components/admin-nav";
import { Notice } from "~/components/notice";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { loginUrl } from "~/auth-urls";
import { adminNavigation, type NavSection } from "~/permissions";
import { stylesheetHref } from "~/document/stylesheet";
import { errorMessageKey, errorTitleKey, type ErrorCode } from "~/errors";
import { securityHeaders } from "./security.server";

/**
 * A page sent in parts as work goes on (docs/decisions/026, 028): the bulk run, the import's progress, and their
 * refusals, in one frame. The parts are rendered by React (so every text is escaped) but sent one after another,
 * which is why the frame is written as plain strings around them. Progress steps are appended to one container whose
 * CSS shows only the last, so the bar seems to move without any script.
 */

/**
 * `write` gets a `send` for each part; the stream closes when it returns. A part sent after the browser went away is
 * dropped (the work notices through the request's signal). The nonce is for the page's inline script.
 */
export function streamedPage(write: (send: (html: string) => void, nonce: string) => Promise<void>, extraHeaders?: Headers): Response {
  const nonce = randomBytes(16).toString("base64");
  const headers = new Headers(securityHeaders(nonce));
  headers.set("Content-Type", "text/html; charset=utf-8");
  // no-transform: remix-serve's compression would hold the small progress parts back until the end.
  headers.set("Cache-Control", "private, no-store, no-transform");
  headers.set("X-Accel-Buffering", "no");
  for (const cookie of extraHeaders?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (html: string) => {
        try {
          controller.enqueue(encoder.encode(html));
        } catch {
          // The browser went away.
        }
      };
      try {
        await write(send, nonce);
      } finally {
        try {
          controller.close();
        } catch {
          // Already closed by a disconnect.
        }
      }
    },
  });
  return new Response(stream, { status: 200, headers });
}

/** Who is logged in (null: a stranger), for the header and the admin navigation, and the page's path. */
export interface PageFrame {
  user: { displayName: string } | null;
  navigation: NavSection[];
  path: string;
}

export function pageFrameOf(request: Request, user: { displayName: string; rights: ReadonlySet<string> } | null): PageFrame {
  const path = new URL(request.url).pathname;
  return user
    ? { user: { displayName: user.displayName }, navigation: adminNavigation(user.rights), path }
    : { user: null, navigation: [], path };
}

/**
 * The frame's opening: the head, and the portal's own header, admin navigation and the opening of `main`, as every
 * other page has them (the kit's components, rendered without a router: their no-JavaScript form, since no React
 * runs on these pages).
 */
export function pageFrameStart(t: TFunction, title: string, frame: PageFrame): string {
  const head = renderToStaticMarkup(
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{`${title} – ${t("app.name")}`}</title>
      <link rel="stylesheet" href={stylesheetHref} />
    </>,
  );
  const header = renderToStaticMarkup(
    <>
      <a href="#inhalt" className="skip-link">
        {t("layout.skipToContent")}
      </a>
      <SiteHeader user={frame.user} loginHref={loginUrl(frame.path)} currentPath={frame.path} />
    </>,
  );
  const navigation = frame.user ? renderToStaticMarkup(<AdminNav sections={frame.navigation} currentPath={frame.path} />) : "";
  // The same boxes as the root layout, the admin layout and the page's main (root.tsx, routes/admin.tsx, PageMain).
  return (
    `<!DOCTYPE html><html lang="de" class="h-full"><head>${head}</head><body class="flex min-h-full flex-col bg-white text-gray-900">` +
    `${header}<div class="flex flex-1 flex-col"><div class="flex flex-1 flex-col xl:flex-row">${navigation}` +
    '<main id="inhalt" tabindex="-1" class="mx-auto w-full min-w-0 flex-1 space-y-4 px-4 py-6">'
  );
}

/** The frame's end: `main` closed, the portal's footer. */
export function pageFrameEnd(): string {
  return `</main></div></div>${renderToStaticMarkup(<SiteFooter />)}</body></html>`;
}

/**
 * Opens the container of progress steps. The padding comment before it makes browsers that wait for a first kilobyte
 * before painting show the page at once.
 */
export function progressStart(id?: string): string {
  return `<!--${" ".repeat(1024)}--><div${id ? ` id="${id}"` : ""} aria-live="polite" class="[&>*:has(+*)]:hidden">`;
}

/** Closes the container before the result, so only the progress steps replace each other. */
export const PROGRESS_END = "</div>";

/** One progress step: the bar, the count in words, and a notice while the work must not be left. */
export function progressStep(step: { value: number; max: number; label: string; text: string; notice?: ReactNode }): string {
  return renderToStaticMarkup(
    <div className="space-y-2">
      <progress className="h-4 w-full" max={Math.max(step.max, 1)} value={step.value} aria-label={step.label} />
      <p className="font-semibold">{step.text}</p>
      {step.notice ? <Notice tone="warning">{step.notice}</Notice> : null}
    </div>,
  );
}

/**
 * A refusal of a route that answers documents itself, as a German page: a guard's "not found" or a refused form
 * would otherwise reach the browser as the JSON the guards throw.
 */
export function refusalPage(t: TFunction, code: ErrorCode, zurueck: { href: string; text: string }, frame: PageFrame): string {
  const body = renderToStaticMarkup(
    <>
      <h1 className="text-2xl font-bold">{t(errorTitleKey(code))}</h1>
      <p>{t(errorMessageKey(code))}</p>
      <p>
        <a href={zurueck.href} className="font-semibold text-primary underline">
          {zurueck.text}
        </a>
      </p>
    </>,
  );
  return `${pageFrameStart(t, t(errorTitleKey(code)), frame)}${body}${pageFrameEnd()}`;
}
