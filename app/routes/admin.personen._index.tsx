import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { can, mayOpen } from "~/permissions";
import { PersonenFilter } from "~/features/personen/personen-filter";
import { PersonenTabelle } from "~/features/personen/personen-tabelle";
import { pageTitle, type I18nHandle } from "~/i18n";
import { aktionErlaubt, MEHRFACH_AKTIONEN } from "~/features/mehrfach/aktionen";
import { parsePersonenListParams } from "~/features/personen/personen-list-params.server";
import { withReturnPath } from "~/return-path";
import { findPersonenPage, klasseOptions, organisationOptions, rolleOptions, toRows } from "~/features/personen/personen-liste.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { assertPageInRange } from "~/.server/list-params.server";
import { withUpstreamSession } from "~/.server/responses.server";
import { findPersonenuebersichten } from "~/.server/upstream/personen.server";

export const handle: I18nHandle = { i18n: ["personen", "mehrfach"] };

const LIST_PATH = "/admin/personen";

/**
 * Two waves of upstream calls: (1) the guard's login info, the page of persons and the filter options, in parallel;
 * (2) the overview of the page's persons (roles, Zuordnungen, classes), and – only for an administrator whose one
 * school is fixed and not yet in the URL – that school's classes.
 */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const params = parsePersonenListParams(new URL(request.url).searchParams);
    const [user, [list, organisationen, rollen, klassenOfUrl]] = await guardWhileLoading(
      requireAdmin(request, { permissions: ["personenverwaltung"] }),
      () =>
        Promise.all([
          findPersonenPage(request, params),
          organisationOptions(request, params.organisationen, params.organisationSuche),
          rolleOptions(request, params.rollen, params.rolleSuche),
          klasseOptions(request, params.organisationen, params.klassen, params.klasseSuche),
        ]),
    );
    assertPageInRange(request, params, list.total);
    const fixed = organisationen.fixed;
    const needsFixedKlassen = fixed !== null && params.organisationen.length === 0;
    const [uebersichten, klassen] = await Promise.all([
      findPersonenuebersichten(
        request,
        list.items.map((item) => item.person.id),
      ),
      needsFixedKlassen ? klasseOptions(request, [fixed.id], params.klassen, params.klasseSuche) : klassenOfUrl,
    ]);

    return {
      params,
      total: list.total,
      rows: toRows(list, uebersichten),
      options: { organisationen: organisationen.options, rollen, klassen },
      fixedSchule: fixed,
      mayBulk: can(user, "mehrfachAuswaehlen"),
      bulkAktionen: MEHRFACH_AKTIONEN.filter((aktion) => aktionErlaubt(aktion, user)),
      mayCreate: mayOpen(user.rights, "/admin/personen/new"),
    };
  });
}

export default function PersonenList() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("personen:list.title")}</h1>
        {data.mayCreate ? (
          <Link to={withReturnPath("/admin/personen/new", `${location.pathname}${location.search}`, LIST_PATH)} className="btn-primary">
            {t("nav.personen.new")}
          </Link>
        ) : null}
      </div>
      {/* A new address (a link, "back", the reset) starts the form afresh: its fields show what the list shows. */}
      <PersonenFilter key={JSON.stringify(data.params)} params={data.params} options={data.options} fixedSchule={data.fixedSchule} />
      <PersonenTabelle
        key={location.search}
        params={data.params}
        rows={data.rows}
        total={data.total}
        selectable={data.mayBulk}
        bulkAktionen={data.bulkAktionen}
        search={location.search}
        backHere={`${location.pathname}${location.search}`}
      />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = () => [{ title: pageTitle("personen:list.title") }];
