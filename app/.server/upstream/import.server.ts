import {
  IMPORT_RESULT_MAX_LIMIT,
  IMPORT_UPLOAD_FIELDS,
  ImportHistoryResponse,
  ImportResultResponse,
  ImportUploadResponse,
  ImportVorgangStatusResponse,
  type ImportHistoryQuery,
} from "@contract";
import { callUpstream, callUpstreamJson, pagingTotal, parseAnswer } from "./client.server";

/** Named calls of the CSV import (PERSONS.md §2.8, CHANGES-SINCE-PIN §3.5); every one needs the gold level. */

const importPath = (id: string, rest = "") => `/api/import/${encodeURIComponent(id)}${rest}`;

/**
 * Uploads the file (already UTF-8) for a check: the upstream stores its rows with their errors and answers how many
 * are ready and which are not. Nothing is created yet.
 */
export function uploadImport(request: Request, input: { organisationId: string; rolleId: string; csv: string; dateiname: string }) {
  const form = new FormData();
  form.set(IMPORT_UPLOAD_FIELDS.organisationId, input.organisationId);
  form.set(IMPORT_UPLOAD_FIELDS.rolleId, input.rolleId);
  form.set(IMPORT_UPLOAD_FIELDS.file, new Blob([input.csv], { type: "text/csv" }), input.dateiname);
  return callUpstreamJson(request, "/api/import/upload", ImportUploadResponse, {
    method: "POST",
    multipart: form,
    defaultError: "ERROR_UPLOADING_FILE",
  });
}

/** Starts the import in the upstream's background (204 at once). */
export async function executeImport(request: Request, importvorgangId: string): Promise<void> {
  await callUpstream(request, "/api/import/execute", { method: "POST", body: { importvorgangId }, defaultError: "ERROR_IMPORTING_FILE" });
}

export function importStatus(request: Request, importvorgangId: string) {
  return callUpstreamJson(request, importPath(importvorgangId, "/status"), ImportVorgangStatusResponse, { defaultError: "IMPORT_ERROR" });
}

/** One page (at most 100) of the import's rows, with the start passwords of the persons created. */
export function importedUsers(request: Request, importvorgangId: string, offset: number, limit = IMPORT_RESULT_MAX_LIMIT) {
  return callUpstreamJson(request, "/api/import/importedUsers", ImportResultResponse, {
    query: { importvorgangId, offset, limit },
    defaultError: "IMPORT_ERROR",
  });
}

/** The caller's own imports, newest first, with the total. */
export async function importHistory(request: Request, query: Pick<ImportHistoryQuery, "offset" | "limit">) {
  const answer = await callUpstream(request, "/api/import/history", { query, defaultError: "IMPORT_ERROR" });
  return { items: parseAnswer(answer, ImportHistoryResponse, "IMPORT_ERROR"), total: pagingTotal(answer) };
}

/** Deletes the import's rows and start passwords (the persons stay): FINISHED becomes COMPLETED, anything else CANCELLED. */
export async function deleteImport(request: Request, importvorgangId: string): Promise<void> {
  await callUpstream(request, importPath(importvorgangId), { method: "DELETE", defaultError: "IMPORT_ERROR" });
}
