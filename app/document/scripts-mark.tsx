/**
 * Marks the document, before its first paint, as one whose scripts are about to start. The page paints before React
 * hydrates (docs/decisions/025); a part that exists only without JavaScript and one that replaces it with JavaScript
 * would swap places at hydration and move everything below them under the reader's eyes and pointer. Both are in the
 * server's page instead, and the mark decides which one shows from the first frame on (decision 030):
 * `.hidden-with-scripts` for the plain part, `.hidden-without-scripts` for its scripted counterpart.
 *
 * Should the scripts never start (a download that failed), the mark goes after a while and the plain page shows.
 */
const SCRIPTS_STARTED = "started";
const GIVE_UP_AFTER_MS = 15_000;

const MARK_SCRIPT = `(function(){var d=document.documentElement;d.setAttribute("data-scripts","");setTimeout(function(){if(d.getAttribute("data-scripts")!=="${SCRIPTS_STARTED}")d.removeAttribute("data-scripts")},${GIVE_UP_AFTER_MS})})()`;

export function ScriptsMark({ nonce }: { nonce: string | undefined }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: MARK_SCRIPT }} />;
}

/** Called once React runs: the mark stays, also if the scripts took longer than the wait above. */
export function markScriptsStarted(): void {
  document.documentElement.setAttribute("data-scripts", SCRIPTS_STARTED);
}
