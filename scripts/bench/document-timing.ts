import type { CookieJar } from "./cookie-jar.ts";

/**
 * Fetches the server-rendered document as a logged-in browser would and returns the time until the
 * whole body has arrived. Anything but 200 is an error: a redirect to the login would otherwise be
 * timed as a suspiciously fast page.
 */
export async function timeDocument(origin: string, path: string, jar: CookieJar): Promise<number> {
  const started = performance.now();
  const response = await fetch(new URL(path, origin), {
    headers: { Accept: "text/html", Cookie: jar.header() },
    redirect: "manual",
  });
  const body = await response.arrayBuffer();
  const elapsed = performance.now() - started;
  // The upstream's rolling session may refresh its cookie; keep it current like a browser.
  jar.store(response);
  if (response.status !== 200) {
    throw new Error(`${path} antwortete ${response.status} (${response.headers.get("Location") ?? `${body.byteLength} B`}) statt 200.`);
  }
  return elapsed;
}

export async function timeDocumentRuns(origin: string, path: string, jar: CookieJar, runs: number, warmup = 3): Promise<number[]> {
  // Warm-up requests settle module loading and connection pools before anything is recorded.
  for (let i = 0; i < warmup; i++) await timeDocument(origin, path, jar);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timeDocument(origin, path, jar));
  return times;
}
