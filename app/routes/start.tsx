import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ServiceProviderResponse } from "@contract";
import { PageMain } from "~/components/page-main";
import { FristenBanner } from "~/features/fristen/fristen-banner";
import { pageTitle } from "~/i18n";
import { firstAdminPath } from "~/permissions";
import { fristenFor } from "~/features/fristen/fristen.server";
import { hasSecondFactor } from "~/.server/auth.server";
import { guardWhileLoading, requireUser } from "~/.server/guards.server";
import { currentMeldung, myProviders, providersByKategorie } from "~/.server/upstream/self.server";
import { withUpstreamSession } from "~/.server/responses.server";

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const [user, [providers, meldung]] = await guardWhileLoading(requireUser(request), () =>
      Promise.all([myProviders(request), currentMeldung(request)]),
    );
    // Only ask for the token state when a tile depends on it (saves a round trip for most users).
    const needsToken = user.acr !== "gold" && providers.some((p) => p.requires2fa && p.target === "URL");
    const blockedBySecondFactor = needsToken && !(await hasSecondFactor(request, user.personId));
    const adminPath = firstAdminPath(user.rights);

    const groups = providersByKategorie(providers).map((group) => ({
      kategorie: group.kategorie,
      tiles: group.providers
        .sort((a, b) => a.name.localeCompare(b.name, "de"))
        .map((provider) => tileOf(provider, { blockedBySecondFactor, adminPath })),
    }));

    return { groups, meldung: meldung?.inhalt ?? null, fristen: await fristenFor(request, user) };
  });
}

function tileOf(provider: ServiceProviderResponse, context: { blockedBySecondFactor: boolean; adminPath: string | null }) {
  const logo = provider.hasLogo ? `/api/provider/${encodeURIComponent(provider.id)}/logo` : "/logo-schulportal.svg";
  const base = { id: provider.id, name: provider.name, logo };
  if (provider.target === "SCHULPORTAL_ADMINISTRATION") return { ...base, href: context.adminPath, external: false };
  if (provider.target !== "URL" || !isWebAddress(provider.url)) return { ...base, href: null, external: false };
  if (provider.requires2fa && context.blockedBySecondFactor) return { ...base, href: "/no-second-factor", external: false };
  return { ...base, href: provider.url, external: true };
}

// Offers are entered by administrators: a "javascript:" or "data:" address must never become a link.
function isWebAddress(url: string | null | undefined): url is string {
  return !!url && URL.canParse(url) && ["https:", "http:"].includes(new URL(url).protocol);
}

export default function Start() {
  const { t } = useTranslation();
  const { groups, meldung, fristen } = useLoaderData<typeof loader>();
  return (
    <PageMain>
      <h1 className="mb-4 text-2xl font-bold">{t("start.title")}</h1>
      {meldung ? (
        <section aria-labelledby="hinweis-titel" className="mb-4 rounded bg-primary-light p-4">
          <h2 id="hinweis-titel" className="mb-1 font-bold">
            {t("start.notice")}
          </h2>
          <p className="whitespace-pre-line [overflow-wrap:anywhere]">{meldung}</p>
        </section>
      ) : null}
      <FristenBanner fristen={fristen} />
      <h2 className="mb-2 mt-6 text-xl font-bold">{t("start.allOffers")}</h2>
      {groups.length === 0 ? <p>{t("start.noOffers")}</p> : null}
      {groups.map((group) => (
        <section key={group.kategorie} aria-labelledby={`kategorie-${group.kategorie}`} className="mb-6">
          <h3 id={`kategorie-${group.kategorie}`} className="mb-2 border-b border-gray-300 text-lg font-semibold">
            {t(`start.kategorie.${group.kategorie}`)}
          </h3>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {group.tiles.map((tile) => (
              <li key={tile.id}>
                <Tile {...tile} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </PageMain>
  );
}

function Tile({ name, logo, href, external }: { name: string; logo: string; href: string | null; external: boolean }) {
  const { t } = useTranslation();
  const content = (
    <>
      <img src={logo} alt="" width="48" height="48" className="h-12 w-12 object-contain" />
      <span className="font-semibold">{name}</span>
      {external ? <span className="sr-only"> {t("layout.opensInNewTab")}</span> : null}
    </>
  );
  const className = "flex items-center gap-4 rounded border border-gray-400 p-4 text-primary hover:bg-primary-light";
  if (!href) return <span className={`${className} text-gray-700`}>{content}</span>;
  if (external) {
    return (
      <a href={href} target="_blank" rel="noreferrer" className={className}>
        {content}
      </a>
    );
  }
  return (
    <Link to={href} className={className}>
      {content}
    </Link>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("start.title") }];
