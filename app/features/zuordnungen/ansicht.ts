import { befristungFromUpstream, formatGermanDay } from "~/dates";
import { applyAenderungen, diffKontexte, type Aenderung, type Kontext } from "./aenderungen";

/** A current Zuordnung with what the edit screen shows and decides by (from the Personenübersicht). */
export interface Zuordnung extends Kontext {
  /** The organisation's label ("DStNr (Name)"), a class's name. */
  organisation: string;
  rolle: string;
  rollenArt: string | null;
  merkmale: string[];
  editable: boolean;
}

export type Status = "bleibt" | "hinzu" | "weg";

export interface AnsichtKlasse {
  id: string;
  name: string;
  status: Status;
}

/** One line of the list: a school (or other organisation) with a role and its classes of that role. */
export interface AnsichtZeile {
  /** `organisationId/rolleId`: what a checkbox selects. */
  key: string;
  organisationId: string;
  rolleId: string;
  organisation: string;
  rolle: string;
  klassen: AnsichtKlasse[];
  /** The last day, DD.MM.YYYY; null for unlimited. */
  bis: string | null;
  status: Status;
  /** May be selected for remove, move, Befristung: editable for this administrator and not changed already. */
  waehlbar: boolean;
  istLern: boolean;
  befristungPflicht: boolean;
}

const kontextKey = (kontext: Pick<Kontext, "organisationId" | "rolleId" | "befristung">) =>
  `${kontext.organisationId}/${kontext.rolleId}/${kontext.befristung ?? ""}`;

function bisOf(befristung: string | null): string | null {
  const day = befristung ? befristungFromUpstream(befristung) : null;
  return day ? formatGermanDay(day) : null;
}

/**
 * The list as it will be after the staged changes: kept lines, removed ones ("wird entfernt") and added ones ("wird
 * hinzugefügt"); a changed Befristung shows as the old line removed and the new one added, as in the original.
 */
export function zuordnungsAnsicht(current: readonly Zuordnung[], aenderungen: readonly Aenderung[]) {
  const desired = applyAenderungen(current, aenderungen);
  const { added, removed } = diffKontexte(current, desired);
  const removedKeys = new Set(removed.map(kontextKey));
  const names = new Map<string, string>(current.map((zuordnung) => [zuordnung.organisationId, zuordnung.organisation]));
  const rollen = new Map<string, Pick<Zuordnung, "rolle" | "rollenArt" | "merkmale">>(
    current.map((zuordnung) => [zuordnung.rolleId, zuordnung]),
  );
  for (const aenderung of aenderungen) {
    if (aenderung.art === "hinzu") {
      names.set(aenderung.schuleId, aenderung.schule);
      if (aenderung.klasseId && aenderung.klasse) names.set(aenderung.klasseId, aenderung.klasse);
      if (!rollen.has(aenderung.rolleId)) rollen.set(aenderung.rolleId, { rolle: aenderung.rolle, rollenArt: null, merkmale: [] });
    }
    if (aenderung.art === "klasse") names.set(aenderung.nach, aenderung.nachName);
  }

  const lines: AnsichtZeile[] = [];
  const placedClasses = new Set<Kontext>();
  const line = (kontext: Kontext, status: Status, editable: boolean): AnsichtZeile => {
    const rolle = rollen.get(kontext.rolleId);
    return {
      key: `${kontext.organisationId}/${kontext.rolleId}`,
      organisationId: kontext.organisationId,
      rolleId: kontext.rolleId,
      organisation: names.get(kontext.organisationId) ?? "",
      rolle: rolle?.rolle ?? "",
      klassen: [],
      bis: bisOf(kontext.befristung),
      status,
      waehlbar: editable && status === "bleibt",
      istLern: rolle?.rollenArt === "LERN",
      befristungPflicht: rolle?.merkmale.includes("BEFRISTUNG_PFLICHT") ?? false,
    };
  };
  const classesOf = (owner: Kontext, from: readonly Kontext[], status: (klasse: Kontext) => Status) =>
    from
      .filter((klasse) => klasse.klasseVon === owner.organisationId && klasse.rolleId === owner.rolleId && !placedClasses.has(klasse))
      .map((klasse) => {
        placedClasses.add(klasse);
        return { id: klasse.organisationId, name: names.get(klasse.organisationId) ?? "", status: status(klasse) };
      });

  for (const zuordnung of current.filter((kontext) => kontext.klasseVon === null)) {
    const status: Status = removedKeys.has(kontextKey(zuordnung)) ? "weg" : "bleibt";
    const entry = line(zuordnung, status, zuordnung.editable);
    entry.klassen = classesOf(zuordnung, current, (klasse) => (removedKeys.has(kontextKey(klasse)) ? "weg" : "bleibt"));
    lines.push(entry);
  }
  for (const kontext of added.filter((candidate) => candidate.klasseVon === null)) {
    const entry = line(kontext, "hinzu", false);
    entry.klassen = classesOf(kontext, added, () => "hinzu");
    lines.push(entry);
  }
  // Classes added to a kept line (a pupil moved to another class), then classes without a line of their own.
  for (const klasse of added.filter((kontext) => kontext.klasseVon !== null && !placedClasses.has(kontext))) {
    const owner = lines.find(
      (entry) => entry.status === "bleibt" && entry.organisationId === klasse.klasseVon && entry.rolleId === klasse.rolleId,
    );
    placedClasses.add(klasse);
    if (owner) owner.klassen.push({ id: klasse.organisationId, name: names.get(klasse.organisationId) ?? "", status: "hinzu" });
    else lines.push(line(klasse, "hinzu", false));
  }
  for (const klasse of current.filter((kontext) => kontext.klasseVon !== null && !placedClasses.has(kontext))) {
    const entry = line(klasse, removedKeys.has(kontextKey(klasse)) ? "weg" : "bleibt", false);
    lines.push(entry);
  }
  // As on the person's page: by organisation (Dienststellennummer first), then role; a changed line's old version first.
  const order = (line: AnsichtZeile) => `${line.organisation}\u0000${line.rolle}`;
  lines.sort((a, b) => order(a).localeCompare(order(b), "de", { numeric: true }));
  return { lines, desired, changed: added.length > 0 || removed.length > 0, empty: desired.length === 0 };
}
