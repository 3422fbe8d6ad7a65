import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadEnvFile } from "../../scripts/env-file.ts";

// Names no other code reads, so that a test that leaks cannot change anything else.
const A = "ENV_FILE_TEST_A";
const B = "ENV_FILE_TEST_B";
const LEER = "ENV_FILE_TEST_LEER";
const QUOTED = "ENV_FILE_TEST_QUOTED";
const NAMES = [A, B, LEER, QUOTED, "ENV_FILE"];

let dir: string;
let saved: Record<string, string | undefined>;
let cwd: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "env-file-"));
  saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
  for (const name of NAMES) delete process.env[name];
  cwd = process.cwd();
  writeFileSync(join(dir, ".env"), `# Kommentar\n${A}=aus-der-datei\n${B}=auch-aus-der-datei\n${LEER}=\n${QUOTED}="mit Leerzeichen"\n`);
});

afterEach(() => {
  process.chdir(cwd);
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  rmSync(dir, { recursive: true, force: true });
});

describe(".env beim Start", () => {
  it("liest die .env im Arbeitsverzeichnis; eine gesetzte Umgebungsvariable gewinnt über die Datei", () => {
    process.chdir(dir);
    process.env[B] = "aus-der-umgebung";

    expect(loadEnvFile()).toBe(".env");

    expect(process.env[A]).toBe("aus-der-datei");
    expect(process.env[B]).toBe("aus-der-umgebung");
    expect(process.env[QUOTED]).toBe("mit Leerzeichen");
  });

  it("eine leere Zuweisung wie in .env.example gilt als nicht gesetzt, eine leere Umgebungsvariable bleibt", () => {
    process.chdir(dir);
    expect(loadEnvFile()).toBe(".env");
    expect(LEER in process.env).toBe(false);

    process.env[B] = "";
    loadEnvFile();
    expect(process.env[B]).toBe("");
  });

  it("ohne .env lädt es nichts und meldet keinen Fehler", () => {
    const empty = mkdtempSync(join(tmpdir(), "env-file-leer-"));
    try {
      process.chdir(empty);
      expect(loadEnvFile()).toBeNull();
      expect(process.env[A]).toBeUndefined();
    } finally {
      process.chdir(cwd);
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it("ENV_FILE nennt eine andere Datei; fehlt sie, ist das ein Fehler statt stiller Standardwerte", () => {
    const other = join(dir, "andere.env");
    writeFileSync(other, `${A}=aus-ENV_FILE\n`);
    process.env.ENV_FILE = other;
    expect(loadEnvFile()).toBe(other);
    expect(process.env[A]).toBe("aus-ENV_FILE");

    process.env.ENV_FILE = join(dir, "gibt-es-nicht.env");
    expect(() => loadEnvFile()).toThrow(/ENOENT|no such file/);
  });

  it("ENV_FILE= (leer) lädt keine Datei, auch wenn eine .env daliegt: so laufen die Tests", () => {
    process.chdir(dir);
    process.env.ENV_FILE = "";
    expect(loadEnvFile()).toBeNull();
    expect(process.env[A]).toBeUndefined();
  });
});
