import type { OrganisationsTyp, PROVIDER_MERKMALE, ProviderKategorie, RollenMerkmal, Rollenart, Systemrecht } from "../../contract/index.ts";
import { ROOT_ORGANISATION_ID } from "../../contract/index.ts";
import { stableId } from "../lib/ids.ts";
import { DEMO_ACCOUNTS, type DemoUsername } from "./demo-accounts.ts";
import { DEMO_IDS } from "./ids.ts";
import { VIDIS_VOKABELTRAINER } from "./vidis.ts";

/**
 * The demo dataset (ORGANISATIONS_ROLES §9) as plain data. All names are invented for the reference server, except
 * the mandatory base data whose names the upstream logic depends on (ROOT and the two LAND root children).
 */

export interface OrganisationSeed {
  id: string;
  name: string;
  typ: OrganisationsTyp;
  administriertVon: string | null;
  zugehoerigZu: string | null;
  kennung?: string;
  kuerzel?: string;
  emailDomain?: string;
  itslearningEnabled?: boolean;
}

const org = (seed: OrganisationSeed) => seed;

const base: OrganisationSeed[] = [
  org({ id: ROOT_ORGANISATION_ID, name: "Land Schleswig-Holstein", typ: "ROOT", kuerzel: "Root", administriertVon: null, zugehoerigZu: null }),
  org({
    id: DEMO_IDS.landOeffentlich,
    name: "Öffentliche Schulen Land Schleswig-Holstein",
    typ: "LAND",
    kuerzel: "Öffentl. Schulen",
    emailDomain: "schule-sh.de",
    administriertVon: ROOT_ORGANISATION_ID,
    zugehoerigZu: ROOT_ORGANISATION_ID,
  }),
  org({
    id: DEMO_IDS.landErsatz,
    name: "Ersatzschulen Land Schleswig-Holstein",
    typ: "LAND",
    kuerzel: "Ersatzschulen",
    emailDomain: "ersatzschule-sh.de",
    administriertVon: ROOT_ORGANISATION_ID,
    zugehoerigZu: ROOT_ORGANISATION_ID,
  }),
];

const traeger: OrganisationSeed[] = [
  { id: DEMO_IDS.traegerStadt, name: "Hansestadt Nordhafen", land: DEMO_IDS.landOeffentlich },
  { id: DEMO_IDS.traegerVerband, name: "Schulverband Moorland", land: DEMO_IDS.landOeffentlich },
  { id: DEMO_IDS.traegerErsatz, name: "Stiftung Lichtblick Schulen", land: DEMO_IDS.landErsatz },
].map(({ id, name, land }) => ({ id, name, typ: "TRAEGER" as const, administriertVon: land, zugehoerigZu: land }));

const PLACES = [
  "Deich", "Lindenweg", "Hafenkante", "Birkenhain", "Möwenstieg", "Kastanienallee", "Rapsfeld", "Leuchtturm",
  "Dünenblick", "Eichenhof", "Fördeufer", "Heidekamp", "Kranichwiese", "Marschland", "Rosengarten", "Seeblick",
  "Sonnenhang", "Storchennest", "Weidenbrook", "Wiesengrund", "Ahornplatz", "Bernsteinweg", "Deichtor",
  "Fischerhus", "Glockenturm", "Holunderbusch", "Kiefernweg", "Lotsenstraße", "Mühlenteich", "Nordwind",
  "Ostseeblick", "Pappelallee", "Quellental", "Reetdach", "Schilfufer", "Tannenhöhe",
];
const SCHULFORMEN = ["Gemeinschaftsschule", "Grundschule", "Gymnasium", "Förderzentrum", "Grund- und Gemeinschaftsschule"];

