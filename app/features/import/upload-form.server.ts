import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z } from "zod";
import { IMPORT_DATA_ITEM_ERROR_KEYS, type ImportDataItemErrorKey } from "@contract/responses";
import type { ErrorCode } from "~/errors";
import { organisationLabel } from "~/organisation-label";
import { readFormData } from "~/.server/form-data.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { invalidForm, refusedForm } from "~/.server/responses.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { deleteImport, importHistory, uploadImport } from "~/.server/upstream/import.server";
import { getOrganisation } from "~/.server/upstream/organisationen.server";
import { workflowStep } from "~/.server/upstream/personenkontext-workflow.server";
import { redirectTo } from "~/.server/redirects.server";
import { IMPORT_FELD, IMPORT_MAX_BYTES, importAdresse, type Abgelehnt, type ImportFormularAntwort, type Kodierung } from "./personenimport";
import { readCsvDatei } from "./kodierung.server";
import { zeilennummern } from "./zeilennummern.server";

/**
 * The import's first page (inventory §4.11): the school (fixed for an administrator of one school), the pupil role
 * and the file; below, the administrator's earlier imports. The school is chosen with a GET (it narrows the roles),
 * the file is posted with the role. The upstream's every import call needs the second factor, so the page does too:
 * a login asked for after the file was chosen would lose the file.
 */

export const IMPORT_RECHTE = { permissions: ["personenverwaltung", "personenimport"] } as const;
const SCHULEN_LIMIT = 25;
const VERLAUF_LIMIT = 20;
const UUID = z.string().uuid();

export async function importFormularLaden(request: Request) {
  const search = new URL(request.url).searchParams;
  const gewaehlt = UUID.safeParse(search.get(IMPORT_FELD.schule)).data ?? null;
  const schulsuche = (search.get(IMPORT_FELD.schulsuche) ?? "").trim().slice(0, 100);
  const [, [schritt, schule, verlauf]] = await guardWhileLoading(requireAdmin(request, IMPORT_RECHTE), () =>
    Promise.all([
      workflowStep(request, {
        operationContext: "PERSON_ANLEGEN",
        organisationId: gewaehlt ?? undefined,
        organisationName: schulsuche || undefined,
        limit: SCHULEN_LIMIT,
      }),
      gewaehlt ? getOrganisation(request, gewaehlt).catch(keineSchule) : Promise.resolve(null),
      importHistory(request, { offset: 0, limit: VERLAUF_LIMIT }),
    ]),
  );
  const schulen = schritt.organisations.filter((org) => org.typ === "SCHULE").map((org) => ({ id: org.id, label: organisationLabel(org) }));
  // An administrator of one school (no search typed) has that school fixed; its roles need the step once more.
  const einzige = !gewaehlt && !schulsuche && schulen.length === 1 ? schulen[0] : null;
  const rollenSchritt = einzige
    ? await workflowStep(request, { operationContext: "PERSON_ANLEGEN", organisationId: einzige.id, limit: SCHULEN_LIMIT })
    : schritt;
  const gewaehlteSchule = einzige ?? (schule && schule.typ === "SCHULE" ? { id: schule.id, label: organisationLabel(schule) } : null);
  const rollen = gewaehlteSchule
    ? rollenSchritt.rollen.filter((rolle) => rolle.rollenart === "LERN").map((rolle) => ({ id: rolle.id, label: rolle.name }))
    : [];
  return {
    schulen,
    schulsuche,
    schule: gewaehlteSchule,
    schuleFest: einzige !== null,
    /** A school was asked for that does not exist or is not one. */
    schuleUnbekannt: gewaehlt !== null && gewaehlteSchule === null,
    rollen,
    verlauf: verlauf.items.map((vorgang) => ({
      id: vorgang.id,
      datum: vorgang.createdAt,
      schule: vorgang.organisationsname,
      rolle: vorgang.rollenname,
      anzahl: vorgang.dataItemCount,
      status: vorgang.status,
    })),
    verlaufGesamt: verlauf.total,
  };
}

