import i18next, { type ParseKeys } from "i18next";
import type common from "../locales/de/common.json";
import type errors from "../locales/de/errors.json";
import type hinweise from "../locales/de/hinweise.json";
import type klassen from "../locales/de/klassen.json";
import type landesbedienstete from "../locales/de/landesbedienstete.json";
import type person from "../locales/de/person.json";
import type personDetails from "../locales/de/personDetails.json";
import type personAktionen from "../locales/de/personAktionen.json";
import type personen from "../locales/de/personen.json";
import type schulen from "../locales/de/schulen.json";
import type schultraeger from "../locales/de/schultraeger.json";
import type schultraegerSchulen from "../locales/de/schultraegerSchulen.json";
import type zuordnungen from "../locales/de/zuordnungen.json";
import type zweiFaktor from "../locales/de/zweiFaktor.json";
import type rollen from "../locales/de/rollen.json";
import type angebote from "../locales/de/angebote.json";
import type mehrfach from "../locales/de/mehrfach.json";
import type personenimport from "../locales/de/personenimport.json";
import type profil from "../locales/de/profil.json";
import type portalseiten from "../locales/de/portalseiten.json";

/**
 * The portal's texts (docs/decisions/013): German only, German as fallback, one namespace per area. Keys of
 * `common` are written bare, keys of any other namespace as `namespace:key`, in every place a key appears.
 * A route names the namespaces its page needs in `handle.i18n`; the server has all of them, the browser loads
 * a page's namespaces before it shows the page.
 */
export const NAMESPACES = [
  "common",
  "errors",
  "klassen",
  "personen",
  "person",
  "personDetails",
  "personAktionen",
  "landesbedienstete",
  "zweiFaktor",
  "schulen",
  "schultraeger",
  "schultraegerSchulen",
  "hinweise",
  "zuordnungen",
  "rollen",
  "angebote",
  "mehrfach",
  "personenimport",
  "profil",
  "portalseiten",
] as const;
export type TextNamespace = (typeof NAMESPACES)[number];

export default {
  supportedLngs: ["de"],
  fallbackLng: "de",
  defaultNS: "common",
  // React escapes every interpolated value itself.
  interpolation: { escapeValue: false },
} as const;

declare module "i18next" {
  interface CustomTypeOptions {
    // At run time the default namespace is `common`. For the types it lists every namespace: a `t` then takes
    // `common`'s keys bare and every namespace's keys as `namespace:key`, which is exactly how i18next resolves
    // them, so a key that does not exist fails the typecheck wherever it is written.
    defaultNS: typeof NAMESPACES;
    resources: {
      common: typeof common;
      errors: typeof errors;
      klassen: typeof klassen;
      personen: typeof personen;
      person: typeof person;
      personDetails: typeof personDetails;
      personAktionen: typeof personAktionen;
      landesbedienstete: typeof landesbedienstete;
      zweiFaktor: typeof zweiFaktor;
      schulen: typeof schulen;
      schultraeger: typeof schultraeger;
      schultraegerSchulen: typeof schultraegerSchulen;
      hinweise: typeof hinweise;
      zuordnungen: typeof zuordnungen;
      rollen: typeof rollen;
      angebote: typeof angebote;
      mehrfach: typeof mehrfach;
      personenimport: typeof personenimport;
      profil: typeof profil;
      portalseiten: typeof portalseiten;
    };
  }
}

/** Any key of any namespace, as it is written (`"form.save"`, `"klassen:list.title"`): for keys passed as data. */
export type TranslationKey = ParseKeys;

/**
 * Marks a literal as a key where it is written but used later as plain text: zod messages, which conform hands to
 * the field as strings. The type checks the key; the value is unchanged.
 */
export function textKey<const Key extends TranslationKey>(key: Key): Key {
  return key;
}

/**
 * conform carries field messages as plain strings. Every message the portal puts there is a key (schemas through
 * `textKey`, upstream refusals through `errorMessageKey`), so a field message is read back as one; the unit test
 * "texte" checks that every schema message exists. A string that is no key is shown as it is.
 */
export function fieldMessageKey(message: string): TranslationKey {
  return message as TranslationKey;
}

/** What a route's `handle` may say about its texts (remix-i18next reads `i18n`). */
export interface I18nHandle {
  i18n?: TextNamespace | readonly TextNamespace[];
}

/** The known namespaces among `names`, each once. */
export function knownNamespaces(names: readonly unknown[]): TextNamespace[] {
  return [...new Set(names.filter((name): name is TextNamespace => (NAMESPACES as readonly unknown[]).includes(name)))];
}

/** The namespace a key is written for: the part before the colon, else `common`. */
export function namespaceOfKey(key: string): string {
  const colon = key.indexOf(":");
  return colon === -1 ? "common" : key.slice(0, colon);
}

/** The namespaces named by the handles of the routes on a page. */
export function namespacesOf(handles: readonly unknown[]): TextNamespace[] {
  return knownNamespaces(
    handles.flatMap((handle) => {
      const declared = typeof handle === "object" && handle !== null ? (handle as I18nHandle).i18n : undefined;
      return typeof declared === "string" ? [declared] : (declared ?? []);
    }),
  );
}

/**
 * "<page> – Schulportal" (or "Schulportal" alone) for `meta`. `meta` runs on the server and, on client-side
 * navigations, in the browser; both times the instance that renders the page translates (on the server the one
 * shared instance of `.server/i18n.server.ts`, in the browser the one of `entry.client.tsx`), and the page's
 * namespaces are loaded by then.
 */
export function pageTitle(key?: TranslationKey, values?: Record<string, string>): string {
  const app = i18next.t("app.name");
  return key ? `${i18next.t(key, values)} – ${app}` : app;
}
