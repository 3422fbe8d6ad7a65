/**
 * Remix's `<Scripts>` writes a `<link rel="modulepreload">` for every script module of the page (about 40). Chromium
 * fetches and compiles each of them as soon as the parser meets it, on the main thread, before the page's first
 * paint: on a fast line that held the first paint of the data back by about 55 ms, as long as the page with no
 * JavaScript at all took to paint (decision 025). The page works without its scripts, so they may come a moment
 * later: each link loses its `rel` (an inert `<link>` that hydration still finds where React rendered it; a missing
 * element would make React throw the whole page away and render it again), and a small script at the end of the body
 * adds the same preloads once the first frame is painted. The module script of `<Scripts>` still loads and starts
 * everything; the late links only fetch the deeper modules in parallel instead of one import level after the other.
 */
const MODULE_PRELOAD = /<link rel="modulepreload" href="(\/[^"<>]*)"\s*\/?>/g;

const FIRST_PRELOAD = '<link rel="modulepreload"';

/**
 * The document as rendered, with its preloads moved after the first paint. Only the part from the first preload on is
 * read as text: the links and scripts of `<Scripts>` stand together at the end of the body, and decoding the whole
 * page on every request cost more than the rest of this step.
 */
export function preloadModulesAfterFirstPaint(document: Buffer, nonce: string): Buffer {
  const start = document.indexOf(FIRST_PRELOAD);
  if (start === -1) return document;
  const tail = document.subarray(start).toString("utf8");
  const changed = preloadLater(tail, nonce);
  return changed === tail ? document : Buffer.concat([document.subarray(0, start), Buffer.from(changed, "utf8")]);
}

function preloadLater(html: string, nonce: string): string {
  const hrefs: string[] = [];
  const withoutPreloads = html.replace(MODULE_PRELOAD, (_link, href: string) => {
    hrefs.push(href);
    return `<link data-preload-after-paint="" href="${href}"/>`;
  });
  const end = withoutPreloads.lastIndexOf("</body>");
  if (hrefs.length === 0 || end === -1) return html;
  // React leaves extra elements at the end of the body alone when it hydrates. The JSON holds plain same-origin
  // paths; "<" cannot occur in them (the pattern excludes it), so the script cannot end early.
  const script =
    `<script nonce="${nonce}">requestAnimationFrame(function(){setTimeout(function(){` +
    `${JSON.stringify(hrefs)}.forEach(function(href){var link=document.createElement("link");` +
    `link.rel="modulepreload";link.href=href;document.head.appendChild(link)})})})</script>`;
  return withoutPreloads.slice(0, end) + script + withoutPreloads.slice(end);
}
