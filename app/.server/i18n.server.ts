import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import common from "../../locales/de/common.json";
import errors from "../../locales/de/errors.json";
import hinweise from "../../locales/de/hinweise.json";
import klassen from "../../locales/de/klassen.json";
import schulen from "../../locales/de/schulen.json";
import schultraeger from "../../locales/de/schultraeger.json";
import schultraegerSchulen from "../../locales/de/schultraegerSchulen.json";
import landesbedienstete from "../../locales/de/landesbedienstete.json";
import zuordnungen from "../../locales/de/zuordnungen.json";
import zweiFaktor from "../../locales/de/zweiFaktor.json";
import person from "../../locales/de/person.json";
import personDetails from "../../locales/de/personDetails.json";
import personAktionen from "../../locales/de/personAktionen.json";
import personen from "../../locales/de/personen.json";
import rollen from "../../locales/de/rollen.json";
import angebote from "../../locales/de/angebote.json";
import mehrfach from "../../locales/de/mehrfach.json";
import personenimport from "../../locales/de/personenimport.json";
import profil from "../../locales/de/profil.json";
import portalseiten from "../../locales/de/portalseiten.json";
import i18n, { NAMESPACES, type TextNamespace } from "~/i18n";

/** Every namespace, bundled with the server: nothing is read from disk while a request waits. */
export const resources = {
  de: {
    common,
    errors,
    klassen,
    personen,
    person,
    personDetails,
    personAktionen,
    landesbedienstete,
    zweiFaktor,
    schulen,
    schultraeger,
    schultraegerSchulen,
    hinweise,
    zuordnungen,
    rollen,
    angebote,
    mehrfach,
    personenimport,
    profil,
    portalseiten,
  },
} satisfies {
  de: Record<TextNamespace, object>;
};

/**
 * One i18next instance for every request, the module's default instance (so `pageTitle` in `meta` finds it): the
 * portal speaks only German and the texts are bundled, so nothing differs between requests. Creating and
 * initialising an instance per request cost about 0.8 ms of CPU per page (docs/decisions/011, §3), and i18next's
 * own `t` is remembered by the document module (document/translation-cache.server.ts, applied in render.server.tsx,
 * so this module stays free of the portal's environment: the kit's journeys render with it alone).
 */
void i18next.use(initReactI18next).init({ ...i18n, lng: "de", ns: [...NAMESPACES], resources, initImmediate: false });

export { i18next as sharedI18nInstance };

/**
 * remix-i18next's server side. `getLocale` tells a request's language (German for everyone while German is the
 * only language); the root loader hands it to the browser.
 */
export const remixI18next = new RemixI18Next({
  detection: { supportedLanguages: [...i18n.supportedLngs], fallbackLanguage: i18n.fallbackLng },
});

/**
 * A `t` for texts a loader, an action or a resource route produces, in the request's language: remix-i18next's
 * `getFixedT(request)`, on the shared instance. remix-i18next's own `getFixedT` creates and initialises an instance
 * per call (what docs/decisions/011 §3 measured and removed); this one costs a language lookup. Keys are written as
 * everywhere else (`"errors:UPSTREAM_UNAVAILABLE.message"`), so no namespace argument. A second language will need
 * one shared instance per language.
 */
export async function getFixedT(request: Request) {
  return i18next.getFixedT(await remixI18next.getLocale(request));
}
