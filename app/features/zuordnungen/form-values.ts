/** Plain values of a posted form, for the parts of the edit screen that read fields before any schema does. */

export function stringOf(formData: FormData, name: string): string | null {
  const value = formData.get(name);
  return typeof value === "string" ? value : null;
}

/** An id field's value when it looks like a UUID; anything else counts as not chosen. */
export function uuidOf(formData: FormData, name: string): string | undefined {
  const value = stringOf(formData, name);
  return value && /^[0-9a-f-]{36}$/i.test(value) ? value : undefined;
}
