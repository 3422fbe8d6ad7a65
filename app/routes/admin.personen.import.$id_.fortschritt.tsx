import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { IMPORT_PFAD } from "~/features/import/personenimport";
import { importFortschritt } from "~/features/import/fortschritt.server";
import { getFixedT } from "~/.server/i18n.server";
import { asGermanPage } from "~/.server/resource-refusal.server";
import { withUpstreamSession } from "~/.server/responses.server";

/**
 * The import's progress as a streamed page (docs/decisions/028): the post starts a checked import, a GET follows one
 * that runs. A resource route, because Remix would read a route's whole answer before sending it.
 */
export function loader(args: LoaderFunctionArgs) {
  return folgen(args, false);
}

export function action(args: ActionFunctionArgs) {
  return folgen(args, true);
}

function folgen(args: LoaderFunctionArgs | ActionFunctionArgs, starten: boolean) {
  return withUpstreamSession(args, async ({ request, params }) => {
    try {
      return await importFortschritt(request, params.id ?? "", { starten });
    } catch (thrown) {
      const t = await getFixedT(request);
      return asGermanPage(request, thrown, { href: IMPORT_PFAD, text: t("personenimport:seite.zurUebersicht") });
    }
  });
}
