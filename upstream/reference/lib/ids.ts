import { createHash, randomUUID } from "node:crypto";

/**
 * Deterministic UUID (v4 layout) derived from a label, so that every seed run yields the same ids
 * and tests can refer to them. Random v4 ids are used for everything created at runtime.
 */
export function stableId(label: string): string {
  const bytes = createHash("sha256").update(`schulportal-reference:${label}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const newId = (): string => randomUUID();

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
