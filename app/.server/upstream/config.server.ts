import { LRUCache } from "lru-cache";
import { z } from "zod";
import { parseJson, sendToUpstream, upstreamSessionKey } from "./transport.server";

/**
 * The upstream's feature flags (`GET /api/config`), read once per upstream session and kept for it (issue 34 §7).
 * What the server has switched off is hidden, as the original client hides it; the portal's own action refuses it
 * too, so a hidden button is never the only guard. Reading is lenient: an upstream without the endpoint, a flag it does
 * not send (the pinned release lacks the two newer ones) or an answer that cannot be read keeps today's behaviour.
 */
export interface Funktionen {
  /** Changing the Befristung of an assignment on a person's assignments page. */
  befristungBearbeiten: boolean;
  /** A teacher's own device password on the profile. */
  geraetepasswort: boolean;
  /** Creating and editing an offer (the original's "schulische Angebote"). */
  angeboteErstellen: boolean;
}

const ALLE_AN: Funktionen = { befristungBearbeiten: true, geraetepasswort: true, angeboteErstellen: true };

/** Every flag optional: a missing one, or one of another type, means "not switched off". */
const Flags = z.object({
  befristungBearbeitenEnabled: z.boolean().optional().catch(undefined),
  setUemPasswordEnabled: z.boolean().optional().catch(undefined),
  schulischeAngeboteErstellen: z.boolean().optional().catch(undefined),
});

// The promise is kept, not the answer: the admin layout and the page ask side by side, and share one call.
const known = new LRUCache<string, Promise<Funktionen>>({ max: 5_000, ttl: 30 * 60_000 });

export function loadFunktionen(request: Request): Promise<Funktionen> {
  const key = upstreamSessionKey(request);
  const cached = key === null ? undefined : known.get(key);
  if (cached) return cached;
  const reading = readFunktionen(request);
  if (key !== null) {
    known.set(key, reading);
    // Not answered: asked again with the next request.
    void reading.then((funktionen) => {
      if (funktionen === NICHT_GELESEN) known.delete(key);
    });
  }
  return reading;
}

/** Today's behaviour for one request, when the upstream did not answer (the same values as ALLE_AN, not cached). */
const NICHT_GELESEN: Funktionen = { ...ALLE_AN };

async function readFunktionen(request: Request): Promise<Funktionen> {
  try {
    const answer = await sendToUpstream(request, "/api/config");
    // Another status (no such endpoint) is an upstream without flags: today's behaviour, kept for the session.
    return funktionenAus(answer.status, parseJson(answer.text));
  } catch (error) {
    console.error("upstream GET /api/config failed:", error);
    return NICHT_GELESEN;
  }
}

/** The flags of an answer of `GET /api/config`: anything but a readable 200 keeps today's behaviour. */
export function funktionenAus(status: number, body: unknown): Funktionen {
  if (status !== 200) return ALLE_AN;
  const parsed = Flags.safeParse(body);
  if (!parsed.success) return ALLE_AN;
  const flags = parsed.data;
  return {
    befristungBearbeiten: flags.befristungBearbeitenEnabled ?? true,
    geraetepasswort: flags.setUemPasswordEnabled ?? true,
    angeboteErstellen: flags.schulischeAngeboteErstellen ?? true,
  };
}

/** The names of the functions the upstream has switched off (the side navigation hides their entries). */
export function ausgeschalteteFunktionen(funktionen: Funktionen): Set<string> {
  return new Set(Object.entries(funktionen).flatMap(([name, an]) => (an ? [] : [name])));
}
