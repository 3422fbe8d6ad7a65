import { GERAETEPASSWORT } from "~/features/profil/geraetepasswort";
import { guardWhileLoading, notFound, requireUser } from "../../.server/guards.server";
import { passwordOnce } from "../person/actions/one-time-password.server";
import { hasLehrKontext, myPersonInfo, setOwnDevicePassword } from "../../.server/upstream/self.server";

/**
 * The profile's "Gerätepasswort erzeugen" (inventory §4.6 card 4, PERSONS.md §2.2.10): a teacher's own device
 * password, shown once in the answer. Silver is enough, as for the upstream; for anybody without a teacher's
 * Zuordnung the dialog does not exist.
 */
export async function ownDevicePassword(request: Request) {
  const [, info] = await guardWhileLoading(requireUser(request), () => myPersonInfo(request));
  if (!hasLehrKontext(info)) throw notFound();
  return passwordOnce(request, GERAETEPASSWORT, () => setOwnDevicePassword(request));
}
