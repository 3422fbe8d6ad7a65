import type { EmailAddressStatus } from "../../contract/index.ts";
import { CRON_LOCKED_BY } from "../../contract/index.ts";
import { stableId } from "../lib/ids.ts";
import type { DemoEmailSeed, DemoLockSeed, DemoPersonSeed } from "./demo-person-seed.ts";
import { DEMO_IDS } from "./ids.ts";
import { LANDESBEDIENSTETE_PERSONEN } from "./landesbedienstete.ts";

/**
 * The persons of the person administration's demo (PERSONS §1.8, issue 7): every rollenart at several schools, with
 * and without KoPers numbers, locked ones (manual without and with end date, KoPers by the timer, both at once), and
 * one e-mail address of every status, so that every state of the list and the details page can be seen. They log in
 * with the demo password but have no second factor. All names are invented.
 *
 * Usernames follow the upstream's rule (first letter of the cleaned first name + cleaned last name, PERSONS §1.9),
 * so that a rename in the demo behaves as it would for a real person. Ids are `stableId("person:<username>")`.
 *
 * The KoPers lock rule (§3.1, 56 days) must already hold in the seed: a person without a number whose KOPERS_PFLICHT
 * kontext is older than that carries the KoPers lock, so the timer's first run at start changes nothing.
 */

const k = (organisation: string, rolleKey: string, extra: { createdDaysAgo?: number; befristungInDays?: number } = {}) => ({
  organisation,
  rolle: stableId(`rolle:${rolleKey}`),
  ...extra,
});
const klasse = (schoolKey: string, name: string) => stableId(`org:${schoolKey}:${name}`);
const manual = (lockedBy: string, createdDaysAgo: number, untilInDays?: number): DemoLockSeed => ({
  occasion: "MANUELL_GESPERRT",
  lockedBy,
  createdDaysAgo,
  untilInDays,
});
const kopers = (createdDaysAgo: number): DemoLockSeed => ({ occasion: "KOPERS_GESPERRT", lockedBy: CRON_LOCKED_BY, createdDaysAgo });
const mail = (status: EmailAddressStatus, address: string, updatedDaysAgo = 60): DemoEmailSeed => ({ status, address, updatedDaysAgo });

const A = DEMO_IDS.schuleA;
const B = DEMO_IDS.schuleB;
const C = DEMO_IDS.schuleC;
const ERSATZ = DEMO_IDS.ersatzschule;
const ERSATZ_2 = stableId("org:ersatzschule-2");

/** The seven persons of one project's assignment journeys (see E2E_ZUORDNUNGEN_PERSONEN); KoPers numbers count up. */
function zuordnungsPersonen(
  project: "ohne-js" | "mit-js",
  firstNummer: string,
  names: ReadonlyArray<readonly [username: string, vorname: string, familienname: string]>,
): DemoPersonSeed[] {
  const c = DEMO_IDS.schuleC;
  const klasseAnC = project === "ohne-js" ? { schueler: "7a", neu: "5a" } : { schueler: "8a", neu: "6a" };
  const nummer = (offset: number) => String(Number(firstNummer) + offset);
  const kontexte: DemoPersonSeed["kontexte"][] = [
    [k(c, "lehrkraft")],
    [k(c, "vertretungslehrkraft", { befristungInDays: 120 })],
    [k(c, "religionslehrkraft")],
    [k(c, "lehrkraft")],
    [k(c, "lehrkraft")],
    [k(c, "itslearning-schueler"), k(klasse("schule-c", klasseAnC.schueler), "itslearning-schueler")],
    [k(c, "itslearning-schueler"), k(klasse("schule-c", klasseAnC.neu), "itslearning-schueler")],
  ];
  // teachers 0, 1, 3 and 4 have a KoPers number; 2 (no KOPERS_PFLICHT role) and the pupils have none
  const nummern = [nummer(0), nummer(1), undefined, nummer(2), nummer(3), undefined, undefined];
  return names.map(([username, vorname, familienname], index) => ({
    username,
    vorname,
    familienname,
    ...(nummern[index] ? { personalnummer: nummern[index] } : {}),
    kontexte: kontexte[index],
  }));
}


