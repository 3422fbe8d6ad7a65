import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z } from "zod";
import type { CreateRolleBody, Rollenart, ServiceProviderResponse } from "@contract";
import { textKey, type TranslationKey } from "~/i18n";
import { organisationLabel } from "~/organisation-label";
import { withReturnPath } from "~/return-path";
import { readFormData } from "~/.server/form-data.server";
import { searchText } from "~/.server/list-params.server";
import { rememberUnansweredWrite, wasUnanswered } from "~/.server/portal-cookie.server";
import { redirectTo } from "~/.server/redirects.server";
import { invalidForm, redirectWithToast, refusedForm, type FormFailure } from "~/.server/responses.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { angeboteFuerRolle, rollenartenFuerNeueRolle } from "~/.server/upstream/rollen.server";
import { EBENEN_LIMIT, findEbene, findEbenen } from "~/.server/upstream/ebenen.server";
import { CREATE_ROLLE_CONSTRAINT, nachName, rollenartLabel, systemrechtOptions } from "./rollen.server";
import { CREATE_ROLLE_WRITE, createRolleKey, createRolleWithOutcome, ROLLE_FIELDS } from "./rollen-writes.server";
import { CreateRolleSchema } from "./rolle-forms";

/**
 * Creating a role (`/admin/rollen/new`, docs/decisions/023). The level and the rollenart are chosen first; "Weiter"
 * sends the whole form as a GET, so the address holds the choice (and what was typed so far) and the page answers
 * with sections 3 to 6 for that level. Only the post of "Rolle anlegen" writes.
 */

const LIST_PATH = "/admin/rollen";

const list = (values: string[], max: number) => values.filter((value) => value.length <= 100).slice(0, max);

/** The choice and the typed values in the address; anything odd falls back to "not chosen" or empty. */
export function auswahlFrom(search: URLSearchParams) {
  return {
    ebene: z.string().uuid().safeParse(search.get("ebene")).data ?? null,
    rollenart: search.get("rollenart") ?? "",
    ebeneSuche: searchText.parse(search.get("ebeneSuche") ?? undefined),
    name: (search.get("name") ?? "").slice(0, 300),
    merkmale: list(search.getAll("merkmale"), 10),
    angebote: list(search.getAll("angebote"), 200),
    systemrechte: list(search.getAll("systemrechte"), 100),
  };
}

const angebotOption = (angebot: ServiceProviderResponse) => ({ id: angebot.id, name: angebot.name });

/**
 * The create form's data (`weiter`: the user pressed "Weiter", so a missing choice is an error), in two waves at most: the levels (the search's first page and the chosen one), the
 * rollenarten of this upstream and the rights; then the offers for the chosen level.
 */
export async function loadCreateForm(request: Request, search: URLSearchParams, { weiter = false } = {}) {
  const auswahl = auswahlFrom(search);
  const [ebenen, ebene, rollenarten, systemrechte] = await Promise.all([
    findEbenen(request, "ROLLEN_VERWALTEN", auswahl.ebeneSuche),
    auswahl.ebene ? findEbene(request, "ROLLEN_VERWALTEN", auswahl.ebene) : null,
    rollenartenFuerNeueRolle(request),
    systemrechtOptions(request),
  ]);
  const rollenart = (rollenarten as readonly string[]).includes(auswahl.rollenart) ? (auswahl.rollenart as Rollenart) : null;
  const bereit = ebene !== null && rollenart !== null;
  // "Weiter" without a level or a rollenart says which is missing, at the field, instead of showing the same page again.
  const fehlt: Record<string, string[]> = {};
  if (weiter && !bereit) {
    if (!auswahl.ebene) fehlt.ebene = [textKey("rollen:validation.ebene.required")];
    if (!rollenart) fehlt.rollenart = [textKey("rollen:validation.rollenart.required")];
  }
  const auswahlFehler: SubmissionResult<string[]> | null =
    Object.keys(fehlt).length === 0 ? null : { status: "error", error: fehlt, state: { validated: { ebene: true, rollenart: true } } };
  const angebote = bereit ? nachName((await angeboteFuerRolle(request, ebene.id)).map(angebotOption)) : [];
  const options = ebenen.items.map((organisation) => ({ id: organisation.id, label: organisationLabel(organisation) }));
  // The chosen level stays among the options when a new search does not find it.
  if (ebene && !options.some((option) => option.id === ebene.id)) options.unshift({ id: ebene.id, label: organisationLabel(ebene) });
  // With a single level to choose from, it is chosen (as the original's filter did).
  const gewaehlt = ebene?.id ?? (options.length === 1 && !auswahl.ebeneSuche ? options[0].id : null);
  return {
    constraint: CREATE_ROLLE_CONSTRAINT,
    ebenen: options,
    ebenenTotal: ebenen.total,
    // A number of the server's: the page's own module cannot import it from here (the browser gets no `.server` code).
    ebenenLimit: EBENEN_LIMIT,
    // More schools than shown: the search narrows them (a long option list without JavaScript, decision 015).
    ebenenGekuerzt: ebenen.schulenGekuerzt,
    ebeneSuche: auswahl.ebeneSuche ?? "",
    // A level in the address that the user may not (or no longer) use is said, not silently dropped.
    ebeneUnbekannt: auswahl.ebene !== null && ebene === null,
    auswahlFehler,
    rollenarten: rollenarten.map((value) => ({ value, label: rollenartLabel(value) })),
    bereit,
    angebote,
    systemrechte,
    defaults: {
      ebene: gewaehlt ?? "",
      rollenart: rollenart ?? "",
      name: auswahl.name,
      merkmale: auswahl.merkmale,
      // Offers of another level are not offered here, so not ticked either.
      angebote: auswahl.angebote.filter((id) => angebote.some((angebot) => angebot.id === id)),
      systemrechte: auswahl.systemrechte,
    },
  };
}

