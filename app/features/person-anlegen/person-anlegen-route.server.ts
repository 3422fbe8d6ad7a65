import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { returnPathFrom } from "~/return-path";
import { answeredByAction, markAnsweredByAction } from "~/.server/request-context.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { withUpstreamSession } from "~/.server/responses.server";
import { assertSameOrigin } from "~/.server/security.server";
import { anlegenAction, anlegenStart } from "./person-anlegen.server";
import { ANLEGEN_VARIANTEN, type AnlegenVariante } from "./varianten";

/** Where "Abbrechen" and "Zurück zur Ergebnisliste" lead unless the list passed its own address. */
const LIST_PATH = "/admin/personen";

/**
 * The loader and action of both creation routes: each checks its own variant's permissions and level (gold) before
 * anything is shown or written; the step's reads start while the guard decides.
 */
export function anlegenLoader(args: LoaderFunctionArgs, variante: AnlegenVariante) {
  return withUpstreamSession(args, async ({ request }) => {
    const guard = requireAdmin(request, { permissions: ANLEGEN_VARIANTEN[variante].permissions });
    const zurueck = returnPathFrom(new URL(request.url).searchParams, LIST_PATH);
    // After the action (a post without JavaScript) the page shows the action's answer: no start needed.
    if (answeredByAction(request)) {
      await guard;
      return { antwort: null, zurueck };
    }
    const [, antwort] = await guardWhileLoading(guard, () => anlegenStart(request, variante));
    return { antwort, zurueck };
  });
}

export function anlegenRouteAction(args: ActionFunctionArgs, variante: AnlegenVariante) {
  return withUpstreamSession(args, async ({ request }) => {
    // A foreign post is refused before anything is read; the step's reads then start while the guard decides.
    assertSameOrigin(request);
    const guard = requireAdmin(request, { permissions: ANLEGEN_VARIANTEN[variante].permissions });
    const answer = await anlegenAction(request, variante, guard);
    markAnsweredByAction(request);
    return answer;
  });
}