export const DEMO_PERSONEN: DemoPersonSeed[] = [
  // Gemeinschaftsschule am Deich (A): teachers
  {
    username: "jmuellerluedenscheidt", vorname: "Jörg", familienname: "Müller-Lüdenscheidt", personalnummer: "4712001",
    kontexte: [k(A, "lehrkraft")],
    // an old, switched-off address besides the active one: the primary one is the ENABLED address
    emails: [mail("ENABLED", "joerg.mueller-luedenscheidt@schule-sh.de", 80), mail("DISABLED", "j.mueller@schule-sh.de", 10)],
  },
  {
    username: "hoezdemir", vorname: "Hanna", familienname: "Özdemir", personalnummer: "4712002",
    kontexte: [k(A, "lehrkraft"), k(A, "religionslehrkraft")],
    emails: [mail("ENABLED", "hanna.oezdemir@schule-sh.de")],
  },
  {
    username: "sbrueckner", vorname: "Sören", familienname: "Brückner", personalnummer: "4712003",
    kontexte: [k(A, "vertretungslehrkraft", { befristungInDays: 120, createdDaysAgo: 3 })],
    emails: [mail("REQUESTED", "soeren.brueckner@schule-sh.de", 3)],
  },
  {
    username: "mfuchs", vorname: "Marie-Luise", familienname: "Fuchs", personalnummer: "4712004",
    kontexte: [k(A, "lehrkraft"), k(C, "lehrkraft")],
    emails: [mail("ENABLED", "marie-luise.fuchs@schule-sh.de")],
  },
  {
    username: "uweiss", vorname: "Ulrike", familienname: "Weiß",
    // KoPers number missing, still 36 days until the automatic lock
    kontexte: [k(A, "lehrkraft", { createdDaysAgo: 20 })],
    emails: [mail("DISABLED", "ulrike.weiss@schule-sh.de", 5)],
  },
  {
    username: "ghoffmann", vorname: "Gregor", familienname: "Hoffmann", personalnummer: "4712005",
    kontexte: [k(A, "lehrkraft")],
    locks: [manual(A, 10)],
    emails: [mail("ENABLED", "gregor.hoffmann@schule-sh.de")],
  },
  {
    username: "fpetersen", vorname: "Frauke", familienname: "Petersen",
    // both locks at once: lifting the manual one keeps the account disabled
    kontexte: [k(A, "lehrkraft", { createdDaysAgo: 90 })],
    locks: [kopers(34), manual(A, 6)],
    emails: [mail("FAILED", "frauke.petersen@schule-sh.de", 30)],
  },
  { username: "djuergensen", vorname: "Detlef", familienname: "Jürgensen", kontexte: [k(A, "schulbegleitung-deich")] },
  {
    username: "klorenzen", vorname: "Käthe", familienname: "Lorenzen",
    kontexte: [k(A, "praxissemester", { befristungInDays: 40, createdDaysAgo: 30 })],
  },
  { username: "dclaussen", vorname: "Dörte", familienname: "Claußen", kontexte: [k(A, "itslearning-lehrkraft")] },
  // A: school management
  {
    username: "wthomsen", vorname: "Wiebke", familienname: "Thomsen",
    kontexte: [k(A, "schuladministrator-oeffentlich")],
    emails: [mail("ENABLED", "wiebke.thomsen@schule-sh.de")],
  },
  { username: "kasmussen", vorname: "Knut", familienname: "Asmussen", kontexte: [k(A, "itslearning-administrator")] },
  // A: pupils, each at the school and at one of its classes
  { username: "mschroeder", vorname: "Mia", familienname: "Schröder", kontexte: [k(A, "itslearning-schueler"), k(klasse("schule-a", "8a"), "itslearning-schueler")] },
  { username: "fhansen", vorname: "Finn-Ole", familienname: "Hansen", kontexte: [k(A, "itslearning-schueler"), k(DEMO_IDS.klasse9aSchuleA, "itslearning-schueler")] },
  {
    username: "lgruenwald", vorname: "Lea", familienname: "Grünwald",
    kontexte: [k(A, "itslearning-schueler"), k(klasse("schule-a", "9b"), "itslearning-schueler")],
    locks: [manual(A, 2, 21)],
  },
  { username: "jbaecker", vorname: "Jonas", familienname: "Bäcker", kontexte: [k(A, "webuntis-schueler"), k(klasse("schule-a", "10b"), "webuntis-schueler")] },
  {
    username: "ekuehl", vorname: "Emma", familienname: "Kühl",
    kontexte: [k(A, "itslearning-schulbegleitung"), k(klasse("schule-a", "Übergang 2ü"), "itslearning-schulbegleitung")],
  },
  { username: "pmeissner", vorname: "Paul", familienname: "Meißner", kontexte: [k(A, "itslearning-schueler"), k(DEMO_IDS.klasseMitSchueler, "itslearning-schueler")] },

  // Grundschule Lindenweg (B)
  { username: "gnissen", vorname: "Gesa", familienname: "Nissen", personalnummer: "4712006", kontexte: [k(B, "lehrkraft")], emails: [mail("ENABLED", "gesa.nissen@schule-sh.de")] },
  {
    username: "mhinrichsen", vorname: "Malte", familienname: "Hinrichsen",
    kontexte: [k(B, "lehrkraft", { createdDaysAgo: 70 })],
    locks: [kopers(14)],
    emails: [mail("DELETED_LDAP", "malte.hinrichsen@schule-sh.de", 14)],
  },
  { username: "iboysen", vorname: "Ines", familienname: "Boysen", personalnummer: "4712007", kontexte: [k(B, "liv", { befristungInDays: 200 })] },
  { username: "hvonderheide", vorname: "Henrike", familienname: "von der Heide", kontexte: [k(B, "schuladministrator-oeffentlich")] },
  { username: "lcarstensen", vorname: "Lina", familienname: "Carstensen", kontexte: [k(B, "itslearning-schueler"), k(klasse("schule-b", "2a"), "itslearning-schueler")] },
  { username: "obrodersen", vorname: "Ole", familienname: "Brodersen", kontexte: [k(B, "itslearning-schueler"), k(klasse("schule-b", "4b"), "itslearning-schueler")] },

  // Gymnasium Hafenkante (C)
  {
    username: "asoennichsen", vorname: "Annegret", familienname: "Sönnichsen", personalnummer: "4712008",
    kontexte: [k(C, "lehrkraft")],
    locks: [manual(C, 4, 30)],
    emails: [mail("ENABLED", "annegret.soennichsen@schule-sh.de")],
  },
  {
    username: "mkrueger", vorname: "Matthias", familienname: "Krüger", personalnummer: "4712009",
    kontexte: [k(C, "schulverwaltungskraft")],
    emails: [mail("DELETED_OX", "matthias.krueger@schule-sh.de", 20)],
  },
  { username: "cehlersbuenz", vorname: "Christiane", familienname: "Ehlers-Bünz", kontexte: [k(C, "iqsh", { createdDaysAgo: 5 })] },
  { username: "ldietrich", vorname: "Leon", familienname: "Dietrich", kontexte: [k(C, "schuladministrator-oeffentlich")] },
  { username: "sjanssen", vorname: "Sophie", familienname: "Janßen", kontexte: [k(C, "itslearning-schueler"), k(DEMO_IDS.klasse9aSchuleC, "itslearning-schueler")] },

  // Ersatzschulen
  { username: "tubben", vorname: "Theda", familienname: "Ubben", kontexte: [k(ERSATZ, "ersatzschullehrkraft")], emails: [mail("ENABLED", "theda.ubben@ersatzschule-sh.de")] },
  {
    username: "eruether", vorname: "Eike", familienname: "Rüther",
    kontexte: [k(ERSATZ, "ersatzschullehrkraft"), k(ERSATZ_2, "ersatzschullehrkraft")],
    emails: [mail("DELETED", "eike.ruether@ersatzschule-sh.de", 100)],
  },
  { username: "fmoeller", vorname: "Friederike", familienname: "Möller", kontexte: [k(ERSATZ_2, "schuladministrator-ersatz")] },
  { username: "jwoehler", vorname: "Jannik", familienname: "Wöhler", kontexte: [k(ERSATZ, "itslearning-schueler"), k(klasse("ersatzschule-1", "2a"), "itslearning-schueler")] },
  { username: "mstoever", vorname: "Merle", familienname: "Stöver", kontexte: [k(ERSATZ, "itslearning-schueler"), k(klasse("ersatzschule-1", "4a"), "itslearning-schueler")] },

  // further public schools
  { username: "bquast", vorname: "Bärbel", familienname: "Quast", personalnummer: "4712010", kontexte: [k(stableId("org:schule-3"), "lehrkraft")] },
  { username: "tpaulsen", vorname: "Torsten", familienname: "Paulsen", personalnummer: "4712011", kontexte: [k(stableId("org:schule-4"), "lehrkraft")] },

  // Schulträger and state level: ORGADMIN, EXTERN, SYSADMIN below ROOT
  { username: "hlueders", vorname: "Heike", familienname: "Lüders", kontexte: [k(DEMO_IDS.traegerVerband, "schultraegeradministrator")] },
  { username: "rkaehler", vorname: "Rüdiger", familienname: "Kähler", kontexte: [k(DEMO_IDS.traegerStadt, "externe-fachkraft")] },
  { username: "sbruhnalbrecht", vorname: "Svenja", familienname: "Bruhn-Albrecht", kontexte: [k(DEMO_IDS.traegerVerband, "externe-fachkraft")] },
  { username: "gstueven", vorname: "Gunnar", familienname: "Stüven", kontexte: [k(DEMO_IDS.landOeffentlich, "landesadministrator")] },

  // Persons the lock e2e journeys change, one set per browser project (tests/e2e/person-sperre.spec.ts), all at C.
  { username: "oriedel", vorname: "Ortrud", familienname: "Riedel", personalnummer: "4712101", kontexte: [k(C, "lehrkraft")] },
  { username: "vharms", vorname: "Volker", familienname: "Harms", personalnummer: "4712102", kontexte: [k(C, "lehrkraft")] },
  { username: "ekopp", vorname: "Edda", familienname: "Kopp", kontexte: [k(C, "lehrkraft", { createdDaysAgo: 80 })], locks: [kopers(24)] },
  { username: "swendt", vorname: "Sina", familienname: "Wendt", kontexte: [k(C, "lehrkraft", { createdDaysAgo: 80 })], locks: [kopers(24)] },
  { username: "rtiedemann", vorname: "Rolf", familienname: "Tiedemann", personalnummer: "4712103", kontexte: [k(C, "lehrkraft")] },
  { username: "greimers", vorname: "Gisela", familienname: "Reimers", personalnummer: "4712104", kontexte: [k(C, "lehrkraft")] },
  // at B and C, for the lock form's refusals (nothing is saved, both projects share her)
  { username: "wbrandt", vorname: "Wilma", familienname: "Brandt", personalnummer: "4712105", kontexte: [k(B, "lehrkraft"), k(C, "lehrkraft")] },

  // Persons the details e2e journeys change, one set per browser project (tests/e2e/person-details.spec.ts), all at C.
  { username: "bbergmann", vorname: "Bernd", familienname: "Bergmann", personalnummer: "4712201", kontexte: [k(C, "lehrkraft")] },
  { username: "ppaschen", vorname: "Pia", familienname: "Paschen", personalnummer: "4712202", kontexte: [k(C, "lehrkraft")] },
  { username: "kkonrad", vorname: "Kurt", familienname: "Konrad", personalnummer: "4712203", kontexte: [k(C, "lehrkraft")] },
  { username: "ttamm", vorname: "Tilo", familienname: "Tamm", personalnummer: "4712211", kontexte: [k(C, "lehrkraft")] },
  { username: "nnommensen", vorname: "Nils", familienname: "Nommensen", personalnummer: "4712212", kontexte: [k(C, "lehrkraft")] },
  { username: "aarp", vorname: "Anke", familienname: "Arp", personalnummer: "4712213", kontexte: [k(C, "lehrkraft")] },

  // Persons the assignment e2e journeys change (issue 8), one set per browser project, all at C (administered by
  // landesadmin and schuladminbc): a teacher to add a time-limited assignment to, a teacher with a BEFRISTUNG_PFLICHT
  // assignment to change its end date, a teacher without KoPers number whose role does not ask for one (adding
  // "Lehrkraft" asks for it), a teacher with a single assignment to remove, a teacher for the stale-save conflict, a
  // pupil to move to another class and a pupil to add a second pupil role (with its class) to.
  ...zuordnungsPersonen("ohne-js", "4712601", [
    ["hharder", "Hauke", "Harder"],
    ["jjessen", "Jens", "Jessen"],
    ["tthode", "Telse", "Thode"],
    ["mmommsen", "Merret", "Mommsen"],
    ["aandresen", "Arne", "Andresen"],
    ["kkock", "Kalle", "Kock"],
    ["iipsen", "Ida", "Ipsen"],
  ]),
  ...zuordnungsPersonen("mit-js", "4712611", [
    ["bboie", "Broder", "Boie"],
    ["ssievers", "Sönke", "Sievers"],
    ["wwulf", "Wiebke", "Wulf"],
    ["mmatthiesen", "Maren", "Matthiesen"],
    ["ootten", "Ocke", "Otten"],
    ["llueth", "Lasse", "Lüth"],
    ["nnickelsen", "Nele", "Nickelsen"],
  ]),

  // Persons of the two-factor e2e journeys (tests/e2e/zwei-faktor-verwaltung.spec.ts), all teachers at C: one set per
  // browser project (software token reset and new set-up; hardware token assignment), one teacher holding a hardware
  // token whose serial the journeys try as "already in use" (never changed). Tokens: seed/zwei-faktor.ts.
  { username: "hsteffens", vorname: "Hauke", familienname: "Steffens", personalnummer: "4712501", kontexte: [k(C, "lehrkraft")] },
  { username: "irohwer", vorname: "Imke", familienname: "Rohwer", personalnummer: "4712502", kontexte: [k(C, "lehrkraft")] },
  { username: "tingwersen", vorname: "Tjark", familienname: "Ingwersen", personalnummer: "4712511", kontexte: [k(C, "lehrkraft")] },
  { username: "ofriedrichsen", vorname: "Okka", familienname: "Friedrichsen", personalnummer: "4712512", kontexte: [k(C, "lehrkraft")] },
  { username: "mjessen", vorname: "Momme", familienname: "Jessen", personalnummer: "4712520", kontexte: [k(C, "lehrkraft")] },
  // without a token, for the journeys where the token service refuses every change (so she is never changed)
  { username: "lthaysen", vorname: "Lene", familienname: "Thaysen", personalnummer: "4712521", kontexte: [k(C, "lehrkraft")] },

  // The deadline banners' journey (tests/e2e/fristen-und-hinweise.spec.ts): her substitute assignment at Grundschule
  // Lindenweg ends in 10 days, so her start page and profile warn her, urgently (under 14 days). She is never changed.
  {
    username: "wpaulsen", vorname: "Wiebke", familienname: "Paulsen", personalnummer: "4712530",
    kontexte: [k(B, "vertretungslehrkraft", { befristungInDays: 10, createdDaysAgo: 60 })],
  },

  // Administrators without a second factor who set one up themselves (tests/e2e/zwei-faktor-einrichten.spec.ts), one per
  // browser project and one for the dialog on the profile (with JavaScript): once set up, the token stays. At a school
  // no other journey looks at.
  { username: "oohlsen", vorname: "Okke", familienname: "Ohlsen", kontexte: [k(stableId("org:schule-3"), "schuladministrator-oeffentlich")] },
  { username: "tohlsen", vorname: "Tomke", familienname: "Ohlsen", kontexte: [k(stableId("org:schule-3"), "schuladministrator-oeffentlich")] },
  { username: "kohlsen", vorname: "Kerrin", familienname: "Ohlsen", kontexte: [k(stableId("org:schule-3"), "schuladministrator-oeffentlich")] },

  // State employees of the search and add journeys (issue 9): see landesbedienstete.ts.
  ...LANDESBEDIENSTETE_PERSONEN,
];

