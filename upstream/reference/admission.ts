/**
 * First come, first served, a few at a time (docs/decisions/011). The embedded database runs one query
 * at a time on the event loop; when every request that arrives is started at once, their queries take
 * turns, so under load every request slows down together, the portal's 10 s timeout hits whole batches,
 * and the upstream keeps working for callers that have already given up. With a small number of
 * requests in progress and the rest waiting in arrival order, each request is served at full speed once
 * it is its turn, and a request whose caller has gone away while waiting is not started at all.
 */
type Handler<Rest extends unknown[]> = (request: Request, ...rest: Rest) => Response | Promise<Response>;

export interface Admission<Rest extends unknown[]> {
  handle: Handler<Rest>;
  /** Requests in progress and waiting, for tests and diagnostics. */
  readonly inProgress: number;
  readonly waiting: number;
}

export function admitInOrder<Rest extends unknown[]>(handler: Handler<Rest>, limit: number): Admission<Rest> {
  let inProgress = 0;
  const queue: (() => void)[] = [];

  const release = () => {
    const next = queue.shift();
    // The slot passes straight to the next request in line, so nobody can overtake it. It passes on through
    // setImmediate: the embedded database answers in promise callbacks only, so without a macrotask in between the
    // process would go from one waiting request to the next without ever accepting a connection or reading a socket.
    if (next) setImmediate(next);
    else inProgress--;
  };

  const handle: Handler<Rest> = async (request, ...rest) => {
    if (inProgress < limit) inProgress++;
    else await new Promise<void>((resolve) => queue.push(resolve));
    try {
      // The caller gave up while waiting: nothing to answer, nothing to do.
      if (request.signal.aborted) return new Response(null, { status: 503 });
      return await handler(request, ...rest);
    } finally {
      release();
    }
  };

  return {
    handle,
    get inProgress() {
      return inProgress;
    },
    get waiting() {
      return queue.length;
    },
  };
}
