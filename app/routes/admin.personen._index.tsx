import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListPageHeading } from "~/components/list-screen";
import { can } from "~/permissions";
import { PersonenFilter } from "~/features/personen/personen-filter";
import { PersonenTabelle } from "~/features/personen/personen-tabelle";
import { pageTitle, type I18nHandle } from "~/i18n";
import { aktionErlaubt, MEHRFACH_AKTIONEN } from "~/features/mehrfach/aktionen";
import { UnterbrochenerLaufHinweis } from "~/features/mehrfach/lauf-ansicht";
import { unterbrochenerLauf } from "~/features/mehrfach/lauf-ansicht.server";
import { PERSONEN_LIST_REPEATED, PersonenListSchema } from "~/features/personen/personen-list-params.server";
import { findPersonenPage, klasseOptions, organisationOptions, rolleOptions, toRows } from "~/features/personen/personen-liste.server";
import { completeKlassen, completeUebersichten, startVermutung } from "~/features/personen/vermutete-seite.server";
import { loadListPage } from "~/.server/list-page.server";
import { withUpstreamSession } from "~/.server/responses.server";

export const handle: I18nHandle = { i18n: ["personen", "mehrfach"] };

const LIST_PATH = "/admin/personen";

/**
 * Two waves of upstream calls at most: (1) the guard's login info, the page of persons, the filter options and the
 * overviews of the persons this session found on this page last time, in parallel; (2) the overviews of the page's
 * other persons (roles, Zuordnungen, classes: none when the guess held, decision 041), and – only for an
 * administrator whose one school is fixed and not yet in the URL – that school's classes.
 */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const { user, params, data, total, mayCreate } = await loadListPage(request, {
      schema: PersonenListSchema,
      repeated: PERSONEN_LIST_REPEATED,
      access: { permissions: ["personenverwaltung"] },
      create: "/admin/personen/new",
      load: (params) =>
        Promise.all([
          findPersonenPage(request, params),
          organisationOptions(request, params.organisationen, params.organisationSuche),
          rolleOptions(request, params.rollen, params.rolleSuche, params.organisationen),
          klasseOptions(request, params.organisationen, params.klassen, params.klasseSuche),
          startVermutung(request, params),
        ]),
      total: ([list]) => list.total,
    });
    const [list, organisationen, rollen, klassenOfUrl, vermutung] = data;
    const fixed = organisationen.fixed;
    const needsFixedKlassen = fixed !== null && params.organisationen.length === 0;
    const mayBulk = can(user, "mehrfachAuswaehlen");
    const [uebersichten, klassen, unterbrochen] = await Promise.all([
      completeUebersichten(
        request,
        vermutung,
        list.items.map((item) => item.person.id),
      ),
      needsFixedKlassen ? completeKlassen(request, vermutung, fixed.id, params) : klassenOfUrl,
      // The portal's own store, not the upstream: a bulk run of this user that was cut off.
      mayBulk ? unterbrochenerLauf(user.personId) : null,
    ]);

    return {
      params,
      total,
      rows: toRows(list, uebersichten),
      options: { organisationen: organisationen.options, rollen, klassen },
      fixedSchule: fixed,
      mayBulk,
      unterbrochen,
      bulkAktionen: MEHRFACH_AKTIONEN.filter((aktion) => aktionErlaubt(aktion, user)),
      mayCreate,
    };
  });
}

export default function PersonenList() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <>
      <ListPageHeading
        title={t("personen:list.title")}
        listPath={LIST_PATH}
        create={data.mayCreate ? { path: "/admin/personen/new", label: t("nav.personen.new") } : null}
      />
      {data.unterbrochen ? <UnterbrochenerLaufHinweis lauf={data.unterbrochen} /> : null}
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
        hierher={`${location.pathname}${location.search}`}
      />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = () => [{ title: pageTitle("personen:list.title") }];