/** The lock e2e journeys' persons by project: lock/unlock, lift a KoPers lock, delete (and `wbrandt` for both). */
export const E2E_PERSONEN = {
  "ohne-js": { sperren: "oriedel", kopers: "ekopp", loeschen: "rtiedemann" },
  "mit-js": { sperren: "vharms", kopers: "swendt", loeschen: "greimers" },
} as const;

/**
 * The assignment e2e journeys' persons by project (issue 8), all at Gymnasium Hafenkante (C): `lehrkraft` (Lehrkraft,
 * KoPers number: add a time-limited assignment), `befristet` (Vertretungslehrkraft, BEFRISTUNG_PFLICHT, ends in 120
 * days: change the end date), `ohneKopers` (Ev./Kat. Religionslehrkraft, no KoPers number: adding Lehrkraft asks for
 * one), `letzte` (only Lehrkraft: remove the last assignment), `konflikt` (Lehrkraft: stale save), `schueler`
 * (itslearning-Schüler at C and a class: move to another class) and `schuelerNeu` (itslearning-Schüler at C and a
 * class: add another pupil role with its class). Classes: ohne-js 7a/5a, mit-js 8a/6a.
 */
export const E2E_ZUORDNUNGEN_PERSONEN = {
  "ohne-js": {
    lehrkraft: "hharder",
    befristet: "jjessen",
    ohneKopers: "tthode",
    letzte: "mmommsen",
    konflikt: "aandresen",
    schueler: "kkock",
    schuelerNeu: "iipsen",
  },
  "mit-js": {
    lehrkraft: "bboie",
    befristet: "ssievers",
    ohneKopers: "wwulf",
    letzte: "mmatthiesen",
    konflikt: "ootten",
    schueler: "llueth",
    schuelerNeu: "nnickelsen",
  },
} as const;

/** The details e2e journeys' persons by project: rename, password and device password, stale-form conflict. */
export const E2E_DETAILS_PERSONEN = {
  "ohne-js": { umbenennen: "bbergmann", passwort: "ppaschen", konflikt: "kkonrad" },
  "mit-js": { umbenennen: "ttamm", passwort: "nnommensen", konflikt: "aarp" },
} as const;

/** The two-factor e2e journeys' persons by project: reset and set up a software token, assign a hardware token. */
export const E2E_ZWEI_FAKTOR_PERSONEN = {
  "ohne-js": { software: "hsteffens", hardware: "irohwer" },
  "mit-js": { software: "tingwersen", hardware: "ofriedrichsen" },
} as const;

/** The administrators without a token who set up their own in the two-factor set-up journeys: by project, and the dialog's. */
export const E2E_OHNE_TOKEN = { "ohne-js": "oohlsen", "mit-js": "tohlsen", dialog: "kohlsen" } as const;

export const demoPersonId = (username: string) => stableId(`person:${username}`);
