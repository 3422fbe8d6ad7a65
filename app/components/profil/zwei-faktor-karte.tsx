import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { errorMessageKey } from "~/errors";
import { useNamespacesOf } from "~/hooks/use-namespaces";
import type { MyTwoFactor } from "~/.server/upstream/self.server";

/**
 * The profile's two-factor card (inventory §4.6 item 3), shown when an offer of the user's roles needs a second
 * factor: the token there is, or the way to set one up oneself (`/profile/zwei-faktor`); what to do when the token
 * is lost; or why the state is unknown.
 */
export function ZweiFaktorKarte({ twoFactor }: { twoFactor: MyTwoFactor }) {
  const { state } = twoFactor;
  // Only an upstream failure makes this a text of `errors`: the namespace loads only then.
  useNamespacesOf([twoFactor.error ? errorMessageKey(twoFactor.error) : null]);
  const { t } = useTranslation();
  return (
    <section aria-labelledby="zwei-faktor" className="rounded border border-gray-400 p-4">
      <h2 id="zwei-faktor" className="mb-3 text-xl font-bold">
        {t("profile.twoFactor.title")}
      </h2>
      {!state ? (
        <p>{t(errorMessageKey(twoFactor.error))}</p>
      ) : state.hasToken ? (
        <>
          <p className="mb-2">
            {t(state.tokenKind === "hardware" ? "profile.twoFactor.hardware" : "profile.twoFactor.software", {
              serial: state.serial ?? "",
            })}
          </p>
          <p className="text-sm text-gray-700">{t("zweiFaktor:self.lost")}</p>
        </>
      ) : (
        <>
          <p className="mb-3">{t("profile.twoFactor.none")}</p>
          <Link to="/profile/zwei-faktor" className="btn-primary">
            {t("zweiFaktor:self.open")}
          </Link>
        </>
      )}
    </section>
  );
}
