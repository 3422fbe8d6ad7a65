import { useTranslation } from "react-i18next";
import { EinmalPasswortDialog } from "~/components/einmal-passwort-dialog";
import { DialogLink } from "~/components/route-dialog";
import type { RouteDialogControl } from "~/hooks/use-route-dialog";

/** The dialog's search parameter on the profile: `/profile?geraetepasswort`. */
export const GERAETEPASSWORT = "geraetepasswort";

/** The profile's card for teachers (inventory §4.6 card 4): what the device password is for, and the way to a new one. */
export function GeraetepasswortKarte() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="geraetepasswort-titel" className="rounded border border-gray-400 p-4">
      <h2 id="geraetepasswort-titel" className="mb-3 text-xl font-bold">
        {t("profil:devicePassword.title")}
      </h2>
      <p className="mb-3">{t("profil:devicePassword.info")}</p>
      <DialogLink name={GERAETEPASSWORT} className="btn-primary">
        {t("profil:devicePassword.open")}
      </DialogLink>
    </section>
  );
}

/** Confirm, then the own device password shown once: a page without JavaScript, a dialog over the profile with it. */
export function GeraetepasswortDialog({ dialog, username }: { dialog: RouteDialogControl; username: string | null }) {
  const { t } = useTranslation();
  const texts = {
    title: t("profil:devicePassword.dialogTitle"),
    question: t("profil:devicePassword.question"),
    info: t("profil:devicePassword.dialogInfo"),
    confirm: t("profil:devicePassword.confirm"),
    done: t("profil:devicePassword.done"),
    outputTitle: t("profil:devicePassword.outputTitle"),
    once: t("profil:devicePassword.once"),
    close: t("profil:devicePassword.close"),
  };
  return (
    <EinmalPasswortDialog name={GERAETEPASSWORT} dialog={dialog} texts={texts}>
      {username ? <p>{t("profil:devicePassword.outputUser", { username })}</p> : null}
    </EinmalPasswortDialog>
  );
}
