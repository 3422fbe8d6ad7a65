import { parse } from "csv-parse/sync";

/**
 * The upstream lists the refused rows of an upload by their values, in file order, but without their place in the
 * file. The portal still has the file: it reads it the way the upstream does (`;`, quotes dropped, values trimmed,
 * empty lines skipped) and gives each refused row the line number of the first unused row with the same values, so
 * the administrator can find it in the spreadsheet. Where the file cannot be read here, the rows go without numbers.
 */

export interface Zeilenwerte {
  nachname: string;
  vorname: string;
  /** null or absent: the file has no class column. */
  klasse?: string | null;
}

interface GeleseneZeile {
  zeile: number;
  werte: Record<string, string>;
}

export function zeilennummern(csv: string, abgelehnt: readonly Zeilenwerte[]): (number | null)[] {
  const zeilen = readZeilen(csv);
  if (!zeilen) return abgelehnt.map(() => null);
  let ab = 0;
  const vergeben = new Set<number>();
  return abgelehnt.map((gesucht) => {
    // The refused rows come in file order, so the search goes on from the last match; a row listed out of order is
    // looked for from the start as well.
    const index = findFrom(zeilen, gesucht, ab, vergeben) ?? findFrom(zeilen, gesucht, 0, vergeben);
    if (index === null) return null;
    vergeben.add(index);
    ab = index + 1;
    return zeilen[index].zeile;
  });
}

function findFrom(zeilen: GeleseneZeile[], gesucht: Zeilenwerte, ab: number, vergeben: Set<number>): number | null {
  for (let index = ab; index < zeilen.length; index++) {
    if (!vergeben.has(index) && passt(zeilen[index].werte, gesucht)) return index;
  }
  return null;
}

function passt(werte: Record<string, string>, gesucht: Zeilenwerte): boolean {
  return (
    (werte.nachname ?? "") === gesucht.nachname &&
    (werte.vorname ?? "") === gesucht.vorname &&
    (gesucht.klasse == null || (werte.klasse ?? "") === gesucht.klasse)
  );
}

function readZeilen(csv: string): GeleseneZeile[] | null {
  try {
    const records = parse(csv.replace(/["']/g, ""), {
      delimiter: ";",
      quote: false,
      bom: true,
      trim: true,
      skip_empty_lines: true,
      columns: (names: string[]) => names.map((name) => name.trim().toLowerCase()),
      info: true,
    }) as { record: Record<string, string>; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ zeile: info.lines, werte: record }));
  } catch {
    return null;
  }
}
