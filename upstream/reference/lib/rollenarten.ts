import type { Rollenart } from "../../contract/index.ts";
import type { ApiVersion } from "../env.ts";

/**
 * Which rollenarten fit an organisation typ. Pinned (PERSONS §1.9): EXTERN and ORGADMIN fit everywhere; current
 * (CHANGES-SINCE-PIN §2.8): one table, with every rollenart at Träger, Anbieter and the other non-school typs.
 */
const EVERY_ROLLENART: readonly Rollenart[] = ["LERN", "LEHR", "EXTERN", "ORGADMIN", "LEIT", "SYSADMIN", "SORGBER", "SCHB", "NLEHR"];
const PINNED_FIT: Record<string, readonly Rollenart[]> = {
  ROOT: ["SYSADMIN", "EXTERN", "ORGADMIN"],
  LAND: ["SYSADMIN", "EXTERN", "ORGADMIN"],
  SCHULE: ["LEIT", "LEHR", "LERN", "EXTERN", "ORGADMIN"],
  KLASSE: ["LERN", "EXTERN", "ORGADMIN"],
};
const PINNED_OTHER: readonly Rollenart[] = ["EXTERN", "ORGADMIN"];
const CURRENT_FIT: Record<string, readonly Rollenart[]> = {
  ROOT: ["SYSADMIN"],
  LAND: ["SYSADMIN"],
  SCHULE: ["LEIT", "LEHR", "LERN", "SORGBER", "SCHB", "NLEHR"],
  KLASSE: ["LERN"],
};

export const rollenartenFor = (typ: string, version: ApiVersion): readonly Rollenart[] =>
  version === "pinned" ? (PINNED_FIT[typ] ?? PINNED_OTHER) : (CURRENT_FIT[typ] ?? EVERY_ROLLENART);

/** `PORTAL_LIMITED_ROLLENART_ALLOWLIST` default: what a "limited creation" administrator may create. */
export const LIMITED_ROLLENARTEN: readonly Rollenart[] = ["LERN", "EXTERN"];
