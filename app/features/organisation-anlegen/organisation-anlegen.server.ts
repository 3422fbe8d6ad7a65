import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { OrganisationResponse, OrganisationRootChildrenResponse } from "@contract";
import type { TranslationKey } from "~/i18n";
import type { RoutePermission } from "~/permissions";
import { returnPathFrom, withReturnPath } from "~/return-path";
import {
  CREATE_SCHULE_WRITE,
  createSchuleWithOutcome,
  loadSchuleForAdmin,
  SCHULE_FIELDS,
  SCHULFORM_LABELS,
  schulformOf,
} from "~/features/schulen/schulen.server";
import {
  CREATE_SCHULTRAEGER_WRITE,
  createSchultraegerKey,
  createSchultraegerWithOutcome,
  loadSchultraegerForAdmin,
  SCHULTRAEGER_FIELDS,
  TRAEGERFORM_LABELS,
} from "~/features/schultraeger/schultraeger.server";
import { readFormData } from "~/.server/form-data.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { rememberUnansweredWrite, wasUnanswered } from "~/.server/portal-cookie.server";
import { redirectTo } from "~/.server/redirects.server";
import { invalidForm, redirectWithToast, refusedForm, withUpstreamSession, type FieldsByErrorCode } from "~/.server/responses.server";
import { getRootChildren } from "~/.server/upstream/organisationen.server";
import { ORGANISATION_ANLEGEN, type OrganisationArt, type OrganisationFormValue } from "./varianten";

/** What the server does differently for a school and a Schulträger: permission, reads, the create and its refusals. */
interface OrganisationAnlegenServer {
  permissions: readonly RoutePermission[];
  formLabels: Record<"oeffentlich" | "ersatz" | "unbekannt", TranslationKey>;
  loadForAdmin: (request: Request, id: string) => Promise<OrganisationResponse>;
  /** The marker of an unanswered create in the portal cookie, and what identifies the attempt. */
  write: { marker: string; key: (value: OrganisationFormValue) => string };
  create: (request: Request, value: OrganisationFormValue, earlierAttemptUnanswered: boolean) => ReturnType<typeof createSchuleWithOutcome>;
  fields: FieldsByErrorCode;
}

const SERVER: Record<OrganisationArt, OrganisationAnlegenServer> = {
  schule: {
    permissions: ["schulverwaltung"],
    formLabels: SCHULFORM_LABELS,
    loadForAdmin: loadSchuleForAdmin,
    // The Dienststellennummer identifies the attempt: its next one must not read "number taken" for its own school.
    write: { marker: CREATE_SCHULE_WRITE, key: (schule) => schule.kennung ?? "" },
    create: (request, schule, earlierAttemptUnanswered) =>
      createSchuleWithOutcome(request, { ...schule, kennung: schule.kennung ?? "" }, { earlierAttemptUnanswered }),
    fields: SCHULE_FIELDS,
  },
  schultraeger: {
    permissions: ["schultraegerverwaltung"],
    formLabels: TRAEGERFORM_LABELS,
    loadForAdmin: loadSchultraegerForAdmin,
    // The form and the name identify the attempt: its next one must not read "name taken" for its own Träger.
    write: { marker: CREATE_SCHULTRAEGER_WRITE, key: createSchultraegerKey },
    create: (request, traeger, earlierAttemptUnanswered) => createSchultraegerWithOutcome(request, traeger, { earlierAttemptUnanswered }),
    fields: SCHULTRAEGER_FIELDS,
  },
};

export function organisationAnlegenLoader(args: LoaderFunctionArgs, art: OrganisationArt) {
  const server = SERVER[art];
  const { listPath } = ORGANISATION_ANLEGEN[art];
  return withUpstreamSession(args, async ({ request }) => {
    const url = new URL(request.url);
    const createdId = url.searchParams.get("erstellt");
    // The list the user came from, with its search: "discard" and "back to the list" return there.
    const zurueck = returnPathFrom(url.searchParams, listPath);
    const [, [forms, created]] = await guardWhileLoading(requireAdmin(request, { permissions: server.permissions }), () =>
      Promise.all([
        getRootChildren(request),
        // After a successful create (PRG), this page shows what was created.
        createdId ? server.loadForAdmin(request, createdId) : null,
      ]),
    );
    const formen = [
      { value: forms.oeffentlich.id, label: server.formLabels.oeffentlich },
      { value: forms.ersatz.id, label: server.formLabels.ersatz },
    ];
    const chosen = url.searchParams.get("schulform");
    return {
      formen,
      // The first form is the default, as in the original; "create another" keeps the form of the last one.
      preselected: formen.find((form) => form.value === chosen)?.value ?? forms.oeffentlich.id,
      created: created && createdView(art, created, forms),
      zurueck,
    };
  });
}

function createdView(art: OrganisationArt, created: OrganisationResponse, forms: OrganisationRootChildrenResponse) {
  return {
    id: created.id,
    schulformId: created.administriertVon ?? "",
    form: SERVER[art].formLabels[schulformOf(created, forms) ?? "unbekannt"],
    kennung: ORGANISATION_ANLEGEN[art].kennung ? (created.kennung ?? "") : null,
    name: created.name,
  };
}

export function organisationAnlegenAction(args: ActionFunctionArgs, art: OrganisationArt) {
  const server = SERVER[art];
  const { path, listPath, schema } = ORGANISATION_ANLEGEN[art];
  return withUpstreamSession(args, async ({ request }) => {
    await requireAdmin(request, { permissions: server.permissions });
    const submission = parseWithZod(await readFormData(request), { schema });
    if (submission.status !== "success") return invalidForm(submission);

    const value = submission.value;
    const key = server.write.key(value);
    const outcome = await server.create(request, value, await wasUnanswered(request, server.write.marker, key));
    if (outcome.status === "saved") {
      const zurueck = returnPathFrom(new URL(request.url).searchParams, listPath);
      const created = withReturnPath(`${path}?erstellt=${outcome.value.id}`, zurueck, listPath);
      if (outcome.how === "answered") return redirectTo(created);
      return redirectWithToast(request, created, { key: "write.savedAfterDelay", tone: "info" });
    }
    // An unanswered create may still arrive upstream: its next attempt must not be refused as a duplicate of itself.
    const unanswered = outcome.status === "unknown" || outcome.unanswered;
    const headers = unanswered ? { "Set-Cookie": await rememberUnansweredWrite(request, server.write.marker, key) } : undefined;
    return refusedForm(submission, outcome.failure, { fields: server.fields, headers });
  });
}
