const GERMAN_DAY = { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/Berlin" } as const;

/** DD.MM.YYYY in German time, the portal's only date format (spec section 9). */
export function formatDate(iso: string): string {
  return formatIn(iso, GERMAN_DAY);
}

/**
 * Calendar days as ISO strings ("2026-07-31"): a Befristung or a lock date is a day, not an instant, and the
 * string form sorts, compares and serialises without a time zone sneaking in. Days are German days (Europe/Berlin).
 */
export type CalendarDay = string;

const GERMAN_TIME_ZONE = "Europe/Berlin";
// Day and month with one or two digits (people type "1.8.2026" too), the year always with four. A comma counts as a
// dot: a phone's German number pad (inputmode="decimal") offers only the comma.
const GERMAN_DAY_SHAPE = /^(\d{1,2})[.,](\d{1,2})[.,](\d{4})$/;
// The years the old client accepted (spec inventory §3); beyond them a typo is far likelier than a real date.
const FIRST_YEAR = 1900;
const LAST_YEAR = 2099;

export type GermanDayProblem = "format" | "year" | "noSuchDay";

/** Reads a day typed as DD.MM.YYYY (spec §5). */
export function parseGermanDay(text: string): { day: CalendarDay } | { problem: GermanDayProblem } {
  const match = GERMAN_DAY_SHAPE.exec(text.trim());
  if (!match) return { problem: "format" };
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < FIRST_YEAR || year > LAST_YEAR) return { problem: "year" };
  // Date.UTC rolls 31.02. over into March; a day that survives the round trip exists.
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return { problem: "noSuchDay" };
  return { day: isoDay(year, month, day) };
}

/** "2026-07-31" → "31.07.2026" */
export function formatGermanDay(day: CalendarDay): string {
  const [year, month, date] = day.split("-");
  return `${date}.${month}.${year}`;
}

/** Today in Germany, whatever the server's or browser's own time zone. */
export function germanToday(now: Date = new Date()): CalendarDay {
  return germanDayOf(now.getTime());
}

/**
 * The default Befristung "bis Schuljahresende": the next 31 July. On 31 July itself the school year is over and the
 * next one is meant (spec inventory §3).
 */
export function endOfSchoolYear(today: CalendarDay): CalendarDay {
  const year = Number(today.slice(0, 4));
  return today < `${year}-07-31` ? `${year}-07-31` : `${year + 1}-07-31`;
}

/**
 * A Befristung (or lock) "until D" as the upstream stores it: the instant it ends, D+1 00:00 German time, in UTC.
 * The old client sends it so and the upstream's nightly job removes what ended before today (PERSONS.md §3.2).
 */
export function befristungToUpstream(lastDay: CalendarDay): string {
  const [year, month, day] = lastDay.split("-").map(Number);
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return new Date(germanMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate())).toISOString();
}

/**
 * The last day of a stored Befristung: the German day just before the instant it ends. An instant that is not a
 * German midnight (written by another client) still shows the day it falls in, as in the old client.
 */
export function befristungFromUpstream(iso: string): CalendarDay | null {
  const end = Date.parse(iso);
  if (Number.isNaN(end)) return null;
  // The old client subtracts an hour; a German midnight becomes the evening before, any other time stays its day.
  return germanDayOf(end - 60 * 60 * 1000);
}

const germanDayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: GERMAN_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

function germanDayOf(epochMs: number): CalendarDay {
  // en-CA formats as YYYY-MM-DD.
  return germanDayFormat.format(new Date(epochMs));
}

const germanWallClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: GERMAN_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** How far German wall-clock time is ahead of UTC at an instant (one or two hours). */
function germanOffsetMs(epochMs: number): number {
  const parts = Object.fromEntries(germanWallClock.formatToParts(new Date(epochMs)).map((part) => [part.type, part.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(epochMs / 1000) * 1000;
}

/** The instant of 00:00 German time on a day. Clocks change at 02:00/03:00, never near midnight, so one step suffices. */
function germanMidnight(year: number, month: number, day: number): number {
  const asIfUtc = Date.UTC(year, month - 1, day);
  return asIfUtc - germanOffsetMs(asIfUtc - germanOffsetMs(asIfUtc));
}

function isoDay(year: number, month: number, day: number): CalendarDay {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** DD.MM.YYYY, HH:MM in German time: where several events of one day must be told apart (the import history). */
export function formatDateTime(iso: string): string {
  return formatIn(iso, { ...GERMAN_DAY, hour: "2-digit", minute: "2-digit" });
}

function formatIn(iso: string, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat("de-DE", options).format(date);
}
