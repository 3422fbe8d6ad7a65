import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { pageTitle } from "~/i18n-static";
import { organisationLabel, safeRedirectPath } from "~/paths";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { loadKlasseForAdmin } from "~/.server/klassen.server";
import { flashToast } from "~/.server/portal-cookie.server";
import { deleteKlasse } from "~/.server/upstream/organisationen.server";
import { formFailureStatus, upstreamCookieHeaders, UpstreamFailure } from "~/.server/upstream/client.server";
import { redirectTo } from "~/.server/redirects.server";

/** The delete confirmation as a page of its own (without JavaScript) and the action behind the dialog. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const [, { klasse, schule }] = await guardWhileLoading(requireAdmin(request, { permissions: ["klassenverwaltung"] }), () =>
    loadKlasseForAdmin(request, params.id),
  );
  return data(
    { klasse: { id: klasse.id, name: klasse.name }, schule: organisationLabel(schule) },
    { headers: upstreamCookieHeaders(request) },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request, { permissions: ["klassenverwaltung"] });
  const { klasse, schule } = await loadKlasseForAdmin(request, params.id);
  try {
    await deleteKlasse(request, klasse.id);
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    return data({ error: error.code }, { status: formFailureStatus(error), headers: upstreamCookieHeaders(request) });
  }
  const headers = upstreamCookieHeaders(request);
  headers.append(
    "Set-Cookie",
    await flashToast(request, "klassen.delete.done", { name: klasse.name, schule: organisationLabel(schule) }),
  );
  return redirectTo(pageAfterDeletion(new URL(request.url).searchParams.get("zurueck"), klasse.id), { headers });
}

/**
 * Back where the user came from: the (filtered) list. Coming from the deleted class's own page, which no longer
 * exists, the way leads on to the list that page was opened from.
 */
function pageAfterDeletion(zurueck: string | null, klasseId: string): string {
  const target = safeRedirectPath(zurueck, "/admin/klassen");
  if (!target.startsWith(`/admin/klassen/${klasseId}`)) return target;
  return safeRedirectPath(new URL(target, "http://portal.invalid").searchParams.get("zurueck"), "/admin/klassen");
}

export default function KlasseLoeschen() {
  const { t } = useTranslation();
  const { klasse, schule } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [searchParams] = useSearchParams();
  const back = safeRedirectPath(searchParams.get("zurueck"), `/admin/klassen/${klasse.id}`);

  return (
    <section aria-labelledby="loeschen-titel" className="max-w-2xl">
      <h1 id="loeschen-titel" className="mb-4 text-2xl font-bold">
        {t("klassen.delete.title")}
      </h1>
      <FormError id="klasse-loeschen-fehler" code={actionData?.error} />
      <p className="mb-6">{t("klassen.delete.question", { name: klasse.name, schule })}</p>
      <Form method="post" className="flex flex-wrap gap-3">
        <Link to={back} className="btn-secondary">
          {t("form.cancel")}
        </Link>
        <button type="submit" className="btn-danger" disabled={busy}>
          {t("klassen.delete.confirm")}
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: pageTitle("klassen.delete.pageTitle", { name: loaderData?.klasse.name ?? "" }) },
];
