import { PINNED_SYSTEMRECHTE, SYSTEMRECHTE, type Systemrecht } from "../../contract/index.ts";
import type { ApiVersion } from "../env.ts";

/** The rights of `RollenSystemRechtEnum` in the upstream's order: 18 pinned, 20 current (CHANGES-SINCE-PIN §2.8). */
export function systemrechteOf(version: ApiVersion): readonly [Systemrecht, ...Systemrecht[]] {
  return version === "current" ? SYSTEMRECHTE : PINNED_SYSTEMRECHTE;
}
