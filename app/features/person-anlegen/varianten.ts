import type { Systemrecht } from "@contract/enums";
import type { TranslationKey } from "~/i18n";
import { screenPermissions, type RoutePermission } from "~/permissions";

/**
 * The two ways to create a person (inventory §4.9): the full one of person administration, and the restricted one of
 * "Person hinzufügen", whose every workflow step names the restricted right (the upstream then offers only the
 * organisations and role kinds that right allows). One screen, two sets of words.
 */
export type AnlegenVariante = "voll" | "eingeschraenkt";

interface VarianteConfig {
  path: string;
  permissions: readonly RoutePermission[];
  /** Sent with every step as `requestedWithSystemrecht`. */
  systemrecht?: Systemrecht;
  texts: {
    title: TranslationKey;
    submit: TranslationKey;
    another: TranslationKey;
    done: TranslationKey;
  };
}

export const ANLEGEN_VARIANTEN: Record<AnlegenVariante, VarianteConfig> = {
  voll: {
    path: "/admin/personen/new",
    permissions: screenPermissions("/admin/personen/new"),
    texts: {
      title: "person:anlegen.voll.title",
      submit: "person:anlegen.voll.submit",
      another: "person:anlegen.voll.another",
      done: "person:anlegen.voll.done",
    },
  },
  eingeschraenkt: {
    path: "/admin/limited/personen/new",
    permissions: screenPermissions("/admin/limited/personen/new"),
    systemrecht: "EINGESCHRAENKT_NEUE_BENUTZER_ERSTELLEN",
    texts: {
      title: "person:anlegen.eingeschraenkt.title",
      submit: "person:anlegen.eingeschraenkt.submit",
      another: "person:anlegen.eingeschraenkt.another",
      done: "person:anlegen.eingeschraenkt.done",
    },
  },
};
