import { randomUUID } from "node:crypto";
import type { CookieJar } from "./cookie-jar.ts";

/**
 * One bulk run of the portal (POST /admin/personen/mehrfach/ausfuehren) as a browser without JavaScript sends it, its
 * streamed answer read part by part: when the first byte came, when each progress step came, when the result came,
 * and what the result says (the success line, the rows of the hidden password file).
 */
export const RUN_PATH = "/admin/personen/mehrfach/ausfuehren";

export interface ProgressStep {
  /** ms since the request was sent. */
  ms: number;
  fertig: number;
  anzahl: number;
}

export interface BulkRun {
  /** Response headers, in ms since the request was sent. */
  headersMs: number;
  firstByteMs: number;
  /** The first progress step with a count above 0, or NaN when none came before the result. */
  firstProgressMs: number;
  /** The chunk that held the result heading ("Ergebnis"). */
  resultMs: number;
  /** The last byte of the page. */
  totalMs: number;
  steps: ProgressStep[];
  /** Persons the run announced (the progress steps' "von …"). */
  anzahl: number;
  /** "Die Passwörter von N Personen wurden zurückgesetzt." */
  erfolgreich: number | null;
  /** Data rows of the password file (without its header line). */
  passwortZeilen: number;
  passwortKopf: string | null;
  /** The result's lines about failures and a stopped run, as the page shows them. */
  hinweise: string[];
  bytes: number;
}

const STEP = /class="font-semibold">(\d+) von (\d+) bearbeitet</g;
const RESULT_HEADING = 'id="ergebnis-titel"';
const SUCCESS = /Die Passwörter von (\d+) Personen wurden zurückgesetzt\.|Das Passwort einer Person wurde zurückgesetzt\./;
const NOTICE = /<p>([^<]*(?:Fehler aufgetreten|nicht mehr bearbeitet|unverändert)[^<]*)<\/p>/g;
const PASSWORD_FILE = /id="passwort-datei"[\s\S]*?<textarea name="inhalt"[^>]*>([\s\S]*?)<\/textarea>/;

export async function postBulkRun(origin: string, jar: CookieJar, form: URLSearchParams): Promise<BulkRun> {
  const started = performance.now();
  const since = () => performance.now() - started;
  const response = await fetch(new URL(RUN_PATH, origin), {
    method: "POST",
    headers: {
      Accept: "text/html",
      "Content-Type": "application/x-www-form-urlencoded",
      // The portal refuses cross-origin POSTs; a browser sends the portal's own origin.
      Origin: origin,
      Cookie: jar.header(),
    },
    // Each confirmation page carries a token of its own; a run sent again with the same one does not run.
    body: new URLSearchParams([...form, ["einmal", randomUUID()]]).toString(),
    redirect: "manual",
  });
  const headersMs = since();
  jar.store(response);
  if (response.status !== 200 || !response.body) {
    const body = await response.text();
    const location = response.headers.get("Location");
    throw new Error(
      `Lauf antwortete ${response.status}${location ? ` → ${location}` : ""} statt 200.\n${body.replace(/\s+/g, " ").slice(0, 600)}`,
    );
  }

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let html = "";
  let scanned = 0;
  let firstByteMs = Number.NaN;
  let resultMs = Number.NaN;
  let bytes = 0;
  const steps: ProgressStep[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const ms = since();
    if (Number.isNaN(firstByteMs)) firstByteMs = ms;
    bytes += value.byteLength;
    html += decoder.decode(value, { stream: true });
    // Only complete steps count; one cut in half by a chunk border is found in full with the next chunk.
    STEP.lastIndex = scanned;
    for (let match = STEP.exec(html); match; match = STEP.exec(html)) {
      steps.push({ ms, fertig: Number(match[1]), anzahl: Number(match[2]) });
      scanned = STEP.lastIndex;
    }
    if (Number.isNaN(resultMs) && html.includes(RESULT_HEADING)) resultMs = ms;
  }
  html += decoder.decode();
  const totalMs = since();

  const success = SUCCESS.exec(html);
  const file = PASSWORD_FILE.exec(html)?.[1] ?? "";
  // The file's lines end in CRLF; the textarea holds them as they are (only <, >, & and quotes are escaped).
  const lines = file.split(/\r?\n/).filter((line) => line !== "");
  return {
    headersMs,
    firstByteMs,
    firstProgressMs: steps.find((step) => step.fertig > 0)?.ms ?? Number.NaN,
    resultMs,
    totalMs,
    steps,
    anzahl: steps[0]?.anzahl ?? 0,
    erfolgreich: success ? (success[1] === undefined ? 1 : Number(success[1])) : null,
    passwortZeilen: Math.max(0, lines.length - 1),
    passwortKopf: lines[0] ?? null,
    hinweise: [...html.matchAll(NOTICE)].map((match) => match[1]),
    bytes,
  };
}
