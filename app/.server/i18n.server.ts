import { RemixI18Next } from "remix-i18next/server";
import i18n from "~/i18n";

export const i18next = new RemixI18Next({
  detection: { supportedLanguages: i18n.supportedLngs, fallbackLanguage: i18n.fallbackLng },
  i18next: i18n,
});

/** The German `t` for texts a loader or `meta` needs (page titles, messages in data). */
export function germanT(request: Request) {
  return i18next.getFixedT(request);
}
