import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { parseText } from "~/features/personen/personen-list-params.server";
import { klasseOptions, organisationOptions, searchRollen } from "~/features/personen/personen-liste.server";
import { requireAdmin } from "~/.server/guards.server";
import { withUpstreamSession } from "~/.server/responses.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Options of the person list's filters for the combobox, as JSON: `?art=organisation|rolle|klasse&suche=…`
 * (`&schule=…`: the classes, or the roles, of these schools). Guarded like the list itself; odd input gives an empty list, never an error page.
 */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    await requireAdmin(request, { permissions: ["personenverwaltung"] });
    const search = new URL(request.url).searchParams;
    const suche = parseText(search.get("suche"));
    const art = search.get("art");
    if (art === "organisation") return json({ options: (await organisationOptions(request, [], suche)).options });
    const schulen = [...new Set(search.getAll("schule").filter((id) => UUID.test(id)))].slice(0, 50);
    if (art === "rolle") return json({ options: await searchRollen(request, suche, schulen) });
    if (art === "klasse") return json({ options: await klasseOptions(request, schulen, [], suche) });
    return json({ options: [] });
  });
}
