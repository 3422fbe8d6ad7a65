import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { formRefusal, readFormData } from "~/.server/form-data.server";
import { notFound, requireAdmin } from "~/.server/guards.server";
import { resourceSecurityHeaders } from "~/.server/security.server";

/**
 * Hands a bulk run's file to the browser as a download (docs/decisions/026): the result page posts the text it
 * holds, and it comes back as an attachment. Nothing is stored or logged; the portal never had the file anywhere but
 * in that page. Only the portal's own pages may post here (the guard refuses other sites), and the name is the
 * portal's, never the sender's.
 */
const MAX_FILE_CHARACTERS = 1_000_000;
const KENNUNG = /^[0-9A-Za-z_-]{1,30}$/;

export function loader() {
  return redirect("/admin/personen");
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request, { permissions: ["personenverwaltung"] });
  if (!user.rights.has("BULK_VERWALTEN")) throw notFound();
  const form = await readFormData(request);
  const inhalt = form.get("inhalt");
  const art = form.get("art");
  if (typeof inhalt !== "string" || inhalt.length > MAX_FILE_CHARACTERS || (art !== "passwoerter" && art !== "fehler")) {
    throw formRefusal(400, "FORM_UNREADABLE");
  }
  const kennung = String(form.get("kennung") ?? "");
  const name =
    art === "passwoerter" ? (KENNUNG.test(kennung) ? `PW_${kennung}.txt` : "PW.txt") : `Fehler-Mehrfachbearbeitung-${heute()}.txt`;
  const headers = new Headers(resourceSecurityHeaders("text/plain"));
  headers.set("Content-Type", "text/plain; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="${name}"`);
  headers.set("Cache-Control", "private, no-store");
  // The byte order mark lets spreadsheet programs read the umlauts as UTF-8.
  return new Response(`\uFEFF${inhalt.replace(/\r?\n/g, "\r\n")}`, { status: 200, headers });
}

/** DD-MM-YYYY in German time, as the original names the error list. */
function heute(): string {
  const parts = new Intl.DateTimeFormat("de-DE", {
    timeZone: "Europe/Berlin",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")}-${part("month")}-${part("year")}`;
}