/** 36 public schools; the first three are the fixed demo schools A, B and C. */
const oeffentlicheSchulen: OrganisationSeed[] = PLACES.map((place, index) => {
  const id = index === 0 ? DEMO_IDS.schuleA : index === 1 ? DEMO_IDS.schuleB : index === 2 ? DEMO_IDS.schuleC : stableId(`org:schule-${index}`);
  const name =
    index === 0 ? "Gemeinschaftsschule am Deich" : index === 1 ? "Grundschule Lindenweg" : index === 2 ? "Gymnasium Hafenkante" : `${SCHULFORMEN[index % SCHULFORMEN.length]} ${place}`;
  // Every second school belongs to a Träger, the rest directly to the LAND (candidates for (un)assignment).
  const zugehoerigZu = index % 2 === 0 ? (index % 4 === 0 ? DEMO_IDS.traegerStadt : DEMO_IDS.traegerVerband) : DEMO_IDS.landOeffentlich;
  return {
    id,
    name,
    typ: "SCHULE" as const,
    kennung: String(710000 + index * 7 + 1).padStart(7, "0"),
    administriertVon: DEMO_IDS.landOeffentlich,
    zugehoerigZu,
    itslearningEnabled: index === 0 || index === 2,
  };
});

const ersatzschulen: OrganisationSeed[] = [
  { id: DEMO_IDS.ersatzschule, name: "Freie Waldschule Heidkamp", kennung: "0790001", zugehoerigZu: DEMO_IDS.traegerErsatz, itslearningEnabled: true },
  { id: stableId("org:ersatzschule-2"), name: "Privatgymnasium am Strand", kennung: "0790002", zugehoerigZu: DEMO_IDS.landErsatz },
  { id: stableId("org:ersatzschule-3"), name: "Montessori-Schule Ostufer", kennung: "0790003", zugehoerigZu: DEMO_IDS.landErsatz },
].map((school) => ({ ...school, typ: "SCHULE" as const, administriertVon: DEMO_IDS.landErsatz }));

const CLASSES: Array<{ school: string; key: string; names: string[] }> = [
  { school: DEMO_IDS.schuleA, key: "schule-a", names: ["5a", "5b", "6a", "6b", "7a", "7b", "8a", "8b", "9a", "9b", "10a", "10b", "Übergang 2ü"] },
  { school: DEMO_IDS.schuleB, key: "schule-b", names: ["1a", "1b", "2a", "2b", "3a", "3b", "4a", "4b"] },
  { school: DEMO_IDS.schuleC, key: "schule-c", names: ["5a", "6a", "7a", "8a", "9a", "9b", "10a"] },
  { school: DEMO_IDS.ersatzschule, key: "ersatzschule-1", names: ["1a", "2a", "3a", "4a"] },
];

const klassen: OrganisationSeed[] = CLASSES.flatMap(({ school, key, names }) =>
  names.map((name) => ({ id: stableId(`org:${key}:${name}`), name, typ: "KLASSE" as const, administriertVon: school, zugehoerigZu: school })),
);

export const ORGANISATIONEN: OrganisationSeed[] = [...base, ...traeger, ...oeffentlicheSchulen, ...ersatzschulen, ...klassen];

export interface ProviderSeed {
  id: string;
  name: string;
  kategorie: ProviderKategorie;
  target: "URL" | "SCHULPORTAL_ADMINISTRATION";
  url: string | null;
  requires2fa: boolean;
  merkmale: Array<(typeof PROVIDER_MERKMALE)[number]>;
  owner: string;
  externalSystem?: "NONE" | "EMAIL" | "ITSLEARNING";
  logo: boolean;
  /** Taken over from VIDIS (the offer's id there). */
  vidisAngebotId?: string;
}

const NZ = "NACHTRAEGLICH_ZUWEISBAR" as const;
const VRE = "VERFUEGBAR_FUER_ROLLENERWEITERUNG" as const;
/** The merkmale the current upstream's VIDIS sync gives every offer it takes over. */
const VIDIS_MERKMALE = [NZ, VRE, "ANBIETEN_IN_SCHULISCHER_ANGEBOTSVERWALTUNG", "ANBIETEN_IN_SCHULISCHER_ROLLENVERWALTUNG"] as const;
const sp = (key: string, seed: Omit<ProviderSeed, "id" | "owner" | "logo"> & { owner?: string; logo?: boolean }): ProviderSeed => ({
  id: stableId(`sp:${key}`),
  owner: ROOT_ORGANISATION_ID,
  logo: true,
  ...seed,
});

