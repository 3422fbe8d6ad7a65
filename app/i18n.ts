import common from "../locales/de/common.json";
import errors from "../locales/de/errors.json";

/** German only, German as fallback; the texts are bundled, so no backend is needed. */
export default {
  supportedLngs: ["de"],
  fallbackLng: "de",
  defaultNS: "common",
  ns: ["common", "errors"],
  resources: { de: { common, errors } },
  // React escapes every interpolated value itself.
  interpolation: { escapeValue: false },
};
