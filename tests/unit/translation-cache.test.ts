import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import i18n, { type TranslationKey } from "~/i18n";
import { cacheKey, rememberTranslations } from "~/document/translation-cache.server";
import { resources } from "~/.server/i18n.server";

function germanInstance() {
  const instance = createInstance();
  void instance.init({ ...i18n, lng: "de", resources, initImmediate: false });
  return instance;
}

describe("Zwischenspeicher der deutschen Texte auf dem Server", () => {
  it("liefert dieselben Texte wie i18next, auch mit Werten, Mehrzahl und über getFixedT", () => {
    const plain = germanInstance();
    const remembered = germanInstance();
    rememberTranslations(remembered);
    const calls: [TranslationKey, Record<string, unknown>?][] = [
      ["nav.start"],
      ["klassen:delete.triggerFor", { name: "5a", schule: "0710001 (Gemeinschaftsschule am Deich)" }],
      ["klassen:delete.triggerFor", { name: "5b", schule: "0710001 (Gemeinschaftsschule am Deich)" }],
      ["klassen:list.count", { count: 1 }],
      ["klassen:list.count", { count: 7 }],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [key, options] of calls) {
        expect(remembered.t(key, options)).toBe(plain.t(key, options));
        expect(remembered.getFixedT("de")(key, options)).toBe(plain.getFixedT("de")(key, options));
      }
    }
    expect(remembered.t("klassen:list.count", { count: 7 })).not.toBe(remembered.t("klassen:list.count", { count: 1 }));
  });

  it("fragt i18next für denselben Text nur einmal", () => {
    const instance = germanInstance();
    let asked = 0;
    // i18next's TFunction type is an overload set with a brand; the counter only passes arguments through.
    const original = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
    instance.t = ((...args: unknown[]) => {
      asked++;
      return original(...args);
    }) as unknown as typeof instance.t;
    rememberTranslations(instance);
    const t = instance.getFixedT("de");
    for (let i = 0; i < 5; i++) t("klassen:delete.triggerFor", { name: "5a", schule: "A" });
    expect(asked).toBe(1);
    t("klassen:delete.triggerFor", { name: "5b", schule: "A" });
    expect(asked).toBe(2);
  });

  it("merkt sich nichts, dessen Ergebnis von mehr als einfachen Werten abhängen könnte", () => {
    expect(cacheKey("nav.start", undefined)).toBe("nav.start");
    expect(cacheKey("a", { count: 2, ns: ["common"], lng: "de", keyPrefix: undefined })).not.toBeNull();
    expect(cacheKey("a", { returnObjects: true, values: { x: 1 } })).toBeNull();
    expect(cacheKey("a", { postProcess: () => "x" })).toBeNull();
    expect(cacheKey(["a", "b"], undefined)).toBeNull();
  });
});
