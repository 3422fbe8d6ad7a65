import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { can } from "~/permissions";
import { dateiname, dateiText } from "~/features/mehrfach/dateien.server";
import { formRefusal, readFormData } from "~/.server/form-data.server";
import { notFound, requireAdmin } from "~/.server/guards.server";
import { getFixedT } from "~/.server/i18n.server";
import { asGermanPage } from "~/.server/resource-refusal.server";
import { assertSameOrigin, resourceSecurityHeaders } from "~/.server/security.server";

/**
 * Hands a bulk run's file to the browser as a download (docs/decisions/026): the result page posts the text it
 * holds, and it comes back as an attachment. Nothing is stored or logged; the portal never had the file anywhere but
 * in that page. Only the portal's own pages may post here (the guard refuses other sites), and the name is the
 * portal's, never the sender's.
 */
const MAX_FILE_CHARACTERS = 1_000_000;

export function loader() {
  return redirect("/admin/personen");
}

export async function action({ request }: ActionFunctionArgs) {
  try {
    return await datei(request);
  } catch (thrown) {
    // A resource route answers itself: a refusal is a German page, never the guards' JSON.
    const t = await getFixedT(request);
    return asGermanPage(request, thrown, { href: "/admin/personen", text: t("mehrfach:ergebnis.zurueck") });
  }
}

async function datei(request: Request): Promise<Response> {
  assertSameOrigin(request);
  const form = await readFormData(request);
  // The guard sees a GET: a login it asks for must not keep the posted text (new passwords) as a draft in the cookie.
  const user = await requireAdmin(new Request(request.url, { method: "GET", headers: request.headers }), {
    permissions: ["personenverwaltung"],
  });
  if (!can(user, "mehrfachAuswaehlen")) throw notFound();
  const inhalt = form.get("inhalt");
  const art = form.get("art");
  if (typeof inhalt !== "string" || inhalt.length > MAX_FILE_CHARACTERS || (art !== "passwoerter" && art !== "fehler")) {
    throw formRefusal(400, "FORM_UNREADABLE");
  }
  const name = dateiname(art, String(form.get("kennung") ?? ""));
  const headers = new Headers(resourceSecurityHeaders("text/plain"));
  headers.set("Content-Type", "text/plain; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="${name}"`);
  headers.set("Cache-Control", "private, no-store");
  return new Response(dateiText(inhalt), { status: 200, headers });
}
