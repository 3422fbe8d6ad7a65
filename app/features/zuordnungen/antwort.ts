import { useActionData, useLoaderData } from "@remix-run/react";
import type { Stand } from "./aenderungen";
import type { ZuordnungenAntwort } from "./views";

/** The action's answer, or the start: nothing staged, the list. */
export function useAntwort(): ZuordnungenAntwort {
  const loaded = useLoaderData<{ stand: Stand }>();
  const answer = useActionData() as ZuordnungenAntwort | undefined;
  if (answer && "schritt" in answer) return answer;
  return {
    schritt: "liste",
    aenderungen: [],
    stand: loaded.stand,
    auswahl: [],
    fehler: null,
    hinweis: null,
    fokus: null,
    formKey: "start",
    result: null,
    hinzufuegen: null,
    versetzen: null,
    befristung: null,
  };
}
