import type { CookieJar } from "./cookie-jar.ts";
import type { ImportRun, ImportTarget, Phase } from "./import-ablauf.ts";

/**
 * The import through the portal's screen, as a browser without JavaScript does it: the upload form (303 to the
 * import's page, which is loaded), "Import durchführen" and its question, then the progress (a streamed page that
 * ends when the import is finished; the portal asks the upstream once a second), and the one download of the user
 * data.
 */
const IMPORT_PATH = "/admin/personen/import";
const FILE_HEADER = "Klasse;Nachname;Vorname;Benutzername;Passwort";

export async function importViaPortal(origin: string, jar: CookieJar, target: ImportTarget, phase: Phase): Promise<ImportRun> {
  const send = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Cookie", jar.header());
    headers.set("Accept", "text/html");
    // The portal refuses cross-origin posts; a browser sends its own origin.
    if (init.method === "POST") headers.set("Origin", origin);
    const response = await fetch(new URL(path, origin), { ...init, headers, redirect: "manual" });
    jar.store(response);
    return response;
  };

  const id = await phase("hochladen", async () => {
    const form = new FormData();
    form.set("schule", target.schuleId);
    form.set("rolle", target.rolleId);
    form.set("datei", new Blob([target.csv], { type: "text/csv" }), "schueler.csv");
    // `?index`: the form of an index route posts there (Remix's <Form> adds it the same way).
    const response = await send(`${IMPORT_PATH}?index`, { method: "POST", body: form });
    const location = response.headers.get("Location") ?? "";
    const match = new RegExp(`^${IMPORT_PATH}/([0-9a-f-]{36})(?:\\?|$)`).exec(location);
    if (response.status !== 303 || !match) {
      throw new Error(`Hochladen im Portal: ${response.status} ${location} ${(await response.text()).replace(/\s+/g, " ").slice(0, 300)}`);
    }
    await response.body?.cancel();
    // The browser follows to the import's page, which says the file is checked and ready.
    const page = await send(location);
    const html = await page.text();
    if (page.status !== 200) throw new Error(`Seite des Imports: ${page.status}`);
    if (!html.includes("durchfuehren")) throw new Error("Die Seite des Imports bietet kein „Import durchführen“.");
    // "Import durchführen" asks first (the same page with `durchfuehren`); its "Ja" posts to the progress page.
    const frage = new URL(location, "http://portal.invalid");
    frage.searchParams.set("durchfuehren", "");
    const question = await send(`${frage.pathname}${frage.search}`);
    if (question.status !== 200 || !(await question.text()).includes(`${IMPORT_PATH}/${match[1]}/fortschritt`))
      throw new Error(`Die Rückfrage vor dem Import bietet kein „Ja, Import durchführen“ (${question.status}).`);
    return match[1];
  });

  let firstProgressMs = Number.NaN;
  let polls = 0;
  await phase("ausfuehren", async () => {
    const started = performance.now();
    const response = await send(`${IMPORT_PATH}/${id}/fortschritt`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    if (response.status !== 200 || !response.body) throw new Error(`Fortschritt: ${response.status}`);
    const decoder = new TextDecoder();
    let html = "";
    let last = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      html += decoder.decode(value, { stream: true });
      for (const step of html.slice(last).matchAll(/<progress[^>]*\bvalue="(\d+)"/g)) {
        polls++;
        if (Number(step[1]) > 0 && Number.isNaN(firstProgressMs)) firstProgressMs = performance.now() - started;
      }
      // keep a tail, in case a tag was split between chunks
      last = Math.max(0, html.length - 200);
    }
    const values = [...html.matchAll(/<progress[^>]*\bmax="(\d+)"[^>]*\bvalue="(\d+)"/g)].at(-1);
    if (!values || values[1] !== String(target.rows) || values[2] !== String(target.rows)) {
      throw new Error(`Die Fortschrittsseite endet nicht mit ${target.rows} von ${target.rows}.`);
    }
  });

  const created = await phase("ergebnis", async () => {
    const response = await send(`${IMPORT_PATH}/${id}/datei`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    const text = await response.text();
    if (response.status !== 200 || !/attachment/.test(response.headers.get("Content-Disposition") ?? "")) {
      throw new Error(`Download: ${response.status}`);
    }
    const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
    const start = lines.indexOf(FILE_HEADER);
    if (start < 0) throw new Error("Die Datei hat keine Kopfzeile der Benutzerdaten.");
    const rows: Array<{ benutzername: string; startpasswort: string }> = [];
    for (const line of lines.slice(start + 1)) {
      if (!line) break;
      const cells = line.split(";");
      rows.push({ benutzername: cells[3] ?? "", startpasswort: cells[4] ?? "" });
    }
    return rows;
  });
  return { rows: target.rows, created, firstProgressMs, polls };
}