export const SERVICE_PROVIDERS: ProviderSeed[] = [
  sp("e-mail", { name: "E-Mail", kategorie: "EMAIL", target: "URL", url: "https://webmail.schulportal.example/", requires2fa: true, merkmale: [], externalSystem: "EMAIL" }),
  sp("kalender", { name: "Kalender", kategorie: "EMAIL", target: "URL", url: "https://webmail.schulportal.example/kalender", requires2fa: true, merkmale: [] }),
  sp("adressbuch", { name: "Adressbuch", kategorie: "EMAIL", target: "URL", url: "https://webmail.schulportal.example/kontakte", requires2fa: true, merkmale: [] }),
  sp("itslearning", { name: "itslearning", kategorie: "UNTERRICHT", target: "URL", url: "https://lernen.schulportal.example/", requires2fa: false, merkmale: [NZ], externalSystem: "ITSLEARNING" }),
  sp("opsh", { name: "OP.SH", kategorie: "UNTERRICHT", target: "URL", url: "https://op.schulportal.example/", requires2fa: false, merkmale: [NZ] }),
  sp("schulportal-administration", { name: "Schulportal-Administration", kategorie: "VERWALTUNG", target: "SCHULPORTAL_ADMINISTRATION", url: null, requires2fa: true, merkmale: [NZ] }),
  sp("school-sh", { name: "School-SH", kategorie: "VERWALTUNG", target: "URL", url: "https://verwaltung.schulportal.example/", requires2fa: true, merkmale: [NZ] }),
  sp("webuntis", { name: "WebUntis", kategorie: "VERWALTUNG", target: "URL", url: "https://stundenplan.schulportal.example/", requires2fa: false, merkmale: [NZ] }),
  sp("anleitungen", { name: "Anleitungen", kategorie: "HINWEISE", target: "URL", url: "https://hilfe.schulportal.example/anleitungen", requires2fa: false, merkmale: [NZ] }),
  sp("schulrecht", { name: "Schulrecht A-Z", kategorie: "HINWEISE", target: "URL", url: "https://hilfe.schulportal.example/schulrecht", requires2fa: false, merkmale: [NZ, VRE] }),
  sp("helpdesk", { name: "Helpdesk kontaktieren", kategorie: "HINWEISE", target: "URL", url: "https://hilfe.schulportal.example/helpdesk", requires2fa: false, merkmale: [NZ] }),
  sp("beratung", { name: "Psychosoziales Beratungsangebot", kategorie: "HINWEISE", target: "URL", url: "https://hilfe.schulportal.example/beratung", requires2fa: false, merkmale: [NZ] }),
  sp("leonie", { name: "LeOniE.SH", kategorie: "HINWEISE", target: "URL", url: "https://hilfe.schulportal.example/leonie", requires2fa: false, merkmale: [NZ], logo: false }),
  sp("fortbildung", { name: "Fortbildungsportal", kategorie: "HINWEISE", target: "URL", url: "https://fortbildung.schulportal.example/", requires2fa: false, merkmale: [NZ], owner: DEMO_IDS.landOeffentlich }),
  sp("mediathek-nord", { name: "Mediathek Nord", kategorie: "ANGEBOTE", target: "URL", url: "https://mediathek.schulportal.example/", requires2fa: false, merkmale: [NZ, VRE] }),
  sp("sprachlabor", { name: "Sprachlabor digital", kategorie: "ANGEBOTE", target: "URL", url: "https://sprachen.schulportal.example/", requires2fa: false, merkmale: [NZ, VRE] }),
  sp("schulbibliothek-a", { name: "Schulbibliothek am Deich", kategorie: "ANGEBOTE", target: "URL", url: "https://bibliothek.schulportal.example/", requires2fa: false, merkmale: [NZ], owner: DEMO_IDS.schuleA }),
  // Taken over from VIDIS at the VIDIS school, as the current upstream's sync creates offers (seed/vidis.ts).
  sp("vidis-vokabeltrainer", {
    name: VIDIS_VOKABELTRAINER.offerTitle, kategorie: "ANGEBOTE", target: "URL", url: VIDIS_VOKABELTRAINER.offerLink, requires2fa: false,
    merkmale: [...VIDIS_MERKMALE], owner: DEMO_IDS.schuleVidis, vidisAngebotId: String(VIDIS_VOKABELTRAINER.offerId),
  }),
];

const spId = (key: string) => stableId(`sp:${key}`);
const TEACHER_SET = ["e-mail", "kalender", "adressbuch", "opsh", "school-sh", "webuntis", "anleitungen", "schulrecht", "helpdesk", "beratung"].map(spId);
const ADMIN_SET = ["schulportal-administration", "anleitungen", "schulrecht", "helpdesk", "beratung"].map(spId);
const SMALL_ADMIN_SET = ["schulportal-administration", "anleitungen", "helpdesk"].map(spId);

