import type { Systemrecht } from "@contract/enums";
import { ADMIN_SCREENS, type AdminScreen } from "./admin-screens";
import type { TranslationKey } from "./i18n";

/**
 * Route permission keys of the spec (section 2) and the system rights behind them. The client we
 * replace guarded the Schulträger routes with SCHULEN_VERWALTEN while its menu used the real right;
 * here route and menu both ask SCHULTRAEGER_VERWALTEN, the right the upstream checks (decision 020).
 */
export const ROUTE_PERMISSIONS = {
  personenverwaltung: ["PERSONEN_VERWALTEN"],
  personenanlegen: ["PERSONEN_ANLEGEN"],
  personenimport: ["IMPORT_DURCHFUEHREN"],
  landesbedienstetesuchenundhinzufuegen: ["LANDESBEDIENSTETE_SUCHEN_UND_HINZUFUEGEN"],
  limitedpersonenanlegen: ["EINGESCHRAENKT_NEUE_BENUTZER_ERSTELLEN"],
  klassenverwaltung: ["KLASSEN_VERWALTEN"],
  rollenverwaltung: ["ROLLEN_VERWALTEN"],
  angebotsverwaltung: ["ANGEBOTE_VERWALTEN"],
  // Not a key of the spec: a school's own offers (the current upstream's restricted offer administration, issue 34 §1).
  eingeschraenkteangebotsverwaltung: ["ANGEBOTE_EINGESCHRAENKT_VERWALTEN"],
  // Not a key of the spec: the school-specific role extension it names among the role functions (decision 024).
  rollenerweiterung: ["ROLLEN_ERWEITERN"],
  schulverwaltung: ["SCHULEN_VERWALTEN"],
  schultraegerverwaltung: ["SCHULTRAEGER_VERWALTEN"],
  portalverwaltung: ["SCHULPORTAL_VERWALTEN"],
  hinweisebearbeiten: ["HINWEISE_BEARBEITEN"],
} as const satisfies Record<string, readonly Systemrecht[]>;

export type RoutePermission = keyof typeof ROUTE_PERMISSIONS;

/** The union of the systemrechte of all the user's Personenkontexte (spec section 6). */
export function systemrechteOf(personenkontexte: { rolle: { systemrechte: string[] } }[]): Set<string> {
  return new Set(personenkontexte.flatMap((kontext) => kontext.rolle.systemrechte));
}

/** All listed permissions must hold; an unknown key counts as not held. */
export function hasPermissions(rights: ReadonlySet<string>, required: readonly string[]): boolean {
  return required.every((key) => {
    const needed = (ROUTE_PERMISSIONS as Record<string, readonly string[]>)[key];
    return needed !== undefined && needed.every((right) => rights.has(right));
  });
}

/**
 * What a user may do on a screen beyond opening it: one table, read on the server (`can(user, …)`), whose answers the
 * loaders hand to their pages as flags. Only this module reads a user's rights directly (lint checks it).
 */
export const ACTION_RIGHTS = {
  personLoeschen: ["PERSONEN_SOFORT_LOESCHEN"],
  personSynchronisieren: ["PERSON_SYNCHRONISIEREN"],
  /** Choosing persons for a bulk action at all (the list's checkboxes, the bulk screens and their files). */
  mehrfachAuswaehlen: ["BULK_VERWALTEN"],
  /** Each bulk action needs the person administration too (inventory §4.7); deleting, the right to delete at once. */
  mehrfachAktion: ["BULK_VERWALTEN", "PERSONEN_VERWALTEN"],
  mehrfachLoeschen: ["BULK_VERWALTEN", "PERSONEN_VERWALTEN", "PERSONEN_SOFORT_LOESCHEN"],
  angeboteVerwalten: ["ANGEBOTE_VERWALTEN"],
  angeboteEingeschraenktVerwalten: ["ANGEBOTE_EINGESCHRAENKT_VERWALTEN"],
  vidisAbrufen: ["SCHULISCHE_VIDIS_ANGEBOTE_ABRUFEN"],
  rolleErweitern: ["ROLLEN_ERWEITERN"],
} as const satisfies Record<string, readonly Systemrecht[]>;

export type Aktion = keyof typeof ACTION_RIGHTS;

export function can(user: { rights: ReadonlySet<string> }, aktion: Aktion): boolean {
  return ACTION_RIGHTS[aktion].every((right) => user.rights.has(right));
}

export interface NavEntry {
  /** i18n key of the entry's label: the table below is checked against the texts by the typecheck */
  label: TranslationKey;
  to: string;
}
export interface NavSection {
  label: TranslationKey;
  entries: NavEntry[];
}

function opens(screen: AdminScreen, rights: ReadonlySet<string>): boolean {
  return hasPermissions(rights, screen.permissions) || (screen.orPermissions ?? []).some((key) => hasPermissions(rights, [key]));
}

function shownInMenu(screen: AdminScreen, rights: ReadonlySet<string>): boolean {
  return screen.menuRights ? screen.menuRights.every((right) => rights.has(right)) : opens(screen, rights);
}

/**
 * The admin side navigation of spec section 2: each entry is shown only with its own rights, and not when the
 * upstream has switched its function off (`ausgeschaltet`).
 */
export function adminNavigation(rights: ReadonlySet<string>, ausgeschaltet: ReadonlySet<string> = new Set()): NavSection[] {
  const sections = new Map<TranslationKey, NavEntry[]>();
  for (const screen of ADMIN_SCREENS) {
    if (!shownInMenu(screen, rights) || (screen.funktion && ausgeschaltet.has(screen.funktion))) continue;
    const entries = sections.get(screen.section) ?? [];
    entries.push({ label: screen.label, to: screen.path });
    sections.set(screen.section, entries);
  }
  return [...sections].map(([label, entries]) => ({ label, entries }));
}

/** Whether a page may offer a button to this admin screen (e.g. "Klasse anlegen" on the class list). */
export function mayOpen(rights: ReadonlySet<string>, path: string): boolean {
  const screen = ADMIN_SCREENS.find((candidate) => candidate.path === path);
  return screen !== undefined && opens(screen, rights);
}

/** The route permissions of an admin screen of the table (what its loader and action check). */
export function screenPermissions(path: string): readonly RoutePermission[] {
  const screen = ADMIN_SCREENS.find((candidate) => candidate.path === path);
  if (!screen) throw new Error(`Kein Verwaltungsbildschirm: ${path}`);
  return screen.permissions;
}

/** Admin screens that exist; the tile and /admin lead only there. */
export const BUILT_ADMIN_AREAS: ReadonlySet<string> = new Set(ADMIN_SCREENS.filter((screen) => screen.built).map((screen) => screen.path));

/** Where the "Schulportal-Administration" tile and /admin lead: the first built admin area the user may use. */
export function firstAdminPath(rights: ReadonlySet<string>, built = BUILT_ADMIN_AREAS): string | null {
  const candidates = ADMIN_SCREENS.filter((screen) => screen.tileOrder !== undefined).sort((a, b) => a.tileOrder! - b.tileOrder!);
  return candidates.find((screen) => built.has(screen.path) && hasPermissions(rights, screen.permissions))?.path ?? null;
}
