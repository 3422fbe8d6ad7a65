import { useEffect, useState } from "react";
import { isConformIntentSubmit } from "~/conform-intent";

/**
 * The message reports the last action. With JavaScript, a refused post does not reload the page's data (Remix keeps
 * it after a 4xx), so the earlier "saved" would stay above the new error: the user's next submit of any form hides it
 * (not conform's own check of a field on blur: that comes with the pointer going down on a button, and the page must
 * not move under it before the click). A message that arrives with new data is a new object and shows again. Without
 * JavaScript every post is a new page.
 */
export function useShownUntilNextSubmit<T>(message: T | null | undefined): T | null {
  const [hidden, setHidden] = useState<T | null>(null);
  useEffect(() => {
    if (!message) return;
    const hide = (event: SubmitEvent) => {
      if (!isConformIntentSubmit(event)) setHidden(message);
    };
    document.addEventListener("submit", hide, true);
    return () => document.removeEventListener("submit", hide, true);
  }, [message]);
  return message && message !== hidden ? message : null;
}
