import { type CreateRolleBody, type RolleWithServiceProvidersResponse, type UpdateRolleBody } from "@contract";
import { REVISION_CONFLICT_CODES } from "~/.server/error-codes.server";
import type { FieldsByErrorCode } from "~/.server/responses.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { createRolle, deleteRolle, findRollen, getRolle, updateRolle } from "~/.server/upstream/rollen.server";
import { writeWithOutcome } from "~/.server/write-outcome.server";
import { setKey } from "./rolle-forms";

/** The role writes and how their refusals answer the forms; an unanswered write is looked for before it is sent again. */

/** The upstream's refusals on the fields they are about, in the words of the role screens. */
export const ROLLE_FIELDS: FieldsByErrorCode = {
  ROLLE_NAME_UNIQUE_ON_SSK: { field: "name", message: "rollen:validation.name.taken" },
  ROLLENNAME_ENTHAELT_LEERZEICHEN: { field: "name", message: "rollen:validation.name.outerSpaces" },
  UPDATE_MERKMALE_ERROR: { field: "merkmale", message: "rollen:validation.merkmale.inUse" },
  SERVICE_PROVIDER_NICHT_NACHTRAEGLICH_ZUWEISBAR: { field: "angebote", message: "rollen:validation.angebote.inUse" },
  SERVICE_PROVIDER_PROVIDED_OUT_OF_TREE: { field: "angebote", message: "rollen:validation.angebote.outOfTree" },
};

/** The marker of an unanswered create in the portal cookie: level and name identify the attempt. */
export const CREATE_ROLLE_WRITE = "rolle-anlegen";
export const createRolleKey = (body: { administeredBySchulstrukturknoten: string; name: string }) =>
  `${body.administeredBySchulstrukturknoten}/${body.name}`;

/** The role of this name at this level, if there is one (the list's search, then the exact match). */
async function findRolleByName(request: Request, ebene: string, name: string) {
  const { items } = await findRollen(request, { searchStr: name, offset: 0, limit: 100 });
  return items.find((rolle) => rolle.name === name && rolle.administeredBySchulstrukturknoten === ebene) ?? null;
}

/**
 * Creates a role with its offers (decision 011 §5): after a timeout, or after "name taken" following the user's own
 * unanswered attempt, the upstream is asked whether a role of this name is at this level. `angebotsFehler` is set when
 * the role is there but without the offers asked for (the pinned upstream's second call failed, or never ran).
 */
export async function createRolleWithOutcome(
  request: Request,
  body: CreateRolleBody,
  { earlierAttemptUnanswered }: { earlierAttemptUnanswered: boolean },
) {
  const outcome = await writeWithOutcome({
    write: async () => {
      const { rolle, angeboteFehler } = await createRolle(request, body);
      return { rolle, angeboteFehler: angeboteFehler !== null };
    },
    reread: async () => {
      const rolle = await findRolleByName(request, body.administeredBySchulstrukturknoten, body.name);
      return rolle && { rolle, angeboteFehler: false };
    },
    ownConflicts: ["ROLLE_NAME_UNIQUE_ON_SSK"],
    earlierAttemptUnanswered,
  });
  if (outcome.status !== "saved") return outcome;
  const attached = setKey(outcome.value.rolle.serviceProviders.map((angebot) => angebot.id));
  const angeboteFehler = outcome.value.angeboteFehler || attached !== setKey(body.serviceProviderIds);
  return { ...outcome, value: { rolle: outcome.value.rolle, angeboteFehler } };
}

/** Whether the role now is what the form asked for. */
export function hasState(rolle: RolleWithServiceProvidersResponse, wanted: Omit<UpdateRolleBody, "version">): boolean {
  return (
    rolle.name === wanted.name &&
    setKey(rolle.merkmale) === setKey(wanted.merkmale) &&
    setKey(rolle.serviceProviders.map((angebot) => angebot.id)) === setKey(wanted.serviceProviderIds) &&
    setKey(rolle.systemrechte.map((recht) => recht.name)) === setKey(wanted.systemrechte)
  );
}

/**
 * Saves a role's new state at the version the form was read at. After a timeout or a conflict the role is read
 * again: if it has the asked-for state (the user's own unanswered save, or the same change by someone else), it is
 * saved; else the conflict stands.
 */
export function updateRolleWithOutcome(request: Request, id: string, body: UpdateRolleBody) {
  const { version: _version, ...wanted } = body;
  return writeWithOutcome({
    write: () => updateRolle(request, id, body),
    reread: async () => {
      const rolle = await getRolle(request, id);
      return hasState(rolle, wanted) ? rolle : null;
    },
    ownConflicts: [...REVISION_CONFLICT_CODES],
    earlierAttemptUnanswered: true,
  });
}

/** Deletes a role; after a timeout (or "not found" after the user's own unanswered delete) a 404 means it is gone. */
export function deleteRolleWithOutcome(request: Request, id: string) {
  return writeWithOutcome({
    write: async () => {
      await deleteRolle(request, id);
      return "gone" as const;
    },
    reread: async () => {
      try {
        await getRolle(request, id);
        return null;
      } catch (error) {
        if (error instanceof UpstreamFailure && error.status === 404) return "gone" as const;
        throw error;
      }
    },
    ownConflicts: ["ENTITY_NOT_FOUND", "NOT_FOUND"],
    earlierAttemptUnanswered: true,
  });
}
