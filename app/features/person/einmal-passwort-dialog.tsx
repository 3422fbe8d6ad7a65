import { useTranslation } from "react-i18next";
import { EinmalPasswortDialog } from "~/components/einmal-passwort-dialog";
import type { RouteDialogControl } from "~/hooks/use-route-dialog";
import { PASSWORT, GERAETEPASSWORT } from "./dialog-names";

/** The dialog parameters: `?passwort` and `?geraetepasswort` on the person's page. */
type Kind = typeof PASSWORT | typeof GERAETEPASSWORT;

const SECTION = { passwort: "person:password", geraetepasswort: "personAktionen:devicePassword" } as const;

/** A person's new password or device password, confirmed and then shown once (inventory §4.8.3, §4.8.8). */
export function PersonEinmalPasswortDialog({
  kind,
  dialog,
  person,
}: {
  kind: Kind;
  dialog: RouteDialogControl;
  person: { vorname: string; familienname: string; username: string | null };
}) {
  const { t } = useTranslation();
  const name = `${person.vorname} ${person.familienname}`;
  const section = SECTION[kind];
  const texts = {
    title: t(`${section}.title`),
    question: t(`${section}.question`, { name }),
    info: t(`${section}.info`),
    confirm: t(`${section}.confirm`),
    done: t(`${section}.done`),
    outputTitle: t(`${section}.outputTitle`, { name }),
    once: t(`${section}.once`),
    close: t(`${section}.close`),
  };
  return (
    <EinmalPasswortDialog name={kind} dialog={dialog} texts={texts}>
      {person.username ? <p>{t("person:password.outputUser", { username: person.username })}</p> : null}
    </EinmalPasswortDialog>
  );
}
