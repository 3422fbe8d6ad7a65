import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import i18next from "i18next";
import { useTranslation } from "react-i18next";
import { errorMessageKey, errorTitleKey, type ErrorCode } from "~/errors";
import { pageTitle } from "~/i18n";
import { NoticePage } from "./notice-page";
import { StepUpLoginLink } from "./step-up-login-link";

/**
 * The one error boundary: not found (also for missing rights), the step-up notice, and German
 * texts for every upstream error code. Nothing technical is shown to the user.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  // An error page can stand in for any route, so it loads the error texts itself (docs/decisions/013).
  const { t } = useTranslation(["common", "errors"]);
  const here = `${location.pathname}${location.search}`;

  if (!isRouteErrorResponse(error)) console.error(error);
  const { status, code, titleKey } = describeError(error);
  const documentTitle = pageTitle(titleKey);

  // The root `meta` names the error in the server's HTML (see `errorPageTitle`). An error thrown
  // while rendering in the browser reaches no `meta`, and the title would still name the page.
  useEffect(() => {
    const before = document.title;
    document.title = documentTitle;
    return () => {
      // Only if no `meta` has set the next page's title in the meantime.
      if (document.title === documentTitle) document.title = before;
    };
  }, [documentTitle]);

  return (
    <NoticePage title={t(titleKey)}>
      {/* The marker tells the browser to load the error texts before hydrating this page (`i18n.client.ts`). */}
      <p className="mb-6" data-texts="errors">
        {t(errorMessageKey(code))}
      </p>
      <div className="flex flex-wrap gap-3">
        {code === "REQUIRED_STEP_UP_LEVEL_NOT_MET" ? <StepUpLoginLink /> : null}
        {status >= 500 ? (
          <a className="btn-primary" href={here}>
            {t("errorPage.retry")}
          </a>
        ) : null}
        <Link className="btn-secondary" to="/start">
          {t("errorPage.toStart")}
        </Link>
      </div>
    </NoticePage>
  );
}

/** The document title of an error page, "Seite nicht gefunden – Schulportal" and the like: for the root `meta`. */
export function errorPageTitle(error: unknown): string {
  return pageTitle(describeError(error).titleKey);
}

function describeError(error: unknown) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const code = errorCodeOf(error) ?? (status === 404 ? "NOT_FOUND" : "UNSPECIFIED_ERROR");
  const titleKey = status === 404 ? "errorPage.notFoundTitle" : errorTitleKey(code);
  return { status, code, titleKey } as const;
}

/**
 * The code the server put into the error's body. The server sends only codes of the catalogue; one from elsewhere
 * (an older portal version, a hand-made request) counts as none. The catalogue is not in the browser's bundle, so
 * the loaded `errors` namespace is asked (on the server the shared instance has it; in the browser the boundary
 * has loaded it before the title is used).
 */
function errorCodeOf(error: unknown): ErrorCode | null {
  if (!isRouteErrorResponse(error)) return null;
  const body: unknown = typeof error.data === "string" ? safeParse(error.data) : error.data;
  const code = typeof body === "object" && body !== null ? (body as { code?: unknown }).code : undefined;
  return typeof code === "string" && i18next.exists(`errors:${code}.title`) ? (code as ErrorCode) : null;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
