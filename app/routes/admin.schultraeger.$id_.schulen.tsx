import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ClientActionFunctionArgs, type ShouldRevalidateFunction } from "@remix-run/react";
import { pageTitle, type I18nHandle } from "~/i18n";
import { returnPathFrom } from "~/return-path";
import { SchulenSeite } from "~/features/schultraeger/schulen-seite";
import { LAUF_FELD } from "~/features/schultraeger/speichern-in-teilen";
import { istAbgebrochenerTeil, type TeilAbgebrochen } from "~/features/schultraeger/vormerkung";
import type { SpeicherAntwort } from "~/features/schultraeger/views";
import { loadSeite, speichern } from "~/features/schultraeger/schultraeger-schulen.server";
import { readFormData } from "~/.server/form-data.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { withUpstreamSession } from "~/.server/responses.server";

// The Träger screens' words for its form come along.
export const handle: I18nHandle = { i18n: ["schultraegerSchulen", "schultraeger"] };

/** The Träger's details page, or the address it passed as the way back (with its own way back to the list). */
const zurueckVon = (request: Request, id: string | undefined) =>
  returnPathFrom(new URL(request.url).searchParams, `/admin/schultraeger/${id}`);

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    const [, seite] = await guardWhileLoading(requireAdmin(request, { permissions: ["schultraegerverwaltung"] }), () =>
      loadSeite(request, params.id, new URL(request.url).searchParams),
    );
    return { ...seite, zurueck: zurueckVon(request, params.id) };
  });
}

export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    await requireAdmin(request, { permissions: ["schultraegerverwaltung"] });
    // After a complete save the Träger's details page shows its schools as they are now, with the message.
    return speichern(request, params.id, await readFormData(request), zurueckVon(request, params.id));
  });
}

/**
 * A part of a save in parts (with JavaScript) that brings no answer ends the save with a result on the page instead of
 * the error page: the network, a server error, or an expired login (its redirect would leave the page and its result).
 * Other posts, and the last part's redirect after a complete save, go their usual way.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  if ((await request.clone().formData()).get(LAUF_FELD) === null) return serverAction<typeof action>();
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) {
      const ziel = new URL(error.headers.get("Location") ?? "/", window.location.href);
      if (ziel.origin === window.location.origin && ziel.pathname !== "/api/auth/login") throw error;
      return { antwort: "teilAbgebrochen", grund: "anmeldung" } satisfies TeilAbgebrochen;
    }
    return { antwort: "teilAbgebrochen", grund: "fehler" } satisfies TeilAbgebrochen;
  }
}

/** The parts of a save with progress change nothing the page shows until the last: it reloads at the end. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) =>
  formData?.get("teil") || istAbgebrochenerTeil(actionResult) ? false : defaultShouldRevalidate;

export default function SchultraegerSchulen() {
  const seite = useLoaderData<typeof loader>();
  const antwort = useActionData<typeof action>() as SpeicherAntwort | undefined;
  return <SchulenSeite seite={seite} antwort={antwort} />;
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: pageTitle("schultraegerSchulen:pageTitle", { name: loaderData?.traeger.name ?? "" }) },
  // The staged ids ride in the address (up to about 9 kB): with the address again as Referer, a search from this page
  // would pass Node's 16 kB header limit (431, an empty page). The origin alone still goes along: without it a post
  // would carry `Origin: null` and the portal's origin check would refuse it.
  { name: "referrer", content: "strict-origin" },
];
