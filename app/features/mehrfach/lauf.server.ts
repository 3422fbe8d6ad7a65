import { UpstreamFailure } from "~/.server/upstream/client.server";
import { LaufAbgebrochen, type Ergebnis } from "./schritte.server";

/**
 * Runs one step per item with at most `concurrency` steps at a time (docs/decisions/026). Every item gets an outcome
 * in `onDone`, in the order they finish; a failing step never stops the others. The run stops starting new steps
 * when the browser went away (`signal`) or a step reports that the session ended (`LaufAbgebrochen`); the items not
 * started then are returned as `offen`.
 */
export interface LaufEnde {
  /** Why it stopped early, or null when every item was processed. */
  abbruch: "verbindung" | "sitzung" | null;
  offen: number;
}

export async function laufe<T>(
  items: readonly T[],
  step: (item: T) => Promise<Ergebnis>,
  options: { concurrency: number; signal: AbortSignal; onDone: (item: T, ergebnis: Ergebnis) => void },
): Promise<LaufEnde> {
  let next = 0;
  let abbruch: LaufEnde["abbruch"] = null;
  const worker = async () => {
    while (abbruch === null && next < items.length) {
      if (options.signal.aborted) {
        abbruch = "verbindung";
        break;
      }
      const item = items[next++];
      try {
        options.onDone(item, await step(item));
      } catch (error) {
        if (error instanceof LaufAbgebrochen) {
          abbruch ??= "sitzung";
          options.onDone(item, { art: "fehler", code: error.ursache instanceof UpstreamFailure ? error.ursache.code : "UNAUTHORIZED" });
        } else {
          // A defect of the portal for one person is that person's error, not the end of everybody else's step.
          console.error("bulk step failed:", error instanceof Error ? error.message : String(error));
          options.onDone(item, { art: "fehler", code: "UNSPECIFIED_ERROR" });
        }
      }
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(options.concurrency, items.length)) }, worker);
  await Promise.all(workers);
  return { abbruch, offen: items.length - next };
}
