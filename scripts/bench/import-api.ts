import { setTimeout as sleep } from "node:timers/promises";
import type { ImportRun, ImportTarget, Phase } from "./import-ablauf.ts";
import type { UpstreamSession } from "./upstream-session.ts";

/**
 * The import straight against the upstream's API, as the portal's screen drives it: upload (the upstream checks every
 * row), execute, ask for the status until FINISHED, fetch every page of the result (with the start passwords), delete
 * the import (which also deletes the passwords). Polled every 100 ms, so the figure is the upstream's, not the poll's.
 */
const POLL_MS = 100;
const PAGE = 100;
const MAX_WAIT_MS = 15 * 60 * 1000;

export async function importViaApi(session: UpstreamSession, target: ImportTarget, phase: Phase): Promise<ImportRun> {
  const id = await phase("hochladen", async () => {
    const form = new FormData();
    form.set("organisationId", target.schuleId);
    form.set("rolleId", target.rolleId);
    form.set("file", new Blob([target.csv], { type: "text/csv" }), "schueler.csv");
    const response = await session.fetch("/api/import/upload", { method: "POST", body: form });
    const body = (await response.json()) as { importvorgangId?: string; isValid?: boolean; totalImportDataItems?: number };
    if (response.status !== 201 || !body.isValid || body.totalImportDataItems !== target.rows || !body.importvorgangId) {
      throw new Error(`Hochladen: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
    return body.importvorgangId;
  });

  let firstProgressMs = Number.NaN;
  let polls = 0;
  await phase("ausfuehren", async () => {
    const started = performance.now();
    const response = await session.fetch("/api/import/execute", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ importvorgangId: id }),
    });
    await response.body?.cancel();
    if (response.status !== 204) throw new Error(`Ausführen: ${response.status}`);
    for (;;) {
      if (performance.now() - started > MAX_WAIT_MS) throw new Error("Import nach 15 Minuten nicht fertig.");
      const status = (await (await session.fetch(`/api/import/${id}/status`)).json()) as { status: string; totalDataItemImported: number };
      polls++;
      if (status.totalDataItemImported > 0 && Number.isNaN(firstProgressMs)) firstProgressMs = performance.now() - started;
      if (status.status === "FINISHED") return;
      if (status.status !== "INPROGRESS" && status.status !== "VALID") throw new Error(`Import endet als ${status.status}.`);
      await sleep(POLL_MS);
    }
  });

  const created = await phase("ergebnis", async () => {
    const rows: Array<{ benutzername?: string; startpasswort: string; status: string }> = [];
    for (let offset = 0; offset < target.rows; offset += PAGE) {
      const query = new URLSearchParams({ importvorgangId: id, offset: String(offset), limit: String(PAGE) });
      const response = await session.fetch(`/api/import/importedUsers?${query.toString()}`);
      if (response.status !== 200) throw new Error(`Ergebnis ab ${offset}: ${response.status}`);
      rows.push(...((await response.json()) as { importedUsers: typeof rows }).importedUsers);
    }
    const deleted = await session.fetch(`/api/import/${id}`, { method: "DELETE" });
    await deleted.body?.cancel();
    if (deleted.status !== 204) throw new Error(`Löschen: ${deleted.status}`);
    return rows
      .filter((row) => row.status === "SUCCESS")
      .map((row) => ({ benutzername: row.benutzername ?? "", startpasswort: row.startpasswort }));
  });
  return { rows: target.rows, created, firstProgressMs, polls };
}