export interface RolleSeed {
  id: string;
  name: string;
  owner: string;
  rollenart: Rollenart;
  merkmale: RollenMerkmal[];
  systemrechte: Systemrecht[];
  providers: string[];
  istTechnisch?: boolean;
}

const rolle = (key: string, seed: Omit<RolleSeed, "id">): RolleSeed => ({ id: stableId(`rolle:${key}`), ...seed });
const L = DEMO_IDS.landOeffentlich;
const E = DEMO_IDS.landErsatz;
const R = ROOT_ORGANISATION_ID;

export const ROLLEN: RolleSeed[] = [
  rolle("landesadministrator", {
    name: "Landesadministrator", owner: R, rollenart: "SYSADMIN", merkmale: [], providers: ADMIN_SET,
    systemrechte: [
      "ROLLEN_VERWALTEN", "PERSONEN_VERWALTEN", "SCHULEN_VERWALTEN", "KLASSEN_VERWALTEN", "SCHULTRAEGER_VERWALTEN",
      "PERSONEN_SOFORT_LOESCHEN", "PERSON_SYNCHRONISIEREN", "IMPORT_DURCHFUEHREN", "PERSONEN_ANLEGEN", "BULK_VERWALTEN",
      "SCHULPORTAL_VERWALTEN", "HINWEISE_BEARBEITEN", "LANDESBEDIENSTETE_SUCHEN_UND_HINZUFUEGEN", "ROLLEN_ERWEITERN", "ANGEBOTE_VERWALTEN",
    ],
  }),
  rolle("schuladministrator-oeffentlich", {
    name: "Schuladministrator öffentlich", owner: L, rollenart: "LEIT", merkmale: [], providers: ADMIN_SET,
    systemrechte: ["PERSONEN_VERWALTEN", "KLASSEN_VERWALTEN", "BULK_VERWALTEN", "LANDESBEDIENSTETE_SUCHEN_UND_HINZUFUEGEN", "EINGESCHRAENKT_NEUE_BENUTZER_ERSTELLEN"],
  }),
  rolle("schuladministrator-ersatz", {
    name: "Schuladministrator Ersatzschule", owner: E, rollenart: "LEIT", merkmale: [], providers: SMALL_ADMIN_SET,
    systemrechte: ["PERSONEN_VERWALTEN", "KLASSEN_VERWALTEN"],
  }),
  rolle("schultraegeradministrator", {
    name: "Schulträgeradministrator", owner: R, rollenart: "ORGADMIN", merkmale: [], providers: SMALL_ADMIN_SET,
    systemrechte: ["PERSONEN_VERWALTEN", "KLASSEN_VERWALTEN"],
  }),
  rolle("lehrkraft", { name: "Lehrkraft", owner: L, rollenart: "LEHR", merkmale: ["KOPERS_PFLICHT"], systemrechte: [], providers: TEACHER_SET }),
  rolle("liv", { name: "LiV", owner: L, rollenart: "LEHR", merkmale: ["BEFRISTUNG_PFLICHT", "KOPERS_PFLICHT"], systemrechte: [], providers: TEACHER_SET }),
  rolle("vertretungslehrkraft", { name: "Vertretungslehrkraft", owner: L, rollenart: "LEHR", merkmale: ["BEFRISTUNG_PFLICHT", "KOPERS_PFLICHT"], systemrechte: [], providers: TEACHER_SET }),
  rolle("schulverwaltungskraft", { name: "Pilotprojekt-Schulverwaltungskraft", owner: L, rollenart: "LEHR", merkmale: ["KOPERS_PFLICHT"], systemrechte: [], providers: TEACHER_SET.filter((id) => id !== spId("opsh")) }),
  rolle("praxissemester", { name: "Student im Praxissemester", owner: R, rollenart: "LEHR", merkmale: ["BEFRISTUNG_PFLICHT"], systemrechte: [], providers: TEACHER_SET }),
  rolle("religionslehrkraft", { name: "Ev./Kat. Religionslehrkraft", owner: R, rollenart: "LEHR", merkmale: [], systemrechte: [], providers: TEACHER_SET }),
  rolle("iqsh", { name: "IQSH Mitarbeiter", owner: R, rollenart: "LEHR", merkmale: ["KOPERS_PFLICHT"], systemrechte: [], providers: [...TEACHER_SET, spId("itslearning")] }),
  rolle("ersatzschullehrkraft", { name: "Ersatzschullehrkraft", owner: E, rollenart: "LEHR", merkmale: [], systemrechte: [], providers: ["e-mail", "kalender", "adressbuch", "anleitungen", "helpdesk"].map(spId) }),
  rolle("itslearning-schueler", { name: "itslearning-Schüler", owner: R, rollenart: "LERN", merkmale: [], systemrechte: [], providers: [spId("itslearning")] }),
  rolle("itslearning-schulbegleitung", { name: "itslearning-Schulbegleitung", owner: R, rollenart: "LERN", merkmale: [], systemrechte: [], providers: [spId("itslearning")] }),
  rolle("itslearning-lehrkraft", { name: "itslearning-Lehrkraft", owner: R, rollenart: "LEHR", merkmale: [], systemrechte: [], providers: [spId("itslearning")] }),
  rolle("itslearning-administrator", { name: "itslearning-Administrator", owner: R, rollenart: "LEIT", merkmale: [], systemrechte: [], providers: [spId("itslearning")] }),
  rolle("webuntis-schueler", { name: "Webuntis-Schüler", owner: R, rollenart: "LERN", merkmale: [], systemrechte: [], providers: [spId("webuntis")] }),
  rolle("technical-cron", { name: "Technical User CRON", owner: R, rollenart: "SYSADMIN", merkmale: [], systemrechte: ["CRON_DURCHFUEHREN", "PERSONEN_VERWALTEN", "PERSONEN_SOFORT_LOESCHEN"], providers: [], istTechnisch: true }),
  rolle("technical-nextcloud", { name: "Technical User NextCloud", owner: R, rollenart: "SYSADMIN", merkmale: [], systemrechte: ["PERSONEN_LESEN"], providers: [], istTechnisch: true }),
  // Demo additions (§9.2): a school-owned role, an unused role, and an offers-admin role.
  rolle("schulbegleitung-deich", { name: "Schulbegleitung Medien", owner: DEMO_IDS.schuleA, rollenart: "LEHR", merkmale: [], systemrechte: [], providers: [spId("itslearning"), spId("anleitungen")] }),
  rolle("externe-fachkraft", { name: "Externe Fachkraft", owner: R, rollenart: "EXTERN", merkmale: [], systemrechte: [], providers: [spId("anleitungen"), spId("helpdesk")] }),
  rolle("projektrolle", { name: "Projektrolle ungenutzt", owner: R, rollenart: "EXTERN", merkmale: ["BEFRISTUNG_PFLICHT"], systemrechte: [], providers: [spId("anleitungen")] }),
  rolle("schulleitung-angebote", { name: "Schulleitung Angebote", owner: L, rollenart: "LEIT", merkmale: [], systemrechte: ["ROLLEN_ERWEITERN", "ANGEBOTE_VERWALTEN"], providers: ADMIN_SET }),
  // The school's own offers: restricted offer rights, VIDIS sync, role extension (owned by the VIDIS school alone).
  rolle("schulische-angebote", {
    name: "Schulische Angebotsverwaltung", owner: DEMO_IDS.schuleVidis, rollenart: "LEIT", merkmale: [], providers: [spId("schulportal-administration")],
    systemrechte: ["ROLLEN_ERWEITERN", "ANGEBOTE_EINGESCHRAENKT_VERWALTEN", "SCHULISCHE_VIDIS_ANGEBOTE_ABRUFEN"],
  }),
];

