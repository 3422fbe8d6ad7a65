import type { ImportedUserResponse } from "@contract";
import { dateiText, passwortDatei, zelle } from "~/features/mehrfach/dateien.server";

/**
 * The file of an import's user data (inventory §4.11 "Download"): a line naming school and role, then the persons
 * created with their start passwords as the bulk password file has them (`Klasse;Nachname;Vorname;Benutzername;
 * Passwort`, sorted by class and name), then those the upstream could not create. Semicolon-separated text a
 * spreadsheet opens, UTF-8 with byte order mark, formulas defused.
 */
export function benutzerdatenDatei(kopf: { schule: string; rolle: string; nichtAngelegt: string }, zeilen: ImportedUserResponse[]): string {
  const angelegt = zeilen.filter((zeile) => zeile.status === "SUCCESS");
  const fehlgeschlagen = zeilen.filter((zeile) => zeile.status !== "SUCCESS");
  const teile = [
    `${zelle(kopf.schule)};${zelle(kopf.rolle)}\r\n\r\n`,
    passwortDatei(
      angelegt.map((zeile) => ({
        klasse: zeile.klasse,
        nachname: zeile.nachname,
        vorname: zeile.vorname,
        benutzername: zeile.benutzername ?? "",
        passwort: zeile.startpasswort,
      })),
    ),
  ];
  if (fehlgeschlagen.length) {
    teile.push(
      `\r\n${zelle(kopf.nichtAngelegt)}\r\n`,
      ["Klasse;Nachname;Vorname", ...fehlgeschlagen.map((z) => [z.klasse, z.nachname, z.vorname].map(zelle).join(";"))].join("\r\n") +
        "\r\n",
    );
  }
  return dateiText(teile.join(""));
}

/** `Benutzerdaten-Import-DD-MM-YYYY.txt`, the day in German time. */
export function benutzerdatenDateiname(jetzt = new Date()): string {
  const tag = new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", day: "2-digit", month: "2-digit", year: "numeric" })
    .format(jetzt)
    .replace(/\./g, "-");
  return `Benutzerdaten-Import-${tag}.txt`;
}
