// A plain JSON import: tsx and vitest both load it, whereas `with { type: "json" }` is not handled by every loader.
import texts from "../../../locales/de/reference-upstream.json";

/** Dotted paths to the leaf strings of the text file, so a misspelt key fails the type check instead of the page. */
type KeyPaths<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeyPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type TextKey = KeyPaths<typeof texts>;
export type TextValues = Record<string, string | number>;

/** The text as plain (unescaped) string with `{{name}}` placeholders filled in; unknown placeholders stay visible. */
export function plainText(key: TextKey, values: TextValues = {}): string {
  let node: unknown = texts;
  for (const part of key.split(".")) node = (node as Record<string, unknown>)[part];
  if (typeof node !== "string") throw new Error(`Text ${key} fehlt in reference-upstream.json`);
  return node.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));
}
