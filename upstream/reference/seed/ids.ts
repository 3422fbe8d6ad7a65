import { ROOT_ORGANISATION_ID } from "../../contract/index.ts";
import { stableId } from "../lib/ids.ts";

/** Fixed ids of the demo dataset that tests and the portal's e2e tests refer to. */
export const DEMO_IDS = {
  root: ROOT_ORGANISATION_ID,
  landOeffentlich: stableId("org:land-oeffentlich"),
  landErsatz: stableId("org:land-ersatz"),
  traegerStadt: stableId("org:traeger-stadt"),
  traegerVerband: stableId("org:traeger-verband"),
  traegerErsatz: stableId("org:traeger-ersatz"),
  /** "Gemeinschaftsschule am Deich" — the school of schuladmin, lehrkraft, schueler. */
  schuleA: stableId("org:schule-a"),
  /** "Grundschule Lindenweg" — the school of ohnetoken. */
  schuleB: stableId("org:schule-b"),
  /** "Gymnasium Hafenkante" — also has a class "9a". */
  schuleC: stableId("org:schule-c"),
  ersatzschule: stableId("org:ersatzschule-1"),
  /** class 7b of school A with pupil assignments (delete → ORGANISATION_IST_BEREITS_ZUGEWIESEN_ERROR) */
  klasseMitSchueler: stableId("org:schule-a:7b"),
  /** class 5a of school A without assignments (delete succeeds) */
  klasseOhneZuordnung: stableId("org:schule-a:5a"),
  /** class 9a of school A; school C has a class of the same name */
  klasse9aSchuleA: stableId("org:schule-a:9a"),
  klasse9aSchuleC: stableId("org:schule-c:9a"),
  /** "Gymnasium Kranichwiese" (0710085): the fake VIDIS lists two activated offers for it (seed/vidis.ts). */
  schuleVidis: stableId("org:schule-12"),
  /** "Gemeinschaftsschule Tannenhöhe": no classes, persons, roles, offers or Rollenerweiterungen, so it can be deleted. */
  schuleLoeschbar: stableId("org:schule-35"),
  rolleLandesadmin: stableId("rolle:landesadministrator"),
  rolleSchuladmin: stableId("rolle:schuladministrator-oeffentlich"),
  rolleLehrkraft: stableId("rolle:lehrkraft"),
  rolleSchueler: stableId("rolle:itslearning-schueler"),
  /** "Schulische Angebotsverwaltung", owned by the VIDIS school (the restricted offer rights and the VIDIS sync). */
  rolleSchulangebote: stableId("rolle:schulische-angebote"),
  providerAdministration: stableId("sp:schulportal-administration"),
  providerEmail: stableId("sp:e-mail"),
  providerItslearning: stableId("sp:itslearning"),
  providerOhneLogo: stableId("sp:leonie"),
  providerMediathek: stableId("sp:mediathek-nord"),
  /** "Vokabeltrainer Möwe" of the VIDIS school, taken over from VIDIS: neither editable nor deletable. */
  providerVidis: stableId("sp:vidis-vokabeltrainer"),
  meldung: stableId("meldung:1"),
  personLandesadmin: stableId("person:landesadmin"),
  personSchuladmin: stableId("person:schuladmin"),
  personLehrkraft: stableId("person:lehrkraft"),
  personSchueler: stableId("person:schueler"),
  personOhnetoken: stableId("person:ohnetoken"),
  personVidisadmin: stableId("person:vidisadmin"),
  accountUnbekannt: stableId("account:unbekannt"),
  /** teacher at A, locked by school A without end date */
  personManuellGesperrt: stableId("person:ghoffmann"),
  /** teacher at C, locked by school C until a date */
  personBefristetGesperrt: stableId("person:asoennichsen"),
  /** teacher at B without KoPers number, locked by the KoPers timer ("Cron") */
  personKopersGesperrt: stableId("person:mhinrichsen"),
  /** teacher at A with a KoPers lock and a manual lock at once */
  personDoppeltGesperrt: stableId("person:fpetersen"),
  /** teacher at A and C (two schools), with an ENABLED and a DISABLED address */
  personZweiSchulen: stableId("person:mfuchs"),
} as const;
