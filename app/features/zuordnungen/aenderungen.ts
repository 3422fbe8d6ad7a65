import { z } from "zod";
import { befristungFromUpstream } from "~/dates";

/**
 * Staged changes of a person's Zuordnungen (inventory §4.8.5, issue 8). Nothing is saved until "Speichern"; until
 * then the changes travel with the form as a hidden field (no server session), and the whole new set is computed
 * from the current one and sent once (PUT /api/personenkontext-workflow/{personId}, PERSONS.md §2.4.3).
 *
 * A change names what it acts on by organisation and role, not by a position in a list: after a conflict the same
 * changes apply to the reloaded set, and a change whose target is gone does nothing.
 */

/** One Zuordnung as the PUT needs it; `befristung` is the upstream's instant (kept verbatim for unchanged ones). */
export interface Kontext {
  organisationId: string;
  rolleId: string;
  befristung: string | null;
  /** The school a class belongs to; null for anything but a class. */
  klasseVon: string | null;
}

/** A KoPers number's longest length the portal accepts (the upstream sets none; real numbers have 7 digits). */
export const KOPERS_MAX = 30;

const id = z.string().uuid();
const label = z.string().max(300);
const instant = z.string().datetime({ offset: true }).nullable();

const Hinzufuegen = z.object({
  art: z.literal("hinzu"),
  schuleId: id,
  rolleId: id,
  klasseId: id.nullable(),
  befristung: instant,
  /** A KoPers number stored together with the change (the role asks for one and the person has none). */
  kopers: z
    .string()
    .min(1)
    .max(KOPERS_MAX)
    .refine((value) => value.trim() === value)
    .nullable(),
  schule: label,
  rolle: label,
  klasse: label.nullable(),
});
const Entfernen = z.object({ art: z.literal("weg"), organisationId: id, rolleId: id });
const Versetzen = z.object({ art: z.literal("klasse"), schuleId: id, rolleId: id, von: id, nach: id, nachName: label });
const BefristungAendern = z.object({ art: z.literal("frist"), organisationId: id, rolleId: id, befristung: instant });

export const Aenderung = z.discriminatedUnion("art", [Hinzufuegen, Entfernen, Versetzen, BefristungAendern]);
export type Aenderung = z.infer<typeof Aenderung>;

/** At most this many staged changes: more is no administrator's work but a crafted post. */
const MAX_AENDERUNGEN = 50;

/** The hidden field's value: empty, or what `serializeAenderungen` wrote. Anything else is refused, not guessed. */
export function parseAenderungen(text: string | null | undefined): Aenderung[] | null {
  if (!text) return [];
  try {
    const parsed = z.array(Aenderung).max(MAX_AENDERUNGEN).safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const serializeAenderungen = (aenderungen: readonly Aenderung[]) => (aenderungen.length ? JSON.stringify(aenderungen) : "");

/** The state the changes were staged on (optimistic locking of the PUT). */
export const Stand = z.object({
  lastModified: z.string().datetime({ offset: true }).nullable(),
  count: z.number().int().min(0).max(10_000),
});
export type Stand = z.infer<typeof Stand>;

export function parseStand(text: string | null | undefined): Stand | null {
  if (!text) return null;
  try {
    const parsed = Stand.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const sameKontext = (a: Pick<Kontext, "organisationId" | "rolleId">, b: Pick<Kontext, "organisationId" | "rolleId">) =>
  a.organisationId === b.organisationId && a.rolleId === b.rolleId;

/** The Zuordnung at `organisationId` with `rolleId`, and the classes below that school with the same role. */
const belongsTo = (kontext: Kontext, organisationId: string, rolleId: string) =>
  kontext.rolleId === rolleId && (kontext.organisationId === organisationId || kontext.klasseVon === organisationId);

/** The set after the changes, in order. */
export function applyAenderungen(current: readonly Kontext[], aenderungen: readonly Aenderung[]): Kontext[] {
  let set = [...current];
  for (const aenderung of aenderungen) {
    switch (aenderung.art) {
      case "weg":
        set = set.filter((kontext) => !belongsTo(kontext, aenderung.organisationId, aenderung.rolleId));
        break;
      case "frist":
        set = set.map((kontext) =>
          belongsTo(kontext, aenderung.organisationId, aenderung.rolleId) ? { ...kontext, befristung: aenderung.befristung } : kontext,
        );
        break;
      case "klasse": {
        const von = set.find((kontext) => sameKontext(kontext, { organisationId: aenderung.von, rolleId: aenderung.rolleId }));
        if (!von) break;
        set = set.filter((kontext) => kontext !== von);
        set.push({ organisationId: aenderung.nach, rolleId: aenderung.rolleId, befristung: von.befristung, klasseVon: aenderung.schuleId });
        break;
      }
      case "hinzu": {
        const add = (kontext: Kontext) => {
          if (!set.some((existing) => sameKontext(existing, kontext))) set.push(kontext);
        };
        add({ organisationId: aenderung.schuleId, rolleId: aenderung.rolleId, befristung: aenderung.befristung, klasseVon: null });
        if (aenderung.klasseId) {
          add({
            organisationId: aenderung.klasseId,
            rolleId: aenderung.rolleId,
            befristung: aenderung.befristung,
            klasseVon: aenderung.schuleId,
          });
        }
        break;
      }
    }
  }
  return set;
}

/** The KoPers number to store with the save: the last one a staged addition carries. */
export function kopersOf(aenderungen: readonly Aenderung[]): string | null {
  return aenderungen.reduce<string | null>(
    (found, aenderung) => (aenderung.art === "hinzu" && aenderung.kopers ? aenderung.kopers : found),
    null,
  );
}

const key = (kontext: Kontext) => `${kontext.organisationId}/${kontext.rolleId}/${kontext.befristung ?? ""}`;

/** What the save adds and removes, as the upstream compares: organisation, role and Befristung (§2.4.3). */
export function diffKontexte(current: readonly Kontext[], desired: readonly Kontext[]) {
  const before = new Set(current.map(key));
  const after = new Set(desired.map(key));
  return {
    added: desired.filter((kontext) => !before.has(key(kontext))),
    removed: current.filter((kontext) => !after.has(key(kontext))),
  };
}

/**
 * The portal's own rules, checked again at the save: the staged changes came back from the browser and may have been
 * edited there. Own assignments are neither removed nor changed, a Befristung lies after `today` (spec §5).
 * Returns the i18n key of the first rule broken, or null.
 */
export function brokenRule(
  aenderungen: readonly Aenderung[],
  { eigenePerson, today }: { eigenePerson: boolean; today: string },
): "notOwn" | "befristungPast" | null {
  for (const aenderung of aenderungen) {
    if (eigenePerson && (aenderung.art === "weg" || aenderung.art === "frist")) return "notOwn";
    const befristung = aenderung.art === "hinzu" || aenderung.art === "frist" ? aenderung.befristung : null;
    if (befristung) {
      const lastDay = befristungFromUpstream(befristung);
      if (!lastDay || lastDay <= today) return "befristungPast";
    }
  }
  return null;
}
