import { useEffect, useState } from "react";
import { hasChanges } from "~/form-changes";

/** Whether a field of form `formId` differs from its stored value, read from the form on every input (`SaveButton`). */
export function useChangedSinceStored(formId: string, stored: Record<string, string>): boolean {
  const [changed, setChanged] = useState(false);
  const storedKey = JSON.stringify(stored);
  useEffect(() => {
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    const fields: Record<string, string> = JSON.parse(storedKey);
    const check = () => {
      const data = new FormData(element);
      // A group of checkboxes is one field of several values, one per line in the order of the form.
      const current = Object.fromEntries(Object.keys(fields).map((name) => [name, data.getAll(name).map(String).join("\n")]));
      setChanged(hasChanges(current, fields));
    };
    check();
    element.addEventListener("input", check);
    element.addEventListener("change", check);
    return () => {
      element.removeEventListener("input", check);
      element.removeEventListener("change", check);
    };
  }, [formId, storedKey]);
  return changed;
}
