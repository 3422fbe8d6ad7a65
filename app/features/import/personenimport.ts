import type { SubmissionResult } from "@conform-to/react";
import type { ImportDataItemErrorKey } from "@contract/responses";
import type { ErrorCode } from "~/errors";

/** Names and addresses of the CSV import (inventory §4.11), shared by its pages and their server modules. */

export const IMPORT_PFAD = "/admin/personen/import";

export const IMPORT_FELD = { schule: "schule", schulsuche: "schulsuche", rolle: "rolle", datei: "datei" } as const;

/** The upstream's limit for the file (5 MB); the portal refuses a larger one before sending it. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const importAdresse = (id: string) => `${IMPORT_PFAD}/${encodeURIComponent(id)}`;
export const fortschrittAdresse = (id: string) => `${importAdresse(id)}/fortschritt`;
export const dateiAdresse = (id: string) => `${importAdresse(id)}/datei`;

/** How the file was read; shown so a wrongly saved file is recognised. */
export const KODIERUNGEN = ["utf-8-bom", "utf-8", "utf-16le", "utf-16be", "windows-1252", "iso-8859-1"] as const;
export type Kodierung = (typeof KODIERUNGEN)[number];
export const isKodierung = (value: unknown): value is Kodierung => (KODIERUNGEN as readonly unknown[]).includes(value);

/** A refused row of the file: its line number (null when it could not be found again), its values and errors. */
export interface Abgelehnt {
  zeile: number | null;
  nachname: string;
  vorname: string;
  klasse: string | null;
  fehler: ImportDataItemErrorKey[];
}

/** What the upload answers when it is not valid: the form's fields, an error above it, or the refused rows. */
export interface ImportFormularAntwort {
  result: SubmissionResult<string[]>;
  error: ErrorCode | null;
  pruefung?: { gesamt: number; abgelehnt: Abgelehnt[]; kodierung: Kodierung };
}