function keineSchule(error: unknown): null {
  if (error instanceof UpstreamFailure && error.status === 404) return null;
  throw error;
}

const uploadSchema = z.object({
  [IMPORT_FELD.schule]: z.string({ required_error: "personenimport:feld.schule.fehlt" }).uuid("personenimport:feld.schule.fehlt"),
  [IMPORT_FELD.rolle]: z.string({ required_error: "personenimport:feld.rolle.fehlt" }).uuid("personenimport:feld.rolle.fehlt"),
  [IMPORT_FELD.datei]: z
    .instanceof(File, { message: "personenimport:feld.datei.fehlt" })
    .refine((datei) => datei.size > 0 || datei.name !== "", "personenimport:feld.datei.fehlt")
    .refine((datei) => /\.csv$/i.test(datei.name), "personenimport:feld.datei.keinCsv")
    .refine((datei) => datei.size > 0, "personenimport:feld.datei.leer")
    .refine((datei) => datei.size <= IMPORT_MAX_BYTES, "personenimport:feld.datei.zuGross"),
});

/**
 * The file is read here (encoding detected, sent on as UTF-8) and checked by the upstream. A file with refused rows
 * is answered with the rows and their line numbers, and its upload is deleted at once: nothing of it stays. A valid
 * one leads to its own page, where it is imported.
 */
export async function importHochladen(request: Request) {
  await requireAdmin(request, IMPORT_RECHTE);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: uploadSchema });
  if (submission.status !== "success") return invalidForm(submission);
  const { schule, rolle, datei } = submission.value;
  const gelesen = readCsvDatei(new Uint8Array(await datei.arrayBuffer()));
  let hochgeladen;
  try {
    hochgeladen = await uploadImport(request, {
      organisationId: schule,
      rolleId: rolle,
      csv: `\uFEFF${gelesen.text}`,
      dateiname: "import.csv",
    });
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    return refusedForm(submission, { code: upstreamCode(error.code), status: error.status });
  }
  if (hochgeladen.isValid) {
    throw redirectToVorgang(hochgeladen.importvorgangId, gelesen.kodierung, schule);
  }
  // The refused upload is of no further use; its rows (names of children) are not kept a minute longer than needed.
  await deleteImport(request, hochgeladen.importvorgangId).catch((error: unknown) => {
    console.error("import: deleting a refused upload failed:", error instanceof UpstreamFailure ? error.code : error);
  });
  const nummern = zeilennummern(gelesen.text, hochgeladen.invalidImportDataItems);
  const abgelehnt: Abgelehnt[] = hochgeladen.invalidImportDataItems.map((zeile, index) => ({
    zeile: nummern[index],
    nachname: zeile.nachname,
    vorname: zeile.vorname,
    klasse: zeile.klasse ?? null,
    fehler: [...new Set(zeile.validationErrors)].filter(isZeilenfehler),
  }));
  return data<ImportFormularAntwort>(
    {
      result: submission.reply(),
      error: null,
      pruefung: { gesamt: hochgeladen.totalImportDataItems, abgelehnt, kodierung: gelesen.kodierung },
    },
    { status: 422 },
  );
}

/** The school goes along, so "Andere Datei hochladen" leads back to the form with it chosen. */
function redirectToVorgang(id: string, kodierung: Kodierung, schule: string): Response {
  return redirectTo(`${importAdresse(id)}?${new URLSearchParams({ kodierung, [IMPORT_FELD.schule]: schule })}`, 303);
}

/** A key the upstream has no German text for here is still the upload's failure. */
function upstreamCode(code: ErrorCode): ErrorCode {
  return code === "UNSPECIFIED_ERROR" ? "ERROR_UPLOADING_FILE" : code;
}

const isZeilenfehler = (key: string): key is ImportDataItemErrorKey => (IMPORT_DATA_ITEM_ERROR_KEYS as readonly string[]).includes(key);
