import type { Systemrecht } from "../upstream/contract/enums";

/**
 * Route permission keys of the spec (section 2) and the system rights behind them. The client we
 * replace guarded the Schulträger routes with SCHULEN_VERWALTEN; the spec keeps that, the menu
 * uses the real right.
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
  schulverwaltung: ["SCHULEN_VERWALTEN"],
  schultraegerverwaltung: ["SCHULEN_VERWALTEN"],
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

export interface NavEntry {
  /** i18n key of the entry's label */
  label: string;
  to: string;
}
export interface NavSection {
  label: string;
  entries: NavEntry[];
}

/** The admin side navigation of spec section 2: each entry is shown only with its own rights. */
export function adminNavigation(rights: ReadonlySet<string>): NavSection[] {
  const has = (...required: Systemrecht[]) => required.every((right) => rights.has(right));
  const sections: NavSection[] = [
    {
      label: "nav.personen.section",
      entries: [
        has("PERSONEN_VERWALTEN") && { label: "nav.personen.list", to: "/admin/personen" },
        has("PERSONEN_VERWALTEN", "PERSONEN_ANLEGEN") && { label: "nav.personen.new", to: "/admin/personen/new" },
        has("PERSONEN_VERWALTEN", "IMPORT_DURCHFUEHREN") && { label: "nav.personen.import", to: "/admin/personen/import" },
      ].filter(isEntry),
    },
    {
      label: "nav.hinzufuegen.section",
      entries: [
        has("LANDESBEDIENSTETE_SUCHEN_UND_HINZUFUEGEN") && {
          label: "nav.hinzufuegen.search",
          to: "/admin/limited/personen/search",
        },
        has("EINGESCHRAENKT_NEUE_BENUTZER_ERSTELLEN") && {
          label: "nav.hinzufuegen.new",
          to: "/admin/limited/personen/new",
        },
      ].filter(isEntry),
    },
    section("nav.klassen", has("KLASSEN_VERWALTEN"), "/admin/klassen"),
    section("nav.rollen", has("ROLLEN_VERWALTEN"), "/admin/rollen"),
    {
      label: "nav.angebote.section",
      entries: has("ANGEBOTE_VERWALTEN") ? [{ label: "nav.angebote.list", to: "/admin/angebote" }] : [],
    },
    section("nav.schulen", has("SCHULEN_VERWALTEN"), "/admin/schulen"),
    section("nav.schultraeger", has("SCHULTRAEGER_VERWALTEN"), "/admin/schultraeger"),
    {
      label: "nav.portal.section",
      entries: has("SCHULPORTAL_VERWALTEN", "HINWEISE_BEARBEITEN")
        ? [{ label: "nav.portal.hinweise", to: "/admin/hinweise/new" }]
        : [],
    },
  ];
  return sections.filter((candidate) => candidate.entries.length > 0);
}

function section(prefix: string, shown: boolean, base: string): NavSection {
  return {
    label: `${prefix}.section`,
    entries: shown
      ? [
          { label: `${prefix}.list`, to: base },
          { label: `${prefix}.new`, to: `${base}/new` },
        ]
      : [],
  };
}

function isEntry(entry: NavEntry | false): entry is NavEntry {
  return entry !== false;
}

/** The admin areas in the order the "Schulportal-Administration" tile tries them (spec: persons, roles, schools, classes). */
const ADMIN_START_AREAS: { right: Systemrecht; path: string }[] = [
  { right: "PERSONEN_VERWALTEN", path: "/admin/personen" },
  { right: "ROLLEN_VERWALTEN", path: "/admin/rollen" },
  { right: "SCHULEN_VERWALTEN", path: "/admin/schulen" },
  { right: "KLASSEN_VERWALTEN", path: "/admin/klassen" },
];

/**
 * Admin areas whose screens exist. The tile and /admin lead only there, so nobody lands on "not found"; each area
 * joins when its screens are built. The side navigation already lists every entry of the spec.
 */
export const BUILT_ADMIN_AREAS: ReadonlySet<string> = new Set(["/admin/klassen"]);

/** Where the "Schulportal-Administration" tile and /admin lead: the first built admin area the user may use. */
export function firstAdminPath(rights: ReadonlySet<string>, built = BUILT_ADMIN_AREAS): string | null {
  return ADMIN_START_AREAS.find((area) => rights.has(area.right) && built.has(area.path))?.path ?? null;
}
