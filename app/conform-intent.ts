/**
 * conform's reserved submitter name for its own intents (validate, reset, …): `INTENT` of @conform-to/dom. Kept apart
 * from `components/forms.tsx` so that the page frame can tell such a submit from the user's own without loading
 * conform itself on every page (about 12 KB gzip that list and start pages do not need).
 */
const CONFORM_INTENT = "__intent__";

/** A submit event conform dispatches itself to check a field (on blur, on input): no attempt of the user to send. */
export function isConformIntentSubmit(event: SubmitEvent): boolean {
  return event.submitter?.getAttribute("name") === CONFORM_INTENT;
}
