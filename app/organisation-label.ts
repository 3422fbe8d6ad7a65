/** Org display name as administrators know it: "1234567 (Name)" when a Dienststellennummer exists. */
export function organisationLabel(org: { kennung?: string | null; name: string }): string {
  return org.kennung ? `${org.kennung} (${org.name})` : org.name;
}
