import type { ErrorCode } from "~/errors";

/**
 * The files a bulk run offers (inventory §2.8, §4.7.1): semicolon-separated text a spreadsheet opens. A cell that
 * starts like a formula (=, +, -, @, tab, return) gets a leading apostrophe, so opening the file never runs one.
 */

export interface Passwortzeile {
  klasse: string;
  nachname: string;
  vorname: string;
  benutzername: string;
  passwort: string;
}

export interface Fehlerzeile {
  id: string;
  /** "Vorname Nachname (benutzername)" */
  person: string;
  vorname: string;
  nachname: string;
  benutzername: string;
  code: ErrorCode;
}

const FORMULA_START = /^[=+\-@\t\r]/;

export function zelle(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  // A separator, quote or line break inside a value is quoted, as spreadsheets expect.
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const zeile = (cells: string[]) => cells.map(zelle).join(";");

/** `Klasse;Nachname;Vorname;Benutzername;Passwort`, sorted by class and name as a teacher hands them out. */
export function passwortDatei(zeilen: Passwortzeile[]): string {
  const sorted = [...zeilen].sort(
    (a, b) =>
      a.klasse.localeCompare(b.klasse, "de", { numeric: true }) ||
      a.nachname.localeCompare(b.nachname, "de") ||
      a.vorname.localeCompare(b.vorname, "de"),
  );
  return (
    [
      zeile(["Klasse", "Nachname", "Vorname", "Benutzername", "Passwort"]),
      ...sorted.map((z) => zeile([z.klasse, z.nachname, z.vorname, z.benutzername, z.passwort])),
    ].join("\r\n") + "\r\n"
  );
}

/** An intro line naming the action, a blank line, then `Vorname;Nachname;Benutzername;Fehlermeldung`. */
export function fehlerDatei(einleitung: string, zeilen: Array<Fehlerzeile & { meldung: string }>): string {
  return (
    [
      zelle(einleitung),
      "",
      zeile(["Vorname", "Nachname", "Benutzername", "Fehlermeldung"]),
      ...zeilen.map((z) => zeile([z.vorname, z.nachname, z.benutzername, z.meldung])),
    ].join("\r\n") + "\r\n"
  );
}

const KENNUNG = /^[0-9A-Za-z_-]{1,30}$/;

/** The file's name, always the portal's: `PW_<Dienststellennummer>.txt` (or `PW.txt`), the error list with today's date. */
export function dateiname(art: "passwoerter" | "fehler", kennung: string | null, jetzt = new Date()): string {
  if (art === "passwoerter") return kennung && KENNUNG.test(kennung) ? `PW_${kennung}.txt` : "PW.txt";
  const parts = new Intl.DateTimeFormat("de-DE", {
    timeZone: "Europe/Berlin",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).formatToParts(jetzt);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `Fehler-Mehrfachbearbeitung-${part("day")}-${part("month")}-${part("year")}.txt`;
}

/** What the download sends: a byte order mark (spreadsheets then read UTF-8) and Windows line ends. */
export function dateiText(inhalt: string): string {
  return `\uFEFF${inhalt.replace(/\r?\n/g, "\r\n")}`;
}
