import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListCount, ListTable, type ListColumn } from "~/components/list-screen";
import { SchuleWahl } from "~/features/angebote/schule-wahl";
import { pageTitle, type I18nHandle } from "~/i18n";
import { organisationLabel } from "~/organisation-label";
import { chosenSchule, isSchuleAskedButNotChosen, requireErweiterer } from "~/features/angebote/angebot-erweiterung.server";
import { angebotRows } from "~/features/angebote/angebote.server";
import { guardWhileLoading } from "~/.server/guards.server";
import { withUpstreamSession } from "~/.server/responses.server";
import { findErweiterbareAngebote } from "~/.server/upstream/angebote.server";
import { schulenWithRight } from "~/.server/upstream/organisationen.server";

export const handle: I18nHandle = { i18n: "angebote" };

const PATH = "/admin/angebote/erweiterbar";

/**
 * The way in for administrators who extend roles at their school (ROLLEN_ERWEITERN), with or without the offer
 * administration (decision 024): the offers their school may extend its roles with, each leading to its extension.
 * First wave: the user's schools; second: the offers of the chosen one.
 */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const [, schulen] = await guardWhileLoading(requireErweiterer(request), () => schulenWithRight(request, "ROLLEN_ERWEITERN"));
    const { searchParams } = new URL(request.url);
    const schule = chosenSchule(schulen, searchParams.get("schule"));
    const angebote = schule ? await findErweiterbareAngebote(request, schule.id) : [];
    return {
      schuleFehlt: isSchuleAskedButNotChosen(searchParams, schule),
      schulen: schulen.map((entry) => ({ id: entry.id, label: organisationLabel(entry) })),
      schule: schule ? { id: schule.id, label: organisationLabel(schule) } : null,
      rows: angebotRows(angebote),
    };
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function ErweiterbareAngebote() {
  const { t } = useTranslation();
  const { schulen, schule, schuleFehlt, rows } = useLoaderData<typeof loader>();
  const columns: ListColumn<Row>[] = [
    {
      header: t("angebote:fields.name"),
      rowHeader: true,
      cell: (row) => row.name,
      link: (row) => `/admin/angebote/${row.id}/erweiterungen?schule=${schule?.id}`,
    },
    { header: t("angebote:fields.kategorie"), cell: (row) => t(row.kategorie) },
    { header: t("angebote:fields.ebene"), cell: (row) => row.ebene },
  ];

  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{t("angebote:erweiterbar.title")}</h1>
      <p className="mb-4 max-w-3xl">{t("angebote:erweiterbar.intro")}</p>
      <SchuleWahl schulen={schulen} schule={schule} schuleFehlt={schuleFehlt} submitLabel={t("angebote:erweiterbar.anzeigen")} />
      {schule ? (
        <>
          <ListCount>{t("angebote:erweiterbar.count", { count: rows.length, schule: schule.label })}</ListCount>
          <ListTable caption={t("angebote:erweiterbar.caption", { schule: schule.label })} listPath={PATH} rows={rows} columns={columns} />
        </>
      ) : null}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = () => [{ title: pageTitle("angebote:erweiterbar.title") }];
