import type { Systemrecht } from "@contract/enums";
import type { TranslationKey } from "./i18n";
import type { RoutePermission } from "./permissions";

/** The table of admin screens; `permissions.ts` reads it against a user's rights (menu, tile, buttons). */
export interface AdminScreen {
  path: string;
  /** i18n keys of the navigation entry and of its section */
  label: TranslationKey;
  section: TranslationKey;
  /** The route permissions of spec section 2 that the screen's loader and action check. */
  permissions: readonly RoutePermission[];
  /** Other route permissions, each of which opens the screen as well (`requireAdmin`'s `orPermissions`). */
  orPermissions?: readonly RoutePermission[];
  /** A function the upstream can switch off (`GET /api/config`): switched off, the entry is not shown. */
  funktion?: "angeboteErstellen";
  /**
   * The rights the menu asks for where they differ from the route's: the Schulträger entry uses the real right
   * while the route keeps the replaced client's guard (decided with the Schulträger screens); "Andere Person (neu
   * anlegen)" is shown with its own right alone, as the spec's menu says, while its route also asks for person
   * administration.
   */
  menuRights?: readonly Systemrecht[];
  /** Position in the order the "Schulportal-Administration" tile tries the areas (spec: persons, roles, schools, classes). */
  tileOrder?: number;
  /** Whether the screen exists yet: the tile and /admin lead only to built screens, so nobody lands on "not found". */
  built?: boolean;
}

/**
 * The admin screens of spec section 2, in menu order: one table for the side navigation, the tile's target, and
 * which buttons to a screen a page may show (`mayOpen`). The side navigation lists every entry of the spec, built
 * or not.
 */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  {
    path: "/admin/personen",
    label: "nav.personen.list",
    section: "nav.personen.section",
    permissions: ["personenverwaltung"],
    tileOrder: 1,
    built: true,
  },
  {
    path: "/admin/personen/new",
    label: "nav.personen.new",
    section: "nav.personen.section",
    permissions: ["personenverwaltung", "personenanlegen"],
    built: true,
  },
  {
    path: "/admin/personen/import",
    label: "nav.personen.import",
    section: "nav.personen.section",
    permissions: ["personenverwaltung", "personenimport"],
    built: true,
  },
  {
    path: "/admin/limited/personen/search",
    label: "nav.hinzufuegen.search",
    section: "nav.hinzufuegen.section",
    // The route needs the person administration too (spec section 2); the menu asks for the right it is named by.
    permissions: ["personenverwaltung", "landesbedienstetesuchenundhinzufuegen"],
    menuRights: ["LANDESBEDIENSTETE_SUCHEN_UND_HINZUFUEGEN"],
    built: true,
  },
  {
    path: "/admin/limited/personen/new",
    label: "nav.hinzufuegen.new",
    section: "nav.hinzufuegen.section",
    // The route asks for person administration too (spec section 2); the menu shows the entry with its own right.
    permissions: ["personenverwaltung", "limitedpersonenanlegen"],
    menuRights: ["EINGESCHRAENKT_NEUE_BENUTZER_ERSTELLEN"],
    built: true,
  },
  {
    path: "/admin/klassen",
    label: "nav.klassen.list",
    section: "nav.klassen.section",
    permissions: ["klassenverwaltung"],
    tileOrder: 4,
    built: true,
  },
  { path: "/admin/klassen/new", label: "nav.klassen.new", section: "nav.klassen.section", permissions: ["klassenverwaltung"], built: true },
  {
    path: "/admin/rollen",
    label: "nav.rollen.list",
    section: "nav.rollen.section",
    permissions: ["rollenverwaltung"],
    tileOrder: 2,
    built: true,
  },
  { path: "/admin/rollen/new", label: "nav.rollen.new", section: "nav.rollen.section", permissions: ["rollenverwaltung"], built: true },
  // The offers come after the spec's four areas in the tile's order, so an offer administrator's tile leads somewhere
  // (decision 024).
  {
    path: "/admin/angebote",
    label: "nav.angebote.list",
    section: "nav.angebote.section",
    permissions: ["angebotsverwaltung"],
    tileOrder: 5,
    built: true,
  },
  {
    path: "/admin/angebote/erweiterbar",
    label: "nav.angebote.erweiterbar",
    section: "nav.angebote.section",
    permissions: ["rollenerweiterung"],
    tileOrder: 6,
    built: true,
  },
  {
    path: "/admin/angebote/new",
    label: "nav.angebote.new",
    section: "nav.angebote.section",
    permissions: ["angebotsverwaltung"],
    orPermissions: ["eingeschraenkteangebotsverwaltung"],
    funktion: "angeboteErstellen",
    built: true,
  },
  {
    path: "/admin/schulen",
    label: "nav.schulen.list",
    section: "nav.schulen.section",
    permissions: ["schulverwaltung"],
    tileOrder: 3,
    built: true,
  },
  { path: "/admin/schulen/new", label: "nav.schulen.new", section: "nav.schulen.section", permissions: ["schulverwaltung"], built: true },
  {
    path: "/admin/schultraeger",
    label: "nav.schultraeger.list",
    section: "nav.schultraeger.section",
    permissions: ["schultraegerverwaltung"],
    built: true,
  },
  {
    path: "/admin/schultraeger/new",
    label: "nav.schultraeger.new",
    section: "nav.schultraeger.section",
    permissions: ["schultraegerverwaltung"],
    built: true,
  },
  {
    path: "/admin/hinweise/new",
    label: "nav.portal.hinweise",
    section: "nav.portal.section",
    permissions: ["portalverwaltung", "hinweisebearbeiten"],
    built: true,
  },
];
