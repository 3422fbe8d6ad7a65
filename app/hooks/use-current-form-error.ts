import type { FormMetadata } from "@conform-to/react";
import { useState } from "react";
import type { ErrorCode } from "~/errors";

/**
 * The form error of the last refused submission, until the form shows a field error: then the error is about input
 * that is no longer there ("name already taken" beside a name the user has since emptied), and two messages would
 * contradict each other. It stays away until the next submission answers.
 */
export function useCurrentFormError<Schema extends Record<string, unknown>>(
  form: FormMetadata<Schema, string[]>,
  answer: { error?: ErrorCode | null } | undefined,
): ErrorCode | null {
  const [outdated, setOutdated] = useState<object | undefined>(undefined);
  const fieldErrorShown = Object.values(form.allErrors).some((errors) => errors.length > 0);
  // Set while rendering (React's pattern for state derived from props): the banner never shows next to the field error.
  if (answer?.error && fieldErrorShown && outdated !== answer) setOutdated(answer);
  return answer && answer !== outdated ? (answer.error ?? null) : null;
}
