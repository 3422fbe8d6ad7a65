import { Link, useLocation, useNavigate } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { DIALOG_STATE } from "~/components/app-link";
import { preloadModal } from "~/components/modal";
import { dialogHref } from "~/components/route-dialog";
import { useRouteDialog } from "~/hooks/use-route-dialog";
import { errorMessageKey } from "~/errors";
import { useHydrated } from "~/hooks/use-hydrated";
import { useNamespacesOf } from "~/hooks/use-namespaces";
import type { MyTwoFactor } from "./views";

const ZweiFaktorDialog = lazy(() => import("./zwei-faktor-dialog").then((module) => ({ default: module.ZweiFaktorDialog })));

/** The dialog's search parameter on the profile. */
export const ZWEI_FAKTOR_EINRICHTEN = "zwei-faktor-einrichten";

/**
 * The profile's two-factor card (inventory §4.6 item 3), shown when an offer of the user's roles needs a second
 * factor: the token there is, or the way to set one up oneself; what to do when the token is lost; or why the state
 * is unknown. Setting up is the page `/profile/zwei-faktor`; with JavaScript the same steps open as a dialog over the
 * profile (`?zwei-faktor-einrichten`). Loaded as a document that address shows the profile: the set-up's own page is
 * the address without JavaScript.
 */
export function ZweiFaktorKarte({ twoFactor }: { twoFactor: MyTwoFactor }) {
  const { state } = twoFactor;
  // Only an upstream failure makes this a text of `errors`: the namespace loads only then.
  useNamespacesOf([twoFactor.error ? errorMessageKey(twoFactor.error) : null]);
  const { t } = useTranslation();
  const dialog = useRouteDialog(ZWEI_FAKTOR_EINRICHTEN);
  return (
    <section aria-labelledby="zwei-faktor" className="rounded border border-gray-400 p-4">
      <h2 id="zwei-faktor" className="mb-3 text-xl font-bold">
        {t("profil:twoFactor.title")}
      </h2>
      {!state ? (
        <p>{t(errorMessageKey(twoFactor.error))}</p>
      ) : state.hasToken ? (
        <>
          <p className="mb-2">
            {t(state.tokenKind === "hardware" ? "profil:twoFactor.hardware" : "profil:twoFactor.software", {
              serial: state.serial ?? "",
            })}
          </p>
          <p className="text-sm text-gray-700">{t("zweiFaktor:self.lost")}</p>
        </>
      ) : (
        <>
          <p className="mb-3">{t("profil:twoFactor.none")}</p>
          <EinrichtenLink label={t("zweiFaktor:self.open")} />
          {dialog.value !== null && !dialog.inline ? (
            <Suspense fallback={null}>
              <ZweiFaktorDialog dialog={dialog} />
            </Suspense>
          ) : null}
        </>
      )}
    </section>
  );
}

/** A link to the set-up's page; with JavaScript it opens the dialog over the profile instead. */
function EinrichtenLink({ label }: { label: string }) {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Link
      to="/profile/zwei-faktor"
      className="btn-primary"
      onPointerEnter={preloadModal}
      onFocus={preloadModal}
      onClick={(event) => {
        if (!hydrated || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(dialogHref(location, ZWEI_FAKTOR_EINRICHTEN), { state: DIALOG_STATE, preventScrollReset: true });
      }}
    >
      {label}
    </Link>
  );
}
