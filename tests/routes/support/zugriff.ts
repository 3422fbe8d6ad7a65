import { expect } from "vitest";
import { stableId } from "../../../upstream/reference/lib/ids.ts";
import { demoPersonId } from "../../../upstream/reference/seed/demo-persons.ts";
import type { Portal, PortalVisitor } from "./portal.ts";

export { demoPersonId };

/**
 * Pages and posts a user has no right to (tests/routes/zugriff-ohne-recht*.test.ts). The product standard: a missing
 * right is the not-found page, in German, the same with or without JavaScript, so no browser is needed to see it.
 */

/** The not-found page as the error boundary writes it (locales/de: `errorPage.notFoundTitle`, `errors:NOT_FOUND`). */
export const NICHT_GEFUNDEN = {
  titel: "Seite nicht gefunden",
  text: "Die aufgerufene Seite oder der gesuchte Eintrag wurde nicht gefunden, oder Ihnen fehlt die Berechtigung dafür.",
};

/** An offer's id in the seed. */
export const angebot = (key: string) => stableId(`sp:${key}`);

export type Stufe = "silver" | "gold";

/** Logged-in visitors of the demo accounts, one per account and level, each logged in on first use. */
export function anmeldungen(portal: Portal): (konto: string, stufe: Stufe) => Promise<PortalVisitor> {
  const visitors = new Map<string, Promise<PortalVisitor>>();
  return (konto, stufe) => {
    const key = `${konto} ${stufe}`;
    const known = visitors.get(key);
    if (known) return known;
    const visitor = portal.loggedIn(konto, stufe);
    visitors.set(key, visitor);
    return visitor;
  };
}

/** Text content of an HTML fragment: tags (and React's text separators) removed, entities decoded, white space folded. */
export function textOf(fragment: string): string {
  return fragment
    .replace(/<[^>]*>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** The page's headings of levels 1 to 3, in order. */
export function ueberschriften(html: string): string[] {
  return [...html.matchAll(/<h([1-3])\b[^>]*>([\s\S]*?)<\/h\1>/g)].map((match) => textOf(match[2]));
}

/** The accessible names of the page's links: their `aria-label`, or else their text. */
export function linkNamen(html: string): string[] {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map((match) => {
    const label = /\baria-label="([^"]*)"/.exec(match[1]);
    return label ? textOf(label[1]) : textOf(match[2]);
  });
}

/** The labels of a select's options, found by the select's `name`. */
export function optionen(html: string, name: string): string[] {
  const select = new RegExp(`<select\\b[^>]*\\bname="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html);
  return select ? [...select[1].matchAll(/<option\b[^>]*>([\s\S]*?)<\/option>/g)].map((match) => textOf(match[1])) : [];
}

/** The answer is the German not-found page: status 404, its heading and its text. */
export async function expectNichtGefunden(response: Response, wo: string) {
  expect(response.status, wo).toBe(404);
  expect(response.headers.get("Content-Type"), wo).toMatch(/^text\/html/);
  const html = await response.text();
  expect(ueberschriften(html)[0], wo).toBe(NICHT_GEFUNDEN.titel);
  expect(html, wo).toContain(NICHT_GEFUNDEN.text);
}

/** The upstream calls since the list was last cleared that are not reads: what a refused post must not cause. */
export const schreibendeAufrufe = (portal: Portal) => portal.upstreamCalls.filter((call) => !call.startsWith("GET "));
