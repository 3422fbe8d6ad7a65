import { stableId } from "../lib/ids.ts";
import type { DemoPersonSeed } from "./demo-person-seed.ts";
import { DEMO_IDS } from "./ids.ts";

/**
 * State employees ("Landesbedienstete") for the search and add journeys of issue 9 (PERSONS §2.2.13, §2.6): teachers
 * at other schools than schuladmin's (Gemeinschaftsschule am Deich, A), whom schuladmin (LANDESBEDIENSTETE_SUCHEN_UND_
 * HINZUFUEGEN at A) finds and adds to A. All names, numbers and addresses are invented.
 *
 * | username   | name               | KoPers  | e-mail                            | school(s), role                 | what for                         |
 * |------------|--------------------|---------|-----------------------------------|---------------------------------|----------------------------------|
 * | kmatzen    | Kerrin Matzen      | 4712801 | kerrin.matzen@schule-sh.de        | C, Lehrkraft                    | e2e "ohne-js": found and added   |
 * | jketels    | Jan-Hendrik Ketels | 4712802 | jan-hendrik.ketels@schule-sh.de   | C, Lehrkraft                    | e2e "mit-js": found and added    |
 * | fbendixen  | Frauke Bendixen    | 4712807 | frauke.bendixen@schule-sh.de      | C, Lehrkraft                    | the same, "ohne-js" on a retry   |
 * | lclausen   | Lorenz Clausen     | 4712808 | lorenz.clausen@schule-sh.de       | C, Lehrkraft                    | the same, "mit-js" on a retry    |
 * | btadsen    | Birgit Tadsen      | 4712803 | birgit.tadsen@schule-sh.de        | B, Lehrkraft; C, Lehrkraft      | found by any method, never added |
 * | hhamkens   | Henning Hamkens    | 4712804 | henning.hamkens@schule-sh.de      | B, Lehrkraft                    | name search: several hits        |
 * | hhamkens1  | Henning Hamkens    | 4712805 | henning.hamkens2@schule-sh.de     | C, Lehrkraft                    | name search: several hits        |
 * | rrickmers  | Ronja Rickmers     | –       | ronja.rickmers@schule-sh.de       | C, Ev./Kat. Religionslehrkraft  | no KoPers number: "no hit"       |
 * | ttedsen    | Tamme Tedsen       | 4712806 | tamme.tedsen@schule-sh.de         | C, Lehrkraft, locked by C       | manually locked: "no hit"        |
 *
 * Each browser project adds its own person (adding changes his Zuordnungen and the search result shows them), so the
 * projects can run in any order; a retry in CI takes the project's second person (the first one was changed by the
 * failed try), and a run again on the same data needs a reset. They log in with the demo password.
 */
const B = DEMO_IDS.schuleB;
const C = DEMO_IDS.schuleC;
const lehrkraft = (organisation: string) => ({ organisation, rolle: DEMO_IDS.rolleLehrkraft });
const mail = (address: string) => ({ status: "ENABLED" as const, address, updatedDaysAgo: 60 });

export const LANDESBEDIENSTETE_PERSONEN: DemoPersonSeed[] = [
  {
    username: "kmatzen",
    vorname: "Kerrin",
    familienname: "Matzen",
    personalnummer: "4712801",
    kontexte: [lehrkraft(C)],
    emails: [mail("kerrin.matzen@schule-sh.de")],
  },
  {
    username: "jketels",
    vorname: "Jan-Hendrik",
    familienname: "Ketels",
    personalnummer: "4712802",
    kontexte: [lehrkraft(C)],
    emails: [mail("jan-hendrik.ketels@schule-sh.de")],
  },
  {
    username: "fbendixen",
    vorname: "Frauke",
    familienname: "Bendixen",
    personalnummer: "4712807",
    kontexte: [lehrkraft(C)],
    emails: [mail("frauke.bendixen@schule-sh.de")],
  },
  {
    username: "lclausen",
    vorname: "Lorenz",
    familienname: "Clausen",
    personalnummer: "4712808",
    kontexte: [lehrkraft(C)],
    emails: [mail("lorenz.clausen@schule-sh.de")],
  },
  {
    username: "btadsen",
    vorname: "Birgit",
    familienname: "Tadsen",
    personalnummer: "4712803",
    kontexte: [lehrkraft(B), lehrkraft(C)],
    emails: [mail("birgit.tadsen@schule-sh.de")],
  },
  {
    username: "hhamkens",
    vorname: "Henning",
    familienname: "Hamkens",
    personalnummer: "4712804",
    kontexte: [lehrkraft(B)],
    emails: [mail("henning.hamkens@schule-sh.de")],
  },
  {
    username: "hhamkens1",
    vorname: "Henning",
    familienname: "Hamkens",
    personalnummer: "4712805",
    kontexte: [lehrkraft(C)],
    emails: [mail("henning.hamkens2@schule-sh.de")],
  },
  {
    // a role without KOPERS_PFLICHT, so the KoPers timer leaves her alone
    username: "rrickmers",
    vorname: "Ronja",
    familienname: "Rickmers",
    kontexte: [{ organisation: C, rolle: stableId("rolle:religionslehrkraft") }],
    emails: [mail("ronja.rickmers@schule-sh.de")],
  },
  {
    username: "ttedsen",
    vorname: "Tamme",
    familienname: "Tedsen",
    personalnummer: "4712806",
    kontexte: [lehrkraft(C)],
    locks: [{ occasion: "MANUELL_GESPERRT", lockedBy: C, createdDaysAgo: 7 }],
    emails: [mail("tamme.tedsen@schule-sh.de")],
  },
];

/** The state employees by purpose; `hinzufuegen` by browser project (tests/e2e), then by try (first, retry). */
export const E2E_LANDESBEDIENSTETE = {
  hinzufuegen: { "ohne-js": ["kmatzen", "fbendixen"], "mit-js": ["jketels", "lclausen"] },
  /** found by KoPers number, e-mail, username or name; never changed */
  finden: "btadsen",
  /** two persons of this name: several hits */
  gleicherName: { vorname: "Henning", familienname: "Hamkens" },
  /** without KoPers number: no hit */
  ohneKopers: "rrickmers",
  /** manually locked: no hit */
  gesperrt: "ttedsen",
} as const;
