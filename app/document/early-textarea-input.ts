/**
 * Text typed into a multi-line field before the page's scripts have started. The page paints and works before React
 * hydrates (docs/decisions/025), so someone can start typing at once; React keeps what was typed into inputs and
 * selects when it hydrates, but sets a `<textarea>` back to the text the server rendered. The entry remembers such
 * text just before hydration; the root puts it back once the page is live, as if typed then (an `input` event), so
 * the form's state, its checks and "Speichern" see it.
 */
let remembered: { id: string; value: string }[] = [];

export function rememberEarlyTextareaInput(): void {
  remembered = [...document.querySelectorAll("textarea")]
    .filter((field) => field.id && field.value !== field.defaultValue)
    .map((field) => ({ id: field.id, value: field.value }));
}

export function restoreEarlyTextareaInput(): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
  for (const { id, value } of remembered.splice(0)) {
    const field = document.getElementById(id);
    if (!(field instanceof HTMLTextAreaElement) || field.value === value || !setValue) continue;
    // The prototype's setter, so React's own tracking of the value notices the change and runs its handlers.
    setValue.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}
