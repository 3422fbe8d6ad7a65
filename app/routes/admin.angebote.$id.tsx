import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { can } from "~/permissions";
import { pageTitle, type I18nHandle } from "~/i18n";
import { pathOf, returnPathFrom, withReturnPath } from "~/return-path";
import { angebotDetails } from "~/features/angebote/angebote.server";
import { guardWhileLoading, notFound, requireAdmin } from "~/.server/guards.server";
import { withUpstreamSession } from "~/.server/responses.server";
import { getManageableAngebot, hasAngebotLogo } from "~/.server/upstream/angebote.server";

export const handle: I18nHandle = { i18n: "angebote" };

const LIST_PATH = "/admin/angebote";

/**
 * An offer, read-only (inventory §4.14.2). Open to offer administrators and to administrators who extend roles
 * (decision 024); which offers each may read, the upstream decides: an offer it does not show is "not found".
 */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    const guard = requireAdmin(request, { permissions: ["angebotsverwaltung"], orPermissions: ["rollenerweiterung"] });
    const id = z.string().uuid().safeParse(params.id).success ? params.id! : null;
    // One wave: the offer and whether it has a logo.
    const [user, [angebot, logo]] = await guardWhileLoading(guard, () =>
      id ? Promise.all([getManageableAngebot(request, id), hasAngebotLogo(request, id)]) : Promise.resolve([null, false] as const),
    );
    if (!angebot) throw notFound();
    const details = angebotDetails(angebot, logo);
    const zurueck = returnPathFrom(new URL(request.url).searchParams, can(user, "angeboteVerwalten") ? LIST_PATH : ERWEITERBAR_PATH);
    // Opened from the offer's extension page, the way back leads there, and says so.
    const zurErweiterung = zurueck.startsWith(`/admin/angebote/${details.id}/erweiterungen`);
    return { angebot: details, zurueck, zurErweiterung, mayExtend: details.erweiterbar && can(user, "rolleErweitern") };
  });
}

const ERWEITERBAR_PATH = "/admin/angebote/erweiterbar";

export default function AngebotDetails() {
  const { t } = useTranslation();
  const { angebot, zurueck, zurErweiterung, mayExtend } = useLoaderData<typeof loader>();
  const location = useLocation();
  const jaNein = (value: boolean) => (value ? t("angebote:ja") : t("angebote:nein"));

  return (
    <>
      <p className="mb-2">
        <Link to={zurueck} className="text-primary underline">
          {zurErweiterung ? t("angebote:details.backToErweiterung") : t("angebote:details.back")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{t("angebote:details.title", { name: angebot.name })}</h1>
      <dl className="mb-6 grid max-w-3xl grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{t("angebote:fields.name")}</dt>
        <dd>{angebot.name}</dd>
        <dt className="font-semibold">{t("angebote:fields.ebene")}</dt>
        <dd>{angebot.ebene}</dd>
        <dt className="font-semibold">{t("angebote:fields.requires2fa")}</dt>
        <dd>{jaNein(angebot.requires2fa)}</dd>
        <dt className="font-semibold">{t("angebote:fields.nachtraeglichZuweisbar")}</dt>
        <dd>{jaNein(angebot.nachtraeglichZuweisbar)}</dd>
        <dt className="font-semibold">{t("angebote:fields.logo")}</dt>
        <dd>
          {angebot.logo ? (
            <img
              src={angebot.logo}
              alt={t("angebote:details.logoAlt", { name: angebot.name })}
              width="64"
              height="64"
              className="h-16 w-16 object-contain"
            />
          ) : (
            <span className="inline-block rounded border border-dashed border-gray-500 px-3 py-2">{t("angebote:details.keinLogo")}</span>
          )}
        </dd>
        <dt className="font-semibold">{t("angebote:fields.kategorie")}</dt>
        <dd>{t(angebot.kategorie)}</dd>
        <dt className="font-semibold">{t("angebote:fields.link")}</dt>
        <dd className="break-all">
          {angebot.url ? (
            <a href={angebot.url} className="text-primary underline" target="_blank" rel="noreferrer noopener">
              {angebot.url}
              <span className="sr-only"> {t("layout.opensInNewTab")}</span>
            </a>
          ) : (
            t("angebote:details.keinLink")
          )}
        </dd>
        <dt className="font-semibold">{t("angebote:fields.erweiterbar")}</dt>
        <dd>{jaNein(angebot.erweiterbar)}</dd>
        <dt className="font-semibold">{t("angebote:fields.erweitert")}</dt>
        <dd>{jaNein(angebot.erweitert)}</dd>
      </dl>

      <section aria-labelledby="angebot-rollen" className="mb-6">
        <h2 id="angebot-rollen" className="mb-2 text-xl font-bold">
          {t("angebote:fields.rollen")}
        </h2>
        {angebot.rollen.length === 0 ? (
          <p>{t("angebote:details.keineRollen")}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {angebot.rollen.map((rolle) => (
              <li key={rolle.id} className="rounded-full border border-primary px-3 py-1">
                {rolle.name}
              </li>
            ))}
          </ul>
        )}
      </section>

      {mayExtend ? (
        <p>
          <Link to={withReturnPath(`/admin/angebote/${angebot.id}/erweiterungen`, pathOf(location), LIST_PATH)} className="btn-primary">
            {t("angebote:details.erweitern")}
          </Link>
        </p>
      ) : null}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle("angebote:details.title", { name: data?.angebot.name ?? "" }) },
];
