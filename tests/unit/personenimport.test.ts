import { describe, expect, it } from "vitest";
import { benutzerdatenDatei, benutzerdatenDateiname } from "~/features/import/datei.server";
import { decodeWindows1252, readCsvDatei } from "~/features/import/kodierung.server";
import { zeilennummern } from "~/features/import/zeilennummern.server";
import type { ImportedUserResponse } from "../../upstream/contract";

/** The CSV import (issue 14): reading spreadsheet files, finding refused rows again, the user data file. */

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...Buffer.from(part, "latin1")] : part)));

describe("Eine CSV-Datei wird in der Kodierung gelesen, in der ein Tabellenprogramm sie gespeichert hat", () => {
  it("UTF-8 mit und ohne Byte-Order-Mark", () => {
    const text = "nachname;vorname;klasse\nMüller;Jörg;5a\n";
    expect(readCsvDatei(new Uint8Array(Buffer.from(text, "utf8")))).toEqual({ text, kodierung: "utf-8" });
    expect(readCsvDatei(new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(text, "utf8")]))).toEqual({ text, kodierung: "utf-8-bom" });
  });

  it("Windows-1252 mit Zeichen zwischen 0x80 und 0x9F: € und Gedankenstrich bleiben, was sie sind", () => {
    expect(readCsvDatei(bytes("Z", [0x80], "ller;Gr", [0xfc], [0xdf], "e ", [0x96], " gut"))).toEqual({
      text: "Z€ller;Grüße – gut",
      kodierung: "windows-1252",
    });
  });

  it("ein Einzelbyte-Text ohne diese Zeichen heißt ISO-8859-1; Umlaute und ß bleiben erhalten", () => {
    expect(readCsvDatei(bytes("Stra", [0xdf], "e;", [0xc4], "nne;", [0xd6]))).toEqual({ text: "Straße;Änne;Ö", kodierung: "iso-8859-1" });
  });

  it("UTF-16 mit Byte-Order-Mark, wie manche Programme „Unicode-Text“ speichern", () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Jörg;5a", "utf16le")]);
    expect(readCsvDatei(new Uint8Array(le))).toEqual({ text: "Jörg;5a", kodierung: "utf-16le" });
  });

  it("die 0x80–0x9F-Tabelle ist die von Windows-1252 (Stichproben), undefinierte Bytes bleiben Steuerzeichen", () => {
    expect(decodeWindows1252(new Uint8Array([0x80, 0x84, 0x93, 0x94, 0x9f, 0x81, 0xe9]))).toBe("€„“”Ÿ\u0081é");
  });
});

describe("Abgelehnte Zeilen bekommen ihre Zeilennummer in der Datei", () => {
  const csv = "nachname;vorname;klasse\r\nAlpha;Anna;5a\r\n\r\nBeta;Bert;9z\r\nGamma;Gina;5a\r\nBeta;Bert;9z\r\n";

  it("gleiche Zeilen zählen der Reihe nach, Leerzeilen zählen mit", () => {
    const abgelehnt = [
      { nachname: "Beta", vorname: "Bert", klasse: "9z" },
      { nachname: "Beta", vorname: "Bert", klasse: "9z" },
    ];
    expect(zeilennummern(csv, abgelehnt)).toEqual([4, 6]);
  });

  it("Anführungszeichen und Leerraum entfernt der Upstream; so wird auch hier verglichen", () => {
    expect(
      zeilennummern('nachname;vorname;klasse\n "O\'Brien" ; Liam ;7x\n', [{ nachname: "OBrien", vorname: "Liam", klasse: "7x" }]),
    ).toEqual([2]);
  });

  it("eine Zeile, die es so nicht gibt, bleibt ohne Nummer", () => {
    expect(zeilennummern(csv, [{ nachname: "Delta", vorname: "Dora", klasse: "5a" }])).toEqual([null]);
  });

  it("eine Datei ohne Klassenspalte", () => {
    expect(zeilennummern("nachname;vorname\nA;B\nC;\n", [{ nachname: "C", vorname: "", klasse: null }])).toEqual([3]);
  });
});

describe("Die Datei der Benutzerdaten", () => {
  const zeile = (werte: Partial<ImportedUserResponse>): ImportedUserResponse => ({
    klasse: "5a",
    vorname: "",
    nachname: "",
    benutzername: undefined,
    startpasswort: "",
    status: "SUCCESS",
    ...werte,
  });

  it("nennt Schule und Rolle, listet die Angelegten nach Klasse und Name mit Startpasswort und die übrigen ohne", () => {
    const text = benutzerdatenDatei({ schule: "Schule: Deich", rolle: "Rolle: Schüler", nichtAngelegt: "Nicht angelegt:" }, [
      zeile({ klasse: "6a", nachname: "Zöller", vorname: "Otto", benutzername: "ozoeller", startpasswort: "Wattwurm42!" }),
      zeile({ klasse: "5b", nachname: "=Böse", vorname: "Eva", benutzername: "eboese", startpasswort: "Kutter07+" }),
      zeile({ klasse: "5a", nachname: "Fehl", vorname: "Fritz", status: "FAILED" }),
    ]);
    expect(text).toBe(
      "\uFEFFSchule: Deich;Rolle: Schüler\r\n\r\n" +
        "Klasse;Nachname;Vorname;Benutzername;Passwort\r\n" +
        "5b;'=Böse;Eva;eboese;Kutter07+\r\n" +
        "6a;Zöller;Otto;ozoeller;Wattwurm42!\r\n" +
        "\r\nNicht angelegt:\r\n" +
        "Klasse;Nachname;Vorname\r\n" +
        "5a;Fehl;Fritz\r\n",
    );
  });

  it("heißt nach dem Tag in deutscher Zeit", () => {
    expect(benutzerdatenDateiname(new Date("2026-08-31T22:30:00Z"))).toBe("Benutzerdaten-Import-01-09-2026.txt");
  });
});
