import { SYSTEMRECHTE, type Systemrecht } from "../../contract/index.ts";
import type { ApiVersion } from "../env.ts";

/** The two non-technical rights the current upstream added after the 18 pinned ones (CHANGES-SINCE-PIN §2.8). */
export const NEW_SYSTEMRECHTE = ["ANGEBOTE_EINGESCHRAENKT_VERWALTEN", "SCHULISCHE_VIDIS_ANGEBOTE_ABRUFEN"] as const;
export type AnySystemrecht = Systemrecht | (typeof NEW_SYSTEMRECHTE)[number];

/** The rights of `RollenSystemRechtEnum` in the upstream's order: 18 pinned, 20 current. */
export function systemrechteOf(version: ApiVersion): readonly [AnySystemrecht, ...AnySystemrecht[]] {
  return version === "current" ? [...SYSTEMRECHTE, ...NEW_SYSTEMRECHTE] : SYSTEMRECHTE;
}
