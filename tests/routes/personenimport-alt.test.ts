import { afterAll, beforeAll, describe, it } from "vitest";
import { importiereUndLadeHerunter } from "./support/personenimport.ts";
import { startPortal, type Portal } from "./support/portal.ts";

/** The CSV import against the upstream as the behaviour docs pinned it (execute sets INPROGRESS itself, rows in file order). */

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal({ apiVersion: "pinned" });
});

afterAll(async () => {
  await portal?.close();
});

describe("Import gegen den festgeschriebenen Upstream", () => {
  it("eine Latin-1-Datei mit Umlauten wird geprüft, importiert, einmal heruntergeladen und ist dann gelöscht", async () => {
    await importiereUndLadeHerunter(portal);
  });
});
