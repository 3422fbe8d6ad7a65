import { createInstance } from "i18next";
import i18n from "./i18n";

/**
 * A German `t` for places without React context (meta functions, module constants). The texts are
 * bundled, so initialisation is synchronous.
 */
const instance = createInstance();
instance.init({ ...i18n, lng: "de", initImmediate: false });

export const staticT = instance.t.bind(instance);

/** "<page> – Schulportal" */
export function pageTitle(key: string, values?: Record<string, string>): string {
  return `${staticT(key, values)} – ${staticT("app.name")}`;
}
