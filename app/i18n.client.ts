import i18next, { type BackendModule, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import common from "../locales/de/common.json";
import i18n, { knownNamespaces, type TextNamespace } from "./i18n";

/**
 * The browser's texts. `common` (layout, navigation, forms, start, profile) is needed by every page and comes with
 * the entry bundle. Every other namespace is a chunk of its own, loaded when a page names it in `handle.i18n`, so
 * the bundle does not grow with each new area. The compiler (esbuild in Remix's classic compiler) has no glob
 * imports, hence one `import()` per namespace; the type makes a new namespace fail the typecheck until it is here.
 */
const CHUNKS: Record<Exclude<TextNamespace, "common">, () => Promise<{ default: ResourceKey }>> = {
  errors: () => import("../locales/de/errors.json"),
  klassen: () => import("../locales/de/klassen.json"),
  personen: () => import("../locales/de/personen.json"),
  person: () => import("../locales/de/person.json"),
  personDetails: () => import("../locales/de/personDetails.json"),
  personAktionen: () => import("../locales/de/personAktionen.json"),
  landesbedienstete: () => import("../locales/de/landesbedienstete.json"),
  zweiFaktor: () => import("../locales/de/zweiFaktor.json"),
  schulen: () => import("../locales/de/schulen.json"),
  schultraeger: () => import("../locales/de/schultraeger.json"),
  schultraegerSchulen: () => import("../locales/de/schultraegerSchulen.json"),
  hinweise: () => import("../locales/de/hinweise.json"),
  zuordnungen: () => import("../locales/de/zuordnungen.json"),
  rollen: () => import("../locales/de/rollen.json"),
  angebote: () => import("../locales/de/angebote.json"),
  mehrfach: () => import("../locales/de/mehrfach.json"),
  personenimport: () => import("../locales/de/personenimport.json"),
  profil: () => import("../locales/de/profil.json"),
  portalseiten: () => import("../locales/de/portalseiten.json"),
};

const namespaceChunks: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const supported = (i18n.supportedLngs as readonly string[]).includes(language);
    const load = supported && Object.hasOwn(CHUNKS, namespace) ? CHUNKS[namespace as keyof typeof CHUNKS] : null;
    if (!load) return callback(new Error(`Keine Texte für ${language}/${namespace}`), false);
    load().then(
      (chunk) => callback(null, chunk.default),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * Starts i18next with the language the server rendered in (`<html lang>`) and the namespaces of the routes it
 * rendered (remix-i18next's `getInitialNamespaces`), and resolves once they are loaded: hydration then renders the
 * same texts as the server, never a key.
 */
export function startI18n(): Promise<unknown> {
  return i18next
    .use(initReactI18next)
    .use(namespaceChunks)
    .init({
      ...i18n,
      lng: document.documentElement.lang || i18n.fallbackLng,
      ns: knownNamespaces(["common", ...getInitialNamespaces(), ...(serverRenderedAnError() ? ["errors"] : [])]),
      resources: { de: { common } },
      // `common` is bundled; the backend loads the rest.
      partialBundledLanguages: true,
      // A key the page uses from a namespace its route did not name shows as a key; say so in the console.
      saveMissing: true,
      missingKeyHandler: (languages, namespace, key) => console.error(`Text fehlt: ${namespace}:${key} (${languages.join(", ")})`),
    });
}

/**
 * An error page from the server (not found, upstream down) writes in `errors`, which no route names: loaded before
 * hydration too, otherwise the boundary could hydrate before its texts arrive and differ from the server's HTML.
 * The page says so in its markup; the router's own state is still being decoded at this point.
 */
function serverRenderedAnError(): boolean {
  return document.querySelector('[data-texts="errors"]') !== null;
}