export const ROLLENERWEITERUNGEN = [
  { id: stableId("rollenerweiterung:1"), organisationId: DEMO_IDS.schuleA, rolleId: stableId("rolle:lehrkraft"), serviceProviderId: spId("mediathek-nord") },
];

export interface PersonSeed {
  username: DemoUsername | "cron-runner";
  vorname: string;
  familienname: string;
  personalnummer?: string;
  /** no identity account (technical user) or no person (orphan account) */
  account: boolean;
  person: boolean;
  temporaryPassword?: boolean;
  istTechnisch?: boolean;
  orgUnassignedDaysAgo?: number;
  kontexte: Array<{ organisation: string; rolle: string; createdDaysAgo?: number; befristungInDays?: number }>;
}

const k = (organisation: string, rolleKey: string, extra: { createdDaysAgo?: number; befristungInDays?: number } = {}) => ({
  organisation,
  rolle: stableId(`rolle:${rolleKey}`),
  ...extra,
});

export const PERSONEN: PersonSeed[] = [
  { username: "landesadmin", vorname: "Lena", familienname: "Landmann", account: true, person: true, kontexte: [k(R, "landesadministrator")] },
  {
    username: "schuladmin", vorname: "Sven", familienname: "Schulze", personalnummer: "4711001", account: true, person: true,
    kontexte: [k(DEMO_IDS.schuleA, "schuladministrator-oeffentlich"), k(DEMO_IDS.schuleA, "lehrkraft")],
  },
  { username: "lehrkraft", vorname: "Lara", familienname: "Lehmann", personalnummer: "4711002", account: true, person: true, kontexte: [k(DEMO_IDS.schuleA, "lehrkraft")] },
  {
    username: "schueler", vorname: "Samuel", familienname: "Sörensen", account: true, person: true,
    kontexte: [k(DEMO_IDS.schuleA, "itslearning-schueler"), k(DEMO_IDS.klasseMitSchueler, "itslearning-schueler")],
  },
  { username: "ohnetoken", vorname: "Olaf", familienname: "Ohlsen", account: true, person: true, kontexte: [k(DEMO_IDS.schuleB, "schuladministrator-oeffentlich")] },
  { username: "unbekannt", vorname: "", familienname: "", account: true, person: false, kontexte: [] },
  { username: "neulehrkraft", vorname: "Nina", familienname: "Neumann", personalnummer: "4711003", account: true, person: true, temporaryPassword: true, kontexte: [k(DEMO_IDS.schuleA, "lehrkraft")] },
  { username: "ersatzadmin", vorname: "Erik", familienname: "Ehlers", account: true, person: true, kontexte: [k(DEMO_IDS.ersatzschule, "schuladministrator-ersatz")] },
  { username: "angebotsadmin", vorname: "Anja", familienname: "Albers", account: true, person: true, kontexte: [k(DEMO_IDS.schuleA, "schulleitung-angebote")] },
  { username: "traegeradmin", vorname: "Tim", familienname: "Thiessen", account: true, person: true, kontexte: [k(DEMO_IDS.traegerStadt, "schultraegeradministrator")] },
  { username: "kopers", vorname: "Kai", familienname: "Kruse", account: true, person: true, kontexte: [k(DEMO_IDS.schuleA, "lehrkraft", { createdDaysAgo: 50 })] },
  { username: "liv", vorname: "Lisa", familienname: "Voss", personalnummer: "4711004", account: true, person: true, kontexte: [k(DEMO_IDS.schuleA, "liv", { befristungInDays: 30 })] },
  { username: "ohnezuordnung", vorname: "Otto", familienname: "Ostermann", account: true, person: true, orgUnassignedDaysAgo: 70, kontexte: [] },
  // An administrator of two schools: locking a person of both, she chooses in whose name (person-sperre e2e).
  {
    username: "schuladminbc", vorname: "Birte", familienname: "Carstens", account: true, person: true,
    kontexte: [k(DEMO_IDS.schuleB, "schuladministrator-oeffentlich"), k(DEMO_IDS.schuleC, "schuladministrator-oeffentlich")],
  },
  { username: "vidisadmin", vorname: "Vera", familienname: "Vollertsen", account: true, person: true, kontexte: [k(DEMO_IDS.schuleVidis, "schulische-angebote")] },
  { username: "cron-runner", vorname: "Cron", familienname: "Runner", account: false, person: true, istTechnisch: true, kontexte: [k(R, "technical-cron")] },
];

export const tokenSecretOf = (username: string): string | null =>
  Object.hasOwn(DEMO_ACCOUNTS, username) ? DEMO_ACCOUNTS[username as DemoUsername] : null;

export const MELDUNG_TEXT =
  "Willkommen im Schulportal! In der Woche vor den Herbstferien wird das Portal am Dienstagabend ab 20 Uhr für etwa " +
  "zwei Stunden gewartet. Bitte speichern Sie Ihre Arbeit rechtzeitig. Fragen beantwortet der Helpdesk.";
