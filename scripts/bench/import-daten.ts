/**
 * The file `npm run bench -- --import` uploads: `nachname;vorname;klasse`, one pupil per row, spread over the
 * school's existing classes. Deterministic, so runs compare. About one row in twenty repeats the names of a row seen
 * shortly before (siblings, common names), so the upstream also has to number usernames (`mmueller1`).
 */
const VORNAMEN = [
  "Anna",
  "Ben",
  "Clara",
  "David",
  "Emma",
  "Finn",
  "Greta",
  "Hannes",
  "Ida",
  "Jonas",
  "Klara",
  "Lukas",
  "Mia",
  "Noah",
  "Olivia",
  "Paul",
  "Rieke",
  "Sönke",
  "Tjark",
  "Uta",
  "Vincent",
  "Wiebke",
  "Xaver",
  "Yasemin",
];
const ANFAENGE = [
  "Bau",
  "Berg",
  "Brand",
  "Dreh",
  "Eich",
  "Feld",
  "Grün",
  "Hage",
  "Hol",
  "Jan",
  "Kamp",
  "Kirch",
  "Lind",
  "Mahl",
  "Möller",
  "Nord",
  "Ost",
  "Pohl",
  "Rott",
  "Schäf",
  "Stein",
  "Thies",
  "Vogt",
  "Wehr",
  "Wulf",
];
const ENDUNGEN = [
  "er",
  "mann",
  "meier",
  "hof",
  "sen",
  "ke",
  "rich",
  "stedt",
  "berg",
  "haus",
  "feld",
  "land",
  "wald",
  "bach",
  "horst",
  "brink",
];

export const IMPORT_KOPF = "nachname;vorname;klasse";

/** The CSV text with `rows` pupils in the given classes (names of classes that exist below the school). */
export function importCsv(rows: number, klassen: readonly string[]): string {
  if (klassen.length === 0) throw new Error("Die Schule hat keine Klassen.");
  const lines = [IMPORT_KOPF];
  const names: Array<[string, string]> = [];
  for (let i = 0; i < rows; i++) {
    const repeated = i % 20 === 19 ? names[i - 7] : undefined;
    const nachname = repeated?.[0] ?? `${ANFAENGE[i % ANFAENGE.length]}${ENDUNGEN[Math.floor(i / ANFAENGE.length) % ENDUNGEN.length]}`;
    const vorname = repeated?.[1] ?? VORNAMEN[Math.floor(i / (ANFAENGE.length * ENDUNGEN.length)) % VORNAMEN.length];
    names.push([nachname, vorname]);
    lines.push(`${nachname};${vorname};${klassen[i % klassen.length]}`);
  }
  return `${lines.join("\n")}\n`;
}
