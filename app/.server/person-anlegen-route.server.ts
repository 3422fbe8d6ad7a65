import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ANLEGEN_VARIANTEN, type AnlegenVariante } from "~/person-anlegen";
import { returnPathFrom } from "~/return-path";
import { readFormData } from "./form-data.server";
import { guardWhileLoading, requireAdmin } from "./guards.server";
import { anlegenAction, anlegenStart } from "./person-anlegen.server";
import { withUpstreamSession } from "./responses.server";

/** Where "Abbrechen" and "Zurück zur Ergebnisliste" lead unless the list passed its own address. */
const LIST_PATH = "/admin/personen";

/**
 * The loader and action of both creation routes: each checks its own variant's permissions and level (gold) before
 * anything is shown or written; the step's reads start while the guard decides.
 */
export function anlegenLoader(args: LoaderFunctionArgs, variante: AnlegenVariante) {
  return withUpstreamSession(args, async ({ request }) => {
    const guard = requireAdmin(request, { permissions: ANLEGEN_VARIANTEN[variante].permissions });
    const [, antwort] = await guardWhileLoading(guard, () => anlegenStart(request, variante));
    return { antwort, zurueck: returnPathFrom(new URL(request.url).searchParams, LIST_PATH) };
  });
}

export function anlegenRouteAction(args: ActionFunctionArgs, variante: AnlegenVariante) {
  return withUpstreamSession(args, async ({ request }) => {
    await requireAdmin(request, { permissions: ANLEGEN_VARIANTEN[variante].permissions });
    return anlegenAction(request, variante, await readFormData(request));
  });
}
