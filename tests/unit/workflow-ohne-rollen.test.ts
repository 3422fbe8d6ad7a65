import { afterEach, describe, expect, it } from "vitest";
import {
  failureOf,
  json,
  pointPortalAt,
  portalRequest,
  routeMiss,
  startStandIn,
  type Handler,
  type StandIn,
} from "./support/stand-in-upstream";

/**
 * An open server change drops `rollen` from the workflow step and lists the roles at
 * `GET /api/rolle/for-personenkontext-creation` (CHANGES-AFTER-E638684 §3.1). The role pickers must never be empty
 * because of it: the portal asks the new endpoint, and where there is none it says so in German (issue 34 §9).
 */

const SCHULE = "7f0c2a44-1a6e-4c59-9a27-2f7f1e0a9b01";
const ROLLE = "00000000-0000-4000-8000-0000000000b1";
const schule = { id: SCHULE, name: "Schule am Deich", kennung: "0710001", typ: "SCHULE" };
const lehrkraft = { id: ROLLE, name: "Lehrkraft", rollenart: "LEHR", merkmale: [], systemrechte: [] };
const stepOhneRollen = { organisations: [schule], selectedOrganisation: SCHULE, selectedRollen: [], canCommit: false };

let standIn: StandIn | undefined;
afterEach(() => standIn?.close());

async function workflowAgainst(handler: Handler) {
  standIn = await startStandIn(handler);
  pointPortalAt(standIn.url);
  return import("~/.server/upstream/personenkontext-workflow.server");
}

const request = () => portalRequest("s1", { method: "GET", path: "/admin/personen/new" });

describe("Schritt des Personenkontext-Workflows ohne Rollen", () => {
  it("wie heute: die Rollen kommen mit dem Schritt, kein weiterer Aufruf", async () => {
    const { workflowStep } = await workflowAgainst((received, response) => {
      if (received.path === "/api/personenkontext-workflow/step") return json(response, 200, { ...stepOhneRollen, rollen: [lehrkraft] });
      return routeMiss(received, response);
    });
    const step = await workflowStep(request(), { operationContext: "PERSON_ANLEGEN", organisationId: SCHULE });
    expect(step.rollen.map((rolle) => rolle.name)).toEqual(["Lehrkraft"]);
    expect(standIn!.received.map((received) => received.path)).toEqual(["/api/personenkontext-workflow/step"]);
  });

  it("ein Schritt ohne `rollen` holt sie vom neuen Endpunkt, mit Organisation, Suche und Recht", async () => {
    const { workflowStep } = await workflowAgainst((received, response) => {
      if (received.path === "/api/personenkontext-workflow/step") return json(response, 200, stepOhneRollen);
      if (received.path === "/api/rolle/for-personenkontext-creation") return json(response, 200, [lehrkraft], { "X-Paging-Total": "1" });
      return routeMiss(received, response);
    });
    const step = await workflowStep(request(), {
      operationContext: "PERSON_ANLEGEN",
      organisationId: SCHULE,
      rolleName: "Lehr",
      requestedWithSystemrecht: "EINGESCHRAENKT_NEUE_BENUTZER_ERSTELLEN",
    });
    expect(step.rollen.map((rolle) => rolle.name)).toEqual(["Lehrkraft"]);
    const rollenAufruf = standIn!.received.find((received) => received.path === "/api/rolle/for-personenkontext-creation");
    expect(rollenAufruf?.query.get("organisationId")).toBe(SCHULE);
    expect(rollenAufruf?.query.get("rolleName")).toBe("Lehr");
    expect(rollenAufruf?.query.get("systemrecht")).toBe("EINGESCHRAENKT_NEUE_BENUTZER_ERSTELLEN");
  });

  it("ohne `rollen` und ohne den neuen Endpunkt: ein deutscher Fehler statt einer leeren Rollenauswahl", async () => {
    const { workflowStep } = await workflowAgainst((received, response) => {
      if (received.path === "/api/personenkontext-workflow/step") return json(response, 200, stepOhneRollen);
      return routeMiss(received, response);
    });
    const failure = await failureOf(workflowStep(request(), { operationContext: "PERSON_ANLEGEN", organisationId: SCHULE }));
    expect(failure.code).toBe("WORKFLOW_OHNE_ROLLEN");
    expect(failure.status).toBe(502);
  });

  it("ohne gewählte Organisation gibt es nichts zu wählen: kein Fehler, keine Rollen", async () => {
    const { workflowStep } = await workflowAgainst((received, response) => {
      if (received.path === "/api/personenkontext-workflow/step") return json(response, 200, stepOhneRollen);
      return routeMiss(received, response);
    });
    const step = await workflowStep(request(), { operationContext: "PERSON_ANLEGEN" });
    expect(step.rollen).toEqual([]);
  });
});
