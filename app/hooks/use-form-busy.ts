import { useFetchers, useNavigation } from "@remix-run/react";

/**
 * The hidden field that names the form a post came from (`FormIdentity` renders it). The router knows only the data
 * of a submission in flight, not its form; several forms of one page may post to the same action.
 */
export const FORM_ID_FIELD = "_form";

interface Submission {
  state: string;
  formData?: FormData;
}

/**
 * Whether a post of this form is in flight: sent and not yet answered, or answered and the next page still loading.
 * A navigation and fetchers are both asked, so a form inside a dialog (a fetcher) counts as well.
 */
export function isFormBusy(formId: string, navigation: Submission, fetchers: Submission[]): boolean {
  const fromThisForm = (submission: Submission) => submission.state !== "idle" && submission.formData?.get(FORM_ID_FIELD) === formId;
  return fromThisForm(navigation) || fetchers.some(fromThisForm);
}

/** True while this form's post is in flight; every other form of the page stays usable. */
export function useFormBusy(formId: string): boolean {
  return isFormBusy(formId, useNavigation(), useFetchers());
}
