import { describe, expect, it } from "vitest";
import { authenticate } from "~/.server/auth.server";
import { bindRequestContext } from "~/.server/request-context.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";

// The unit tests' UPSTREAM_URL points at a closed port (vitest.config.ts): every call fails as "unreachable".
const pageRequest = () => new Request("http://portal/admin/klassen", { headers: { Cookie: "connect.sid=s%3Aeine-sitzung" } });

describe("Eine geteilte Anmeldeinfo, die scheitert", () => {
  it("gibt jedem Loader derselben Seite eine eigene, lesbare Antwort statt einer, deren Inhalt schon gelesen ist", async () => {
    const context = {};
    const [root, admin, page] = [pageRequest(), pageRequest(), pageRequest()];
    for (const request of [root, admin, page]) bindRequestContext(request, context);

    const failures = await Promise.all([root, admin, page].map((request) => authenticate(request).catch((error: unknown) => error)));

    for (const failure of failures) expect(failure).toBeInstanceOf(UpstreamFailure);
    expect(new Set(failures).size).toBe(3);
    // Remix reads the body of every thrown Response: each of them must still be readable.
    for (const failure of failures) expect(await (failure as UpstreamFailure).json()).toEqual({ code: "UPSTREAM_UNAVAILABLE" });
  });
});
