import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { IMPORT_PFAD, importAdresse } from "~/features/import/personenimport";
import { benutzerdatenDatei, benutzerdatenDateiname } from "~/features/import/datei.server";
import { IMPORT_RECHTE } from "~/features/import/upload-form.server";
import { loadVorgang } from "~/features/import/vorgang.server";
import { getFixedT } from "~/.server/i18n.server";
import { readFormData } from "~/.server/form-data.server";
import { notFound, requireAdmin } from "~/.server/guards.server";
import { asGermanPage } from "~/.server/resource-refusal.server";
import { withUpstreamSession } from "~/.server/responses.server";
import { assertSameOrigin, resourceSecurityHeaders } from "~/.server/security.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { deleteImport } from "~/.server/upstream/import.server";

/**
 * The user data of a finished import as a file, once (inventory §4.11): the rows are read with their start passwords,
 * the file is made, and the import's rows are deleted in the upstream before the file is sent, so the passwords
 * exist nowhere but in this answer. Nothing of it is stored or logged; it is a post, so no address holds it.
 */
const UUID = z.string().uuid();

export function loader({ params }: LoaderFunctionArgs) {
  return redirect(UUID.safeParse(params.id).success ? importAdresse(params.id!) : IMPORT_PFAD);
}

export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    try {
      return await datei(request, params.id ?? "");
    } catch (thrown) {
      const t = await getFixedT(request);
      return asGermanPage(request, thrown, { href: IMPORT_PFAD, text: t("personenimport:seite.zurUebersicht") });
    }
  });
}

async function datei(request: Request, id: string): Promise<Response> {
  assertSameOrigin(request);
  await readFormData(request);
  // The guard sees a GET: a login it asks for keeps no draft of this post (there is nothing to keep).
  await requireAdmin(new Request(request.url, { method: "GET", headers: request.headers }), IMPORT_RECHTE);
  if (!UUID.safeParse(id).success) throw notFound();
  const vorgang = await loadVorgang(request, id, { alleZeilen: () => true });
  // Downloaded already (or never finished): its page says which.
  if (vorgang.status !== "FINISHED" || !vorgang.zeilen) return redirect(importAdresse(id), 303);
  const t = await getFixedT(request);
  const inhalt = benutzerdatenDatei(
    {
      schule: t("personenimport:datei.schule", { schule: vorgang.schule ?? "" }),
      rolle: t("personenimport:datei.rolle", { rolle: vorgang.rolle ?? "" }),
      nichtAngelegt: t("personenimport:datei.nichtAngelegt"),
    },
    vorgang.zeilen,
  );
  await deleteImport(request, id).catch((error: unknown) => {
    // The file is still the user's only copy of the passwords: it is sent; the rows go when the import is deleted.
    console.error("import: deleting the rows after the download failed:", error instanceof UpstreamFailure ? error.code : error);
  });
  const headers = new Headers(resourceSecurityHeaders("text/plain"));
  headers.set("Content-Type", "text/plain; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="${benutzerdatenDateiname()}"`);
  headers.set("Cache-Control", "private, no-store");
  return new Response(inhalt, { status: 200, headers });
}
