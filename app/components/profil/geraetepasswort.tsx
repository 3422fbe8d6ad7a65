import { useTranslation } from "react-i18next";
import { EinmalPasswortDialog } from "~/components/einmal-passwort-dialog";
import { DialogLink, type RouteDialogControl } from "~/components/route-dialog";

/** The dialog's search parameter on the profile: `/profile?geraetepasswort`. */
export const GERAETEPASSWORT = "geraetepasswort";

/** The profile's card for teachers (inventory §4.6 card 4): what the device password is for, and the way to a new one. */
export function GeraetepasswortKarte() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="geraetepasswort-titel" className="rounded border border-gray-400 p-4">
      <h2 id="geraetepasswort-titel" className="mb-3 text-xl font-bold">
        {t("profile.devicePassword.title")}
      </h2>
      <p className="mb-3">{t("profile.devicePassword.info")}</p>
      <DialogLink name={GERAETEPASSWORT} className="btn-primary">
        {t("profile.devicePassword.open")}
      </DialogLink>
    </section>
  );
}

/** Confirm, then the own device password shown once: a page without JavaScript, a dialog over the profile with it. */
export function GeraetepasswortDialog({ dialog, username }: { dialog: RouteDialogControl; username: string | null }) {
  const { t } = useTranslation();
  const texts = {
    title: t("profile.devicePassword.dialogTitle"),
    question: t("profile.devicePassword.question"),
    info: t("profile.devicePassword.dialogInfo"),
    confirm: t("profile.devicePassword.confirm"),
    done: t("profile.devicePassword.done"),
    outputTitle: t("profile.devicePassword.outputTitle"),
    once: t("profile.devicePassword.once"),
    close: t("profile.devicePassword.close"),
  };
  return (
    <EinmalPasswortDialog name={GERAETEPASSWORT} dialog={dialog} texts={texts}>
      {username ? <p>{t("profile.devicePassword.outputUser", { username })}</p> : null}
    </EinmalPasswortDialog>
  );
}
