import { useHydrated } from "./use-hydrated";

/**
 * Field errors in the server's HTML come from a failed post. Every invalid field asks for
 * autofocus and the browser takes the first in the document, so without JavaScript focus lands
 * on the first invalid field (or on the form error above the form). In the browser `formProps`
 * moves the focus, and autoFocus would fire on every remount instead.
 */
export function useServerAutoFocus(errors?: string[]): boolean {
  const hydrated = useHydrated();
  return !hydrated && Boolean(errors?.length);
}
