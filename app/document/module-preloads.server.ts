/**
 * Remix's `<Scripts>` writes a `<link rel="modulepreload">` for every script module of the page (about 40) and a module
 * script that imports the entry and the page's routes. Chromium fetches and compiles all of it while it parses and
 * paints the page: on a fast line that held the first paint of the data back by about 55 ms for the preloads (decision
 * 025) and about 20 ms more for the module script, whose imports are compiled on the same two cores that paint.
 * The page works without its scripts, so they may come a moment later: each preload link loses its `rel` and the module
 * script its `type` (inert elements that hydration still finds where React rendered them; a missing element would make
 * React throw the whole page away and render it again), and a small script at the end of the body starts both once the
 * first frame is on screen.
 */
const MODULE_PRELOAD = /<link rel="modulepreload" href="(\/[^"<>]*)"\s*\/?>/g;

/** The module script of `<Scripts>`, as React renders it with the request's nonce. */
const moduleScript = (nonce: string) => `<script nonce="${nonce}" type="module" async="">`;
/** The same script, inert until the first paint; the type is one no browser runs. */
const inertModuleScript = (nonce: string) => `<script nonce="${nonce}" type="text/x-after-first-paint" data-start-after-paint="">`;

const FIRST_PRELOAD = '<link rel="modulepreload"';

/**
 * The document as rendered, with its scripts started after the first paint. Only the part from the first preload on is
 * read as text: the links and scripts of `<Scripts>` stand together at the end of the body, and decoding the whole
 * page on every request cost more than the rest of this step.
 */
export function preloadModulesAfterFirstPaint(document: Buffer, nonce: string): Buffer {
  const start = document.indexOf(FIRST_PRELOAD);
  if (start === -1) return document;
  const tail = document.subarray(start).toString("utf8");
  const changed = startScriptsLater(tail, nonce);
  return changed === tail ? document : Buffer.concat([document.subarray(0, start), Buffer.from(changed, "utf8")]);
}

function startScriptsLater(html: string, nonce: string): string {
  const hrefs: string[] = [];
  const withoutPreloads = html.replace(MODULE_PRELOAD, (_link, href: string) => {
    hrefs.push(href);
    return `<link data-preload-after-paint="" href="${href}"/>`;
  });
  const end = withoutPreloads.lastIndexOf("</body>");
  const scriptAt = withoutPreloads.indexOf(moduleScript(nonce));
  if (hrefs.length === 0 || end === -1 || scriptAt === -1) return html;
  const inert =
    withoutPreloads.slice(0, scriptAt) + inertModuleScript(nonce) + withoutPreloads.slice(scriptAt + moduleScript(nonce).length);
  const inertEnd = inert.lastIndexOf("</body>");
  // React leaves extra elements at the end of the body alone when it hydrates. The JSON holds plain same-origin
  // paths; "<" cannot occur in them (the pattern excludes it), so the script cannot end early. The nonce is the
  // request's own (base64), written into the page's other scripts as well.
  return inert.slice(0, inertEnd) + `<script nonce="${nonce}">${starter(hrefs, nonce)}</script>` + inert.slice(inertEnd);
}

/**
 * Waits for the first paint (the browser's paint timing; a hidden tab paints nothing and starts at once; a browser
 * without paint timing waits one frame; two seconds at most), then adds the preloads and runs the module script.
 */
function starter(hrefs: string[], nonce: string): string {
  return (
    `(function(){var started=false;function start(){if(started)return;started=true;` +
    `${JSON.stringify(hrefs)}.forEach(function(href){var link=document.createElement("link");` +
    `link.rel="modulepreload";link.href=href;document.head.appendChild(link)});` +
    `var inert=document.querySelector("script[data-start-after-paint]");if(inert){var script=document.createElement("script");` +
    `script.type="module";script.nonce=${JSON.stringify(nonce)};script.textContent=inert.textContent;document.body.appendChild(script)}}` +
    `function soon(){setTimeout(start,0)}setTimeout(start,2000);` +
    `if(document.visibilityState!=="visible"){start()}` +
    `else if(window.PerformanceObserver&&(PerformanceObserver.supportedEntryTypes||[]).indexOf("paint")!==-1){` +
    `new PerformanceObserver(function(list,observer){observer.disconnect();soon()}).observe({type:"paint",buffered:true})}` +
    `else{requestAnimationFrame(soon)}})()`
  );
}
