import { data } from "@remix-run/node";
import { z } from "zod";
import { readFormData } from "~/.server/form-data.server";
import { notFound } from "~/.server/guards.server";
import { runOnce } from "~/.server/store/einmal.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { loadPerson } from "../person-details.server";
import type { PersonActionHandler } from "./types.server";

/** The confirmation form's one-time token (`einmal`): a fresh one comes with every page load. */
export const CONFIRMATION_FIELD = "einmal";

/**
 * A new password, shown once: it travels only in this answer's HTML (never a URL, a cookie or a log), which no
 * cache may keep. A refusal stays in the dialog. Without JavaScript the answer is the page of a post, so reloading
 * it posts again: the form's one-time token makes that a notice instead of a second new password, which would
 * silently void the one already handed out. `beforeRepeatNotice` runs before that notice is given (a person's page
 * first makes sure the person is the user's). An upstream 404 is the not-found page.
 */
export async function passwordOnce<Dialog extends string>(
  request: Request,
  dialog: Dialog,
  write: () => Promise<string>,
  beforeRepeatNotice: () => Promise<unknown> = async () => undefined,
) {
  const token = (await readFormData(request)).get(CONFIRMATION_FIELD);
  try {
    // Spent in the shared store before the write: a double click or a second instance gets the notice, not a
    // second password that would void the first (docs/decisions/035).
    const once = await runOnce(token, "passwort", write);
    if (!once.ran) {
      await beforeRepeatNotice();
      return data({ dialog, passwordError: "ONE_TIME_ALREADY_DONE" as const }, { status: 409 });
    }
    return data({ dialog, password: once.value }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    if (error.status === 404) throw notFound();
    return data({ dialog, passwordError: error.code }, { status: error.status >= 500 ? error.status : 400 });
  }
}

/** A person's new password or device password (the person's page). */
export function oneTimePassword(
  dialog: "passwort" | "geraetepasswort",
  write: (request: Request, id: string) => Promise<string>,
): PersonActionHandler {
  return async ({ request, personId }) => {
    if (!z.string().uuid().safeParse(personId).success) throw notFound();
    return passwordOnce(
      request,
      dialog,
      () => write(request, personId!),
      // Someone else's person stays "not found", whatever the post carried; so does a person that is not the user's
      // when the upstream answers the write with 404.
      () => loadPerson(request, personId),
    );
  };
}
