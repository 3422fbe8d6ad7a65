import { data } from "@remix-run/node";
import { z } from "zod";
import { notFound } from "../guards.server";
import { UpstreamFailure } from "../upstream/client.server";
import type { PersonActionHandler } from "./types.server";

/**
 * A new password, shown once: it travels only in this answer's HTML (never a URL, a cookie or a log), which no
 * cache may keep. A refusal stays in the dialog.
 */
export function oneTimePassword(
  dialog: "passwort" | "geraetepasswort",
  write: (request: Request, id: string) => Promise<string>,
): PersonActionHandler {
  return async ({ request, personId }) => {
    if (!z.string().uuid().safeParse(personId).success) throw notFound();
    try {
      const password = await write(request, personId!);
      return data({ dialog, password }, { headers: { "Cache-Control": "no-store" } });
    } catch (error) {
      if (!(error instanceof UpstreamFailure)) throw error;
      // Not the user's person (or none at all): the same "not found" as its page.
      if (error.status === 404) throw notFound();
      return data({ dialog, passwordError: error.code }, { status: error.status >= 500 ? error.status : 400 });
    }
  };
}
