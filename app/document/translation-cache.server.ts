import type { i18n as I18n } from "i18next";

/**
 * Remembers the German texts the server has already produced (docs/decisions/011). A text depends
 * only on its key, its options and the bundled resources, which never change while the portal runs,
 * so the same call always gives the same string. i18next spends about 12 µs on each call; a page of
 * the class list makes some 200 of them.
 *
 * Only calls whose options are plain values (strings, numbers, booleans, lists of strings) are
 * remembered; anything else (objects, functions, returnObjects) goes to i18next every time.
 */
const MAX_ENTRIES = 10_000;

type Translate = (key: unknown, options?: unknown, ...rest: unknown[]) => unknown;

export function cacheKey(key: unknown, options: unknown): string | null {
  if (typeof key !== "string") return null;
  if (options === undefined) return key;
  if (typeof options !== "object" || options === null) return null;
  for (const value of Object.values(options)) {
    if (value === undefined || value === null) continue;
    const type = typeof value;
    if (type === "string" || type === "number" || type === "boolean") continue;
    if (Array.isArray(value) && value.every((item) => typeof item === "string")) continue;
    return null;
  }
  return `${key}\u0000${JSON.stringify(options)}`;
}

/** Replaces the instance's `t` with a remembering one; `getFixedT` and react-i18next call it at run time. */
export function rememberTranslations(instance: I18n): void {
  // i18next's TFunction type is an overload set with a brand; the wrapper only passes arguments through.
  const translate = instance.t.bind(instance) as unknown as Translate;
  const texts = new Map<string, string>();
  const remembering: Translate = (key, options, ...rest) => {
    const id = rest.length === 0 ? cacheKey(key, options) : null;
    if (id === null) return translate(key, options, ...rest);
    const known = texts.get(id);
    if (known !== undefined) return known;
    const text = translate(key, options);
    if (typeof text === "string") {
      // Values such as class names make keys unbounded; starting over keeps the memory bounded.
      if (texts.size >= MAX_ENTRIES) texts.clear();
      texts.set(id, text);
    }
    return text;
  };
  instance.t = remembering as unknown as I18n["t"];
}
