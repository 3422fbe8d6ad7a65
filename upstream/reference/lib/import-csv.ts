import { CsvError, parse } from "csv-parse/sync";
import { PERSON_NAME_CHARACTERS } from "../../contract/index.ts";

/**
 * The CSV file of an import (PERSONS §2.8 "CSV format"), parsed with csv-parse and the upstream's rules on top:
 * every `"` and `'` is removed from the whole file before parsing (quirk Q11: quoting is impossible, `O'Brien` becomes
 * `OBrien`); delimiter `;` only; the first non-empty line is the header, whose names are trimmed and lower-cased and
 * must each be `nachname`, `vorname` or `klasse`; empty lines are skipped; every value is trimmed; a data line with
 * more or fewer fields than the header rejects the whole file. At most 2001 line breaks (header + 2000 rows; a 2001st
 * row without a trailing line break slips through, as upstream).
 */

export const IMPORT_MAX_USERS = 2000;
export const IMPORT_MAX_FILE_BYTES = 5 * 1024 * 1024;
export const IMPORT_HEADERS = ["nachname", "vorname", "klasse"] as const;
type ImportHeader = (typeof IMPORT_HEADERS)[number];

export type CsvErrorKey =
  | "CSV_FILE_EMPTY_ERROR"
  | "IMPORT_MAX_USERS_LIMIT_ERROR"
  | "CSV_PARSING_ERROR"
  | "CSV_FILE_INVALID_HEADER_ERROR"
  | "CSV_FILE_NO_USERS_ERROR";

/** One data line; a property is absent when the file has no such column. */
export type CsvRow = Partial<Record<ImportHeader, string>>;

export type CsvResult = { ok: true; hasKlasse: boolean; rows: CsvRow[] } | { ok: false; error: CsvErrorKey };

class InvalidHeader extends Error {}

export function parseImportCsv(content: string): CsvResult {
  const text = content.replace(/["']/g, "");
  if (text.length === 0) return { ok: false, error: "CSV_FILE_EMPTY_ERROR" };
  const lineBreaks = text.split("\n").length - 1;
  if (lineBreaks > IMPORT_MAX_USERS + 1) return { ok: false, error: "IMPORT_MAX_USERS_LIMIT_ERROR" };

  let header: string[] = [];
  let rows: CsvRow[];
  try {
    rows = parse(text, {
      delimiter: ";",
      quote: false,
      bom: true,
      trim: true,
      skip_empty_lines: true,
      columns: (names: string[]) => {
        header = names.map((name) => name.trim().toLowerCase());
        if (header.some((name) => !(IMPORT_HEADERS as readonly string[]).includes(name))) throw new InvalidHeader();
        return header;
      },
    }) as CsvRow[];
  } catch (error) {
    if (error instanceof InvalidHeader || (error instanceof CsvError && error.cause instanceof InvalidHeader)) {
      return { ok: false, error: "CSV_FILE_INVALID_HEADER_ERROR" };
    }
    if (error instanceof CsvError) return { ok: false, error: "CSV_PARSING_ERROR" };
    throw error;
  }
  // Only blank lines: no header at all.
  if (header.length === 0) return { ok: false, error: "CSV_FILE_EMPTY_ERROR" };
  if (rows.length === 0) return { ok: false, error: "CSV_FILE_NO_USERS_ERROR" };
  return { ok: true, hasKlasse: header.includes("klasse"), rows };
}

const isDinName = (value: string) => PERSON_NAME_CHARACTERS.test(value.normalize("NFC"));

/**
 * The per-row keys in the upstream's order (class-validator on `CSVImportDataItemDTO`): a DIN 91379 check and a
 * minimum length of 2 for each name (a missing column fails the name check twice, an empty value only the length);
 * a present but empty klasse is too short; a klasse that names no class below the school is not found.
 */
export function rowValidationErrors(row: CsvRow, hasKlasse: boolean, klassen: ReadonlySet<string>): string[] {
  const errors: string[] = [];
  for (const [field, prefix] of [
    ["nachname", "IMPORT_DATA_ITEM_NACHNAME"],
    ["vorname", "IMPORT_DATA_ITEM_VORNAME"],
  ] as const) {
    const value = row[field];
    if (value === undefined) {
      errors.push(`${prefix}_IS_INVALID`, `${prefix}_IS_INVALID`);
      continue;
    }
    if (value !== "" && !isDinName(value)) errors.push(`${prefix}_IS_INVALID`);
    if (value.length < 2) errors.push(`${prefix}_IS_TOO_SHORT`);
  }
  if (hasKlasse) {
    const klasse = row.klasse ?? "";
    if (klasse === "") errors.push("IMPORT_DATA_ITEM_KLASSE_IS_TOO_SHORT");
    else if (!klassen.has(klasse)) errors.push("IMPORT_DATA_ITEM_KLASSE_NOT_FOUND");
  }
  return errors;
}
