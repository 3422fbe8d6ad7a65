import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { DialogCancel, DialogLink, RouteDialog } from "~/components/route-dialog";
import type { RouteDialogControl } from "~/hooks/use-route-dialog";
import { EXTERNAL_LINKS } from "~/external-links";
import type { ZweiFaktorView } from "~/features/zwei-faktor/views";
import { TOKEN_ZURUECKSETZEN, ZWEI_FAKTOR_EINRICHTEN } from "./dialog-names";

/**
 * The two-factor section's content (inventory §4.8.6): the token (software, or hardware with its serial) or none, what
 * that means, and the way on – reset an existing token, set one up otherwise. While the token service cannot be
 * reached, or the state is unknown, it says so and offers nothing to do.
 */
export function ZweiFaktorStatus({ view }: { view: ZweiFaktorView }) {
  const { t } = useTranslation();
  const { token, error, required } = view;
  if (!token) {
    return (
      <div className="mb-4">
        <p className="mb-2">{t(error === "PI_UNAVAILABLE_ERROR" ? "zweiFaktor:unreachable" : "zweiFaktor:unknownState")}</p>
        <HelpdeskHinweis />
      </div>
    );
  }
  if (!token.hasToken) {
    return (
      <>
        <p className="mb-4">{t("personDetails:twoFactorNone")}</p>
        <DialogLink name={ZWEI_FAKTOR_EINRICHTEN} className="btn-primary">
          {t("zweiFaktor:setUpOpen")}
        </DialogLink>
      </>
    );
  }
  return (
    <>
      <p className="mb-2">
        {t(token.kind === "hardware" ? "personDetails:twoFactorHardware" : "personDetails:twoFactorSoftware")}
        {token.serial ? <> {t("personDetails:twoFactorSerial", { serial: token.serial })}</> : null}
      </p>
      {required ? null : <p className="mb-2">{t("zweiFaktor:notRequiredAnymore")}</p>}
      <p className="mb-4">{t("zweiFaktor:resetFirst")}</p>
      <DialogLink name={TOKEN_ZURUECKSETZEN} className="btn-primary">
        {t("zweiFaktor:resetOpen")}
      </DialogLink>
    </>
  );
}

/** Where help is when the token service fails: the helpdesk of the operator. */
export function HelpdeskHinweis() {
  const { t } = useTranslation();
  return (
    <p>
      {t("zweiFaktor:helpdesk")}{" "}
      <a href={EXTERNAL_LINKS.helpdesk} className="text-primary underline">
        {t("zweiFaktor:helpdeskLink")}
      </a>
    </p>
  );
}

/** A set-up dialog opened where nothing can be set up: the person has a token already, or its state is unknown. */
export function EinrichtenNichtMoeglich({
  dialog,
  title,
  name,
  view,
  formId,
}: {
  dialog: RouteDialogControl;
  title: string;
  name: string;
  view: ZweiFaktorView;
  formId: string;
}) {
  const { t } = useTranslation();
  return (
    <RouteDialog dialog={dialog} title={title}>
      <FormError id={`${formId}-fehler`} code={view.error}>
        <HelpdeskHinweis />
      </FormError>
      {view.token ? <p className="mb-6">{t("zweiFaktor:setUp.alreadySetUp", { name })}</p> : null}
      <div className="flex justify-end">
        <DialogCancel dialog={dialog}>{t("zweiFaktor:qr.close")}</DialogCancel>
      </div>
    </RouteDialog>
  );
}
