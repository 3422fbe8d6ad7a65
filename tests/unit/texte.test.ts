import { readdirSync, readFileSync } from "node:fs";
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { namespaceOfKey, namespacesOf, NAMESPACES, textKey, type TranslationKey } from "~/i18n";
import { adminNavigation, ROUTE_PERMISSIONS } from "~/permissions";
import { CreateKlasseSchema, RenameKlasseSchema } from "~/features/klassen/klasse-forms";
import { resources, sharedI18nInstance as i18n } from "~/.server/i18n.server";
import { KNOWN_PROVIDER_KATEGORIEN, TIME_LIMIT_OCCASIONS } from "../../upstream/contract/enums";

/**
 * Keys written as literals are checked by the typecheck (docs/decisions/013). These tests cover the keys that are
 * put together or carried as plain strings, and the wiring of namespaces to routes.
 */

const ALL_RIGHTS = new Set(Object.values(ROUTE_PERMISSIONS).flat());
const SCHULE = "3f1c7a52-0d4e-4a8e-9a51-6c2b8e0f4d11";

function expectTexts(keys: readonly string[]) {
  const missing = keys.filter((key) => !i18n.exists(key));
  expect(missing, "Schlüssel ohne deutschen Text").toEqual([]);
}

/** Every message the schema gives for these submissions. */
function messagesOf(schema: z.ZodTypeAny, submissions: Record<string, string>[]): string[] {
  return submissions.flatMap((fields) => {
    const formData = new FormData();
    for (const [name, value] of Object.entries(fields)) formData.set(name, value);
    const submission = parseWithZod(formData, { schema });
    if (submission.status === "success") return [];
    return Object.values(submission.reply().error ?? {}).flatMap((messages) => messages ?? []);
  });
}

describe("Texte, deren Schlüssel erst zur Laufzeit entstehen", () => {
  it("jeder Eintrag und jeder Abschnitt des Admin-Menüs hat einen Text", () => {
    const sections = adminNavigation(ALL_RIGHTS);
    expect(sections.length).toBeGreaterThan(5);
    expectTexts(sections.flatMap((section) => [section.label, ...section.entries.map((entry) => entry.label)]));
  });

  it("jede Angebotskategorie und jeder Fristen-Anlass des Upstreams hat eine Überschrift oder einen Hinweis", () => {
    expectTexts([...KNOWN_PROVIDER_KATEGORIEN, "SONSTIGE"].map((kategorie) => `start.kategorie.${kategorie}`));
    expectTexts(TIME_LIMIT_OCCASIONS.flatMap((occasion) => [`fristen.text.${occasion}`, `fristen.ausblenden.${occasion}`]));
  });

  it("jede Meldung der Klassenformulare ist ein Schlüssel mit deutschem Text", () => {
    const messages = [
      ...messagesOf(CreateKlasseSchema, [
        {},
        { schule: "keine-id", name: "" },
        { schule: SCHULE, name: " 5a" },
        { schule: SCHULE, name: "5a<b>" },
        { schule: SCHULE, name: "Üß" },
        { schule: SCHULE, name: "x".repeat(201) },
      ]),
      ...messagesOf(RenameKlasseSchema, [
        { name: "", version: "1" },
        { name: "Ä", version: "1" },
      ]),
    ];
    expect(new Set(messages).size).toBeGreaterThanOrEqual(6);
    expectTexts(messages);
  });

  it("ein Schlüssel, den es nicht gibt, scheitert schon an der Typprüfung", () => {
    // @ts-expect-error: the class texts have no such key, so `npx tsc` refuses it
    const missing: TranslationKey = "klassen:gibtsnicht";
    // @ts-expect-error: a class key written without its namespace is not a key of `common`
    textKey("list.title");
    expect(i18n.exists(missing)).toBe(false);
    expect(i18n.t("klassen:list.title")).toBe("Klassenverwaltung");
  });
});

describe("Namensräume", () => {
  it("der Server hat jeden Namensraum, und jeder ist eine Datei in locales/de", () => {
    expect(Object.keys(resources.de).sort()).toEqual([...NAMESPACES].sort());
    const files = readdirSync("locales/de").filter((file) => file !== "reference-upstream.json");
    expect(files.map((file) => file.replace(/\.json$/, "")).sort()).toEqual([...NAMESPACES].sort());
  });

  // It imports every route module: on a busy machine that takes longer than the default five seconds.
  it("eine Seite, die Texte eines Bereichs selbst schreibt, nennt den Bereich in handle.i18n", { timeout: 30_000 }, async () => {
    const routes = readdirSync("app/routes").filter((file) => file.endsWith(".tsx"));
    const unnamed: string[] = [];
    for (const file of routes) {
      const source = readFileSync(`app/routes/${file}`, "utf8");
      const written = new Set(
        [...source.matchAll(/["'`]([a-z]+):[A-Za-z0-9_]/g)].map((match) => match[1]).filter((namespace) => namespace !== "common"),
      );
      const module: { handle?: unknown; default?: unknown } = await import(`../../app/routes/${file}`);
      // A resource route renders nothing in the browser; its texts come from `getFixedT` on the server.
      if (!module.default) continue;
      const named = namespacesOf([module.handle]);
      for (const namespace of written) {
        if ((NAMESPACES as readonly string[]).includes(namespace) && !named.includes(namespace as (typeof NAMESPACES)[number])) {
          unnamed.push(`${file}: ${namespace}`);
        }
      }
    }
    expect(unnamed).toEqual([]);
  });

  it("ein Schlüssel nennt seinen Namensraum vor dem Doppelpunkt, sonst ist es common", () => {
    expect(namespaceOfKey("klassen:list.title")).toBe("klassen");
    expect(namespaceOfKey("form.save")).toBe("common");
  });
});
