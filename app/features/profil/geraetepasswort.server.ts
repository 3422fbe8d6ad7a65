import { passwordOnce } from "~/features/person/actions/one-time-password.server";
import { loadFunktionen } from "~/.server/upstream/config.server";
import { guardWhileLoading, notFound, requireUser } from "~/.server/guards.server";
import { myPersonInfo, setOwnDevicePassword } from "~/.server/upstream/self.server";
import { hasLehrKontext } from "./profil.server";
import { GERAETEPASSWORT } from "./geraetepasswort";

/**
 * The profile's "Gerätepasswort erzeugen" (inventory §4.6 card 4, PERSONS.md §2.2.10): a teacher's own device
 * password, shown once in the answer. Silver is enough, as for the upstream; for anybody without a teacher's
 * Zuordnung the dialog does not exist.
 */
export async function ownDevicePassword(request: Request) {
  const [, [info, funktionen]] = await guardWhileLoading(requireUser(request), () =>
    Promise.all([myPersonInfo(request), loadFunktionen(request)]),
  );
  // Only a teacher, and only while the upstream offers it (issue 34 §7): the real server does not refuse it itself.
  if (!hasLehrKontext(info) || !funktionen.geraetepasswort) throw notFound();
  return passwordOnce(request, GERAETEPASSWORT, () => setOwnDevicePassword(request));
}
