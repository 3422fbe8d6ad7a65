import { env } from "~/.server/env.server";
import { parseJson, type UpstreamAnswer } from "./transport.server";

/**
 * What the upstream in front of us offers, learnt from its own answers and remembered per process
 * (docs/decisions/008-two-upstream-versions.md). The pinned upstream (2025-11) and the current one differ
 * in routes: a feature lists its variants newest first, the first call tries them in that order, and a
 * framework route miss ("Cannot DELETE /api/…") moves on to the next. The variant that answered
 * anything else is remembered, so later calls cost no extra round trip. Should the upstream be
 * replaced while the portal runs, a remembered variant that misses is forgotten and the others are
 * tried again.
 */

// Keyed by upstream and feature; one upstream per process today, but the key keeps a test's second stand-in apart.
const memory = new Map<string, string>();

/**
 * The NestJS answer to a path/method no controller serves: 404 with the framework's default body
 * `{"message":"Cannot DELETE /api/…","error":"Not Found","statusCode":404}`. A domain 404
 * (`ENTITY_NOT_FOUND`, a SchulConneX body, an ingress's HTML page) is not a route miss.
 */
export function isRouteMiss(answer: Pick<UpstreamAnswer, "status" | "text">): boolean {
  if (answer.status !== 404) return false;
  const body = parseJson(answer.text);
  if (typeof body !== "object" || body === null) return false;
  const { message, statusCode } = body as Record<string, unknown>;
  return statusCode === 404 && typeof message === "string" && /^Cannot (GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) \//.test(message);
}

export class UpstreamFeature<V extends string> {
  /** `variants`: newest first; the first one is what the current upstream offers. */
  constructor(
    readonly name: string,
    readonly variants: readonly [V, ...V[]],
  ) {}

  private get key() {
    return `${env.UPSTREAM_URL} ${this.name}`;
  }

  /** The variant this upstream is known to offer, if a call has told us yet. */
  known(): V | undefined {
    const value = memory.get(this.key);
    return this.variants.find((variant) => variant === value);
  }

  /** For features whose variant shows in an answer's shape rather than a route miss. */
  learn(variant: V): void {
    memory.set(this.key, variant);
  }

  forget(): void {
    memory.delete(this.key);
  }

  /**
   * Runs `call` with the known variant, or with each variant from the newest until one is not a route
   * miss. When every variant misses, the last answer is returned for the call's own error handling.
   */
  async exchange(call: (variant: V) => Promise<UpstreamAnswer>): Promise<UpstreamAnswer> {
    const remembered = this.known();
    const order = remembered ? [remembered, ...this.variants.filter((variant) => variant !== remembered)] : this.variants;
    let answer: UpstreamAnswer | undefined;
    for (const variant of order) {
      answer = await call(variant);
      if (!isRouteMiss(answer)) {
        if (variant !== remembered) this.learn(variant);
        return answer;
      }
      if (variant === remembered) this.forget();
    }
    return answer!;
  }
}