interface Submission {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): FormFailure["result"];
}

/** A field of the form refused by a rule the browser cannot know (the upstream's lists), in the page's words. */
function fieldRefused(submission: Submission, field: string, message: TranslationKey) {
  return data<FormFailure>({ result: submission.reply({ fieldErrors: { [field]: [message] } }), error: null }, { status: 400 });
}

/**
 * The post of "Rolle anlegen": the form's rules, then the upstream's lists (the level must be one where the user manages
 * roles, the rollenart one this upstream knows, offers and rights from its lists), then the create. The answer is the
 * summary page's address (post/redirect/get: reloading it creates nothing), or the form with the refusal.
 */
export async function answerCreateRolle(request: Request, zurueck: string) {
  const submission = parseWithZod(await readFormData(request), { schema: CreateRolleSchema });
  if (submission.status !== "success") return invalidForm(submission);
  const values = submission.value;
  const [ebene, rollenarten, rechte, angebote] = await Promise.all([
    findEbene(request, "ROLLEN_VERWALTEN", values.ebene),
    rollenartenFuerNeueRolle(request),
    systemrechtOptions(request),
    angeboteFuerRolle(request, values.ebene).catch((error: unknown) => {
      if (error instanceof UpstreamFailure && error.status < 500) return null;
      throw error;
    }),
  ]);
  if (!ebene) return fieldRefused(submission, "ebene", textKey("rollen:validation.ebene.unavailable"));
  if (!(rollenarten as readonly string[]).includes(values.rollenart))
    return fieldRefused(submission, "rollenart", textKey("rollen:validation.rollenart.unavailable"));
  if (values.systemrechte.some((name) => !rechte.some((recht) => recht.name === name)))
    return fieldRefused(submission, "systemrechte", textKey("rollen:validation.systemrechte.unknown"));
  if (values.angebote.some((id) => !angebote?.some((angebot) => angebot.id === id)))
    return fieldRefused(submission, "angebote", textKey("rollen:validation.angebote.notForEbene"));

  const body: CreateRolleBody = {
    name: values.name,
    administeredBySchulstrukturknoten: ebene.id,
    rollenart: values.rollenart,
    merkmale: values.merkmale,
    // Only names from the upstream's own list get here; a right this portal does not know yet is passed on as it is.
    systemrechte: values.systemrechte as CreateRolleBody["systemrechte"],
    serviceProviderIds: values.angebote,
  };
  const key = createRolleKey(body);
  const outcome = await createRolleWithOutcome(request, body, {
    earlierAttemptUnanswered: await wasUnanswered(request, CREATE_ROLLE_WRITE, key),
  });
  if (outcome.status === "saved") {
    const summary = withReturnPath(`/admin/rollen/new?erstellt=${outcome.value.rolle.id}`, zurueck, LIST_PATH);
    if (outcome.value.angeboteFehler) return redirectWithToast(request, summary, { key: "rollen:created.angeboteFehler", tone: "error" });
    if (outcome.how !== "answered") return redirectWithToast(request, summary, { key: "write.savedAfterDelay", tone: "info" });
    return redirectTo(summary);
  }
  // An unanswered create may still arrive upstream: its next attempt must not read "name taken" for its own role.
  const unanswered = outcome.status === "unknown" || outcome.unanswered;
  const headers = unanswered ? { "Set-Cookie": await rememberUnansweredWrite(request, CREATE_ROLLE_WRITE, key) } : undefined;
  return refusedForm(submission, outcome.failure, { fields: ROLLE_FIELDS, headers });
}
