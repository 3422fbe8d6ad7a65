/**
 * Whether an edit form's submitted values differ from what is stored. Only the fields of `stored` count, so
 * bookkeeping fields of the form (a version, an intent) never make a change by themselves.
 */
export function hasChanges<T extends Record<string, unknown>>(submitted: T, stored: Partial<T>): boolean {
  return Object.keys(stored).some((field) => submitted[field] !== stored[field]);
}
