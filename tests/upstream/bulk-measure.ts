/**
 * Manual measurement, not part of the suite (no `.test.ts`):
 *   node --import tsx tests/upstream/bulk-measure.ts [persons=100000]
 * Seeds the demo data plus bulk pupils into an in-memory PGlite and times the queries behind the class screens.
 */
import { PGlite } from "@electric-sql/pglite";
import { createReferenceApp } from "../../upstream/reference/app.ts";
import { fromPglite } from "../../upstream/reference/db/client.ts";
import { defaultReferenceConfig } from "../../upstream/reference/env.ts";
import { seedBulkPersons } from "../../upstream/reference/seed/bulk.ts";
import { seedDemoData } from "../../upstream/reference/seed/index.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { loggedIn, schuleAClassListQuery } from "./support.ts";

const persons = Number(process.argv[2] ?? 100_000);
const client = await PGlite.create();
const handle = fromPglite(client);
await handle.migrate();
await seedDemoData(handle.db);

const timed = async <T>(label: string, action: () => Promise<T>, runs = 1): Promise<T> => {
  let result: T | undefined;
  const started = performance.now();
  for (let run = 0; run < runs; run++) result = await action();
  console.log(`${label}: ${((performance.now() - started) / runs).toFixed(1)} ms${runs > 1 ? ` (mean of ${runs})` : ""}`);
  return result as T;
};

await timed(`seedBulkPersons(${persons})`, () => seedBulkPersons(handle.db, persons));
await client.exec("ANALYZE");

const app = createReferenceApp(handle.db, defaultReferenceConfig({ cookieSecure: false, stepUpTimeoutSeconds: 0 }));
const admin = await timed("login landesadmin (gold, incl. OTP)", () => loggedIn(app, "landesadmin", "gold"));
const classList = schuleAClassListQuery(30);
const expectStatus = async (response: Promise<Response>, status: number) => {
  const result = await response;
  if (result.status !== status) throw new Error(`HTTP ${result.status} statt ${status}`);
};
await timed("GET /api/organisationen (class list)", () => expectStatus(admin.get(`/api/organisationen?${classList}`), 200), 20);
await timed(
  "DELETE /klasse (refused, class has pupils)",
  () => expectStatus(admin.json("DELETE", `/api/organisationen/${DEMO_IDS.klasseMitSchueler}/klasse`), 400),
  20,
);
await timed("GET /api/auth/logininfo", () => expectStatus(admin.get("/api/auth/logininfo"), 200), 20);
await timed("GET /api/person-info", () => expectStatus(admin.get("/api/person-info"), 200), 20);
if (persons > 0) await timed("login massen-000001 (silver)", () => loggedIn(app, "massen-000001"), 5);

// The empty class is the expensive case for the refusal check: without the index it would scan every kontext.
for (const klasse of [DEMO_IDS.klasseMitSchueler, DEMO_IDS.klasseOhneZuordnung]) {
  const plan = await client.query<{ "QUERY PLAN": string }>(
    "EXPLAIN ANALYZE SELECT id FROM personenkontext WHERE organisation_id = $1 LIMIT 1",
    [klasse],
  );
  console.log(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
}
await handle.close();
