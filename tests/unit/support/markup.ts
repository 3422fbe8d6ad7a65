/**
 * Reading the HTML that react-dom/server writes, without a DOM: React's static markup is regular (every attribute
 * quoted, every non-void element closed), so start tags, attributes and text can be read with a few expressions.
 * Enough to assert labels, aria links and what a page without JavaScript contains; not a general HTML parser.
 */
export interface MarkupElement {
  tag: string;
  attrs: Record<string, string>;
  /** The element with its content. */
  outer: string;
}

const VOID_TAGS = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const START_TAG = /<([a-z][a-z0-9-]*)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s=>]+)(?:="([^"]*)")?/g;
const ANY_TAG = /<(\/?)([a-z][a-z0-9-]*)\b[^>]*>/g;

export function elements(html: string): MarkupElement[] {
  const found: MarkupElement[] = [];
  for (const match of html.matchAll(START_TAG)) {
    const tag = match[1];
    const attrs: Record<string, string> = {};
    // HTML attribute names ignore case; React writes some in camel case (inputMode, autoComplete).
    for (const attribute of match[2].matchAll(ATTRIBUTE)) attrs[attribute[1].toLowerCase()] = decode(attribute[2] ?? "");
    const start = match.index ?? 0;
    const openEnd = start + match[0].length;
    found.push({ tag, attrs, outer: html.slice(start, VOID_TAGS.has(tag) ? openEnd : closingEnd(html, tag, openEnd)) });
  }
  return found;
}

function closingEnd(html: string, tag: string, from: number): number {
  let depth = 1;
  ANY_TAG.lastIndex = from;
  for (let match = ANY_TAG.exec(html); match; match = ANY_TAG.exec(html)) {
    if (match[2] !== tag) continue;
    depth += match[1] ? -1 : 1;
    if (depth === 0) return match.index + match[0].length;
  }
  throw new Error(`<${tag}> is not closed`);
}

export function textOf(html: string): string {
  return decode(html.replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

export function byId(html: string, id: string): MarkupElement {
  const found = elements(html).filter((element) => element.attrs.id === id);
  if (found.length !== 1) throw new Error(`${found.length} elements with id "${id}"`);
  return found[0];
}

export function byTag(html: string, tag: string): MarkupElement[] {
  return elements(html).filter((element) => element.tag === tag);
}

/** The text of the `<label for>` of a control; throws if there is none or more than one. */
export function labelOf(html: string, id: string): string {
  const labels = byTag(html, "label").filter((label) => label.attrs.for === id);
  if (labels.length !== 1) throw new Error(`${labels.length} labels for "${id}"`);
  return textOf(labels[0].outer);
}

/** The texts an element's `aria-describedby` points at, in order. */
export function descriptionOf(html: string, element: MarkupElement): string[] {
  return (element.attrs["aria-describedby"] ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => textOf(byId(html, id).outer));
}

/** The `<legend>` text of a fieldset. */
export function legendOf(fieldset: MarkupElement): string {
  const legend = byTag(fieldset.outer, "legend")[0];
  if (!legend) throw new Error("fieldset without legend");
  return textOf(legend.outer);
}
