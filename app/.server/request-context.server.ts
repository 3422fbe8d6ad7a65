/**
 * One request, one context. Remix hands the action and the loaders of one request the same `context` object
 * (remix-serve makes a fresh `{}` for each request), but each of them its own `Request` copy. `withUpstreamSession`
 * ties every copy to its context, so what belongs to the request as a whole is found from any of them: the login
 * info (one view of who the user is per request) and whether the action has answered with the whole page.
 */
const contexts = new WeakMap<Request, object>();
const answeredByAnAction = new WeakSet<object>();

export function bindRequestContext(request: Request, context: unknown): void {
  if (typeof context === "object" && context !== null) contexts.set(request, context);
}

export function requestContextOf(request: Request): object | undefined {
  return contexts.get(request);
}

/**
 * A page whose action answers with the whole form (the creation screen) marks its request, so its loader, which runs
 * after the action only to render the page without JavaScript, can leave out the start it would read otherwise.
 */
export function markAnsweredByAction(request: Request): void {
  const context = contexts.get(request);
  if (context) answeredByAnAction.add(context);
}

export function answeredByAction(request: Request): boolean {
  const context = contexts.get(request);
  return context !== undefined && answeredByAnAction.has(context);
}
