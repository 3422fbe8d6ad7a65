// The .env file, if any, is loaded where the environment is parsed.
import "~/.server/env.server";

/**
 * The landing page's maintenance notice and what's-new box (spec §2, inventory §4.1): dates and text come from the
 * environment, never from code, and each shows only inside its window. A setting that cannot be read is left out
 * with one line in the log; the portal starts all the same.
 *
 * MAINTENANCE_FROM, MAINTENANCE_UNTIL, MAINTENANCE_TEXT
 * WHATS_NEW_FROM, WHATS_NEW_UNTIL, WHATS_NEW_TEXT, and optionally WHATS_NEW_TITLE and WHATS_NEW_LINK
 *
 * Times are ISO 8601 with their offset (`2024-12-02T00:00+01:00`); the window includes FROM and excludes UNTIL.
 * A text's lines (a line break, or `\n` written out) are paragraphs; lines starting with "- " form a list.
 */

export interface TextBlock {
  kind: "absatz" | "liste";
  lines: string[];
}

interface Window {
  from: number;
  until: number;
}

export interface WartungConfig extends Window {
  text: TextBlock[];
}

export interface NeuigkeitenConfig extends Window {
  title: string | null;
  text: TextBlock[];
  link: string | null;
}

export interface LandingNoticesConfig {
  wartung: WartungConfig | null;
  neuigkeiten: NeuigkeitenConfig | null;
}

/** As long as a portal notice may be (spec §9): longer is a mistake in the configuration. */
const MAX_TEXT_LENGTH = 2000;
const MAX_TITLE_LENGTH = 200;
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

type Source = Record<string, string | undefined>;
type Log = (message: string) => void;

export function parseLandingNotices(source: Source, log: Log = (message) => console.error(message)): LandingNoticesConfig {
  const wartung = datedText(source, "MAINTENANCE", log);
  const neuigkeiten = datedText(source, "WHATS_NEW", log);
  let title: string | null = source.WHATS_NEW_TITLE?.trim() || null;
  if (title && title.length > MAX_TITLE_LENGTH) {
    log(`WHATS_NEW_TITLE ignored: longer than ${MAX_TITLE_LENGTH} characters`);
    title = null;
  }
  let link: string | null = source.WHATS_NEW_LINK?.trim() || null;
  if (link && !isWebAddress(link)) {
    log("WHATS_NEW_LINK ignored: not an http(s) address");
    link = null;
  }
  return { wartung, neuigkeiten: neuigkeiten ? { ...neuigkeiten, title, link } : null };
}

function datedText(source: Source, prefix: "MAINTENANCE" | "WHATS_NEW", log: Log): (Window & { text: TextBlock[] }) | null {
  const [fromText, untilText, rawText] = [source[`${prefix}_FROM`], source[`${prefix}_UNTIL`], source[`${prefix}_TEXT`]];
  if (fromText === undefined && untilText === undefined && rawText === undefined) return null;
  const ignored = (why: string) => {
    log(`${prefix}_* ignored (no ${prefix === "MAINTENANCE" ? "maintenance notice" : "what's-new box"}): ${why}`);
    return null;
  };
  const from = instant(fromText);
  const until = instant(untilText);
  if (from === null) return ignored(`${prefix}_FROM is not an ISO 8601 time with offset, e.g. 2024-12-02T00:00+01:00`);
  if (until === null) return ignored(`${prefix}_UNTIL is not an ISO 8601 time with offset, e.g. 2024-12-08T18:00+01:00`);
  if (until <= from) return ignored(`${prefix}_UNTIL is not after ${prefix}_FROM`);
  const text = rawText?.trim() ?? "";
  if (!text) return ignored(`${prefix}_TEXT is empty`);
  if (text.length > MAX_TEXT_LENGTH) return ignored(`${prefix}_TEXT is longer than ${MAX_TEXT_LENGTH} characters`);
  return { from, until, text: textBlocks(text) };
}

function instant(text: string | undefined): number | null {
  const value = text?.trim() ?? "";
  if (!ISO_WITH_OFFSET.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** Paragraphs and "- " lists; an environment file may keep a line break as the two characters `\n`. */
export function textBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const raw of text.split(/\r?\n|\\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const item = /^[-*]\s+(.*)$/.exec(line);
    const kind = item ? "liste" : "absatz";
    const last = blocks.at(-1);
    if (kind === "liste" && last?.kind === "liste") last.lines.push(item![1]);
    else blocks.push({ kind, lines: [item ? item[1] : line] });
  }
  return blocks;
}

function isWebAddress(url: string): boolean {
  return URL.canParse(url) && ["https:", "http:"].includes(new URL(url).protocol);
}

const inWindow = (window: Window, now: number) => now >= window.from && now < window.until;

/** What the landing page shows at `now`. */
export function landingNoticesAt(config: LandingNoticesConfig, now: number) {
  const { wartung, neuigkeiten } = config;
  return {
    wartung: wartung && inWindow(wartung, now) ? { text: wartung.text } : null,
    neuigkeiten:
      neuigkeiten && inWindow(neuigkeiten, now) ? { title: neuigkeiten.title, text: neuigkeiten.text, link: neuigkeiten.link } : null,
  };
}

/** Read once at start-up, like every other setting. */
export const landingNotices: LandingNoticesConfig = parseLandingNotices(process.env);
