/**
 * Manual measurement, not part of the suite (no `.test.ts`):
 *   node --import tsx tests/upstream/import-measure.ts [rows=2000]
 * Seeds the demo data into an in-memory PGlite, uploads a CSV of pupils for school A as the landesadmin (gold),
 * executes it and waits until every person is created; prints the time of each step, and for comparison how long
 * the start passwords' scrypt hashes alone take with the same concurrency.
 */
import { PGlite } from "@electric-sql/pglite";
import { createReferenceApp } from "../../upstream/reference/app.ts";
import { fromPglite } from "../../upstream/reference/db/client.ts";
import { defaultReferenceConfig } from "../../upstream/reference/env.ts";
import { START_PASSWORD_COST, hashPassword } from "../../upstream/reference/lib/password.ts";
import { seedDemoData } from "../../upstream/reference/seed/index.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { loggedIn } from "./support.ts";

const rows = Number(process.argv[2] ?? 2000);
const client = await PGlite.create();
const handle = fromPglite(client);
await handle.migrate();
await seedDemoData(handle.db);
const app = createReferenceApp(handle.db, defaultReferenceConfig({ cookieSecure: false, stepUpTimeoutSeconds: 0 }));
const admin = await loggedIn(app, "landesadmin", "gold");
const token = (await admin.csrfToken()) ?? "";

const KLASSEN = ["5a", "5b", "6a", "6b", "7a", "7b", "8a", "8b", "9a", "9b", "10a", "10b"];
const NAMES = ["Anna", "Ben", "Clara", "David", "Emma", "Finn", "Greta", "Hannes", "Ida", "Jonas", "Klara", "Lukas"];
const lines = ["Nachname;Vorname;Klasse"];
for (let i = 0; i < rows; i++)
  lines.push(
    `Muster${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + (Math.floor(i / 26) % 26))}mann;${NAMES[i % NAMES.length]};${KLASSEN[i % KLASSEN.length]}`,
  );
const csv = `${lines.join("\n")}\n`;

const started = performance.now();
const form = new FormData();
form.set("organisationId", DEMO_IDS.schuleA);
form.set("rolleId", DEMO_IDS.rolleSchueler);
form.set("file", new Blob([csv], { type: "text/csv" }), "schueler.csv");
const uploadResponse = await admin.request("/api/import/upload", { method: "POST", headers: { "X-CSRF-Token": token }, body: form });
const { importvorgangId, isValid } = (await uploadResponse.json()) as { importvorgangId: string; isValid: boolean };
const uploadedAt = performance.now();
console.log(`upload (${rows} rows, valid=${isValid}): ${(uploadedAt - started).toFixed(0)} ms`);

const executeResponse = await admin.json("POST", "/api/import/execute", { importvorgangId });
console.log(`execute: ${executeResponse.status} after ${(performance.now() - uploadedAt).toFixed(0)} ms`);
let status = "";
let done = 0;
let slowestPoll = 0;
while (status !== "FINISHED" && status !== "FAILED") {
  await new Promise((resolve) => setTimeout(resolve, 250));
  const pollStarted = performance.now();
  const body = (await (await admin.get(`/api/import/${importvorgangId}/status`)).json()) as {
    status: string;
    totalDataItemImported: number;
  };
  slowestPoll = Math.max(slowestPoll, performance.now() - pollStarted);
  status = body.status;
  done = body.totalDataItemImported;
}
const finishedAt = performance.now();
console.log(
  `processing: ${((finishedAt - uploadedAt) / 1000).toFixed(1)} s, status ${status}, ${done} rows done; slowest status poll ${slowestPoll.toFixed(0)} ms`,
);
console.log(`end to end: ${((finishedAt - started) / 1000).toFixed(1)} s (${((finishedAt - uploadedAt) / rows).toFixed(1)} ms per row)`);

const hashStarted = performance.now();
const inFlight = 64;
for (let i = 0; i < rows; i += inFlight)
  await Promise.all(Array.from({ length: Math.min(inFlight, rows - i) }, () => hashPassword("k7mq-x3tp-9hwa", START_PASSWORD_COST)));
console.log(
  `scrypt hashes alone (${rows} at N=${START_PASSWORD_COST}, ${inFlight} in flight): ${((performance.now() - hashStarted) / 1000).toFixed(1)} s`,
);
await handle.close();
