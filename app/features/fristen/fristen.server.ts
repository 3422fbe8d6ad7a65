import { createHash } from "node:crypto";
import { TIME_LIMIT_OCCASIONS, type UserinfoResponse } from "@contract";
import { befristungFromUpstream, formatDate, formatGermanDay } from "~/dates";
import type { CurrentUser } from "~/.server/auth.server";
import { commitPortalSession, getPortalSession } from "~/.server/portal-cookie.server";

/**
 * The deadline banners of the start page and the profile (spec §4 "Banners"): what the upstream's login info lists in
 * `timeLimits`, with the date as the user reads it and whether it is urgent, less those this browser dismissed.
 */

export type FristAnlass = (typeof TIME_LIMIT_OCCASIONS)[number];
export type Dringlichkeit = "hinweis" | "dringend" | "erreicht";

export interface Frist {
  /** A short fingerprint of person and deadline: what a dismissal stores in the portal's cookie. */
  id: string;
  anlass: FristAnlass;
  /** DD.MM.YYYY */
  datum: string;
  schule: string;
  rolle: string;
  /** "dringend" under 14 days away, "erreicht" when the date has passed: said in words, not only in colour */
  dringlichkeit: Dringlichkeit;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The old client shows a deadline less than two weeks away in red (inventory §4.5). */
export const URGENT_DAYS = 14;
/** A fingerprint is 10 characters of base64url; anything else in a dismissal post is refused. */
export const FRIST_ID_SHAPE = /^[A-Za-z0-9_-]{10}$/;
/** How many dismissals the cookie keeps (the newest): a user has at most a handful of deadlines. */
const REMEMBERED_DISMISSALS = 12;

const isKnownAnlass = (occasion: string): occasion is FristAnlass => (TIME_LIMIT_OCCASIONS as readonly string[]).includes(occasion);

/** The banners to show, pure: the caller gives the dismissed fingerprints and the time. */
export function fristenOf(
  personId: string,
  timeLimits: UserinfoResponse["timeLimits"],
  dismissed: readonly string[],
  now: number = Date.now(),
): Frist[] {
  return timeLimits.flatMap((limit) => {
    const deadline = Date.parse(limit.deadline);
    // A later upstream may add occasions: without a text of ours they are left out rather than shown as a raw key.
    if (!isKnownAnlass(limit.occasion) || Number.isNaN(deadline)) return [];
    const id = fristId(personId, limit);
    if (dismissed.includes(id)) return [];
    // A Befristung is stored as the instant it ends (the day after its last day); the banner names the last day.
    const lastDay = limit.occasion === "PERSONENKONTEXT_EXPIRES" ? befristungFromUpstream(limit.deadline) : null;
    return [
      {
        id,
        anlass: limit.occasion,
        datum: lastDay ? formatGermanDay(lastDay) : formatDate(limit.deadline),
        schule: limit.school ?? "",
        rolle: limit.rolle ?? "",
        dringlichkeit: deadline <= now ? "erreicht" : deadline - now < URGENT_DAYS * DAY_MS ? "dringend" : "hinweis",
      },
    ];
  });
}

/** Person, occasion, school, role and date: a new deadline (a changed Befristung) shows again after a dismissal. */
export function fristId(personId: string, limit: UserinfoResponse["timeLimits"][number]): string {
  const key = [personId, limit.occasion, limit.school ?? "", limit.rolle ?? "", limit.deadline].join("\u0000");
  return createHash("sha256").update(key).digest("base64url").slice(0, 10);
}

/** The current user's banners on this request. */
export async function fristenFor(request: Request, user: Pick<CurrentUser, "personId" | "timeLimits">): Promise<Frist[]> {
  if (user.timeLimits.length === 0) return [];
  const dismissed = (await getPortalSession(request)).get("ausgeblendeteFristen") ?? [];
  return fristenOf(user.personId, user.timeLimits, dismissed);
}

/**
 * Set-Cookie value that hides a banner for the rest of the browser session, and says so once on the next page when
 * the page is loaded anew (without JavaScript): one cookie, so the dismissal and the message are written together.
 */
export async function rememberDismissedFrist(request: Request, id: string, { withMessage }: { withMessage: boolean }): Promise<string> {
  const session = await getPortalSession(request);
  const dismissed = (session.get("ausgeblendeteFristen") ?? []).filter((other) => other !== id);
  session.set("ausgeblendeteFristen", [...dismissed, id].slice(-REMEMBERED_DISMISSALS));
  if (withMessage) session.flash("toast", { key: "fristen.ausgeblendet", tone: "info" });
  return commitPortalSession(session);
}
