import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { DataTable } from "~/components/data-table";
import { ErrorList } from "~/components/forms";
import { pageTitle, type I18nHandle } from "~/i18n";
import { organisationLabel } from "~/organisation-label";
import { pathOf, withReturnPath } from "~/return-path";
import { chosenSchule, isSchuleAskedButNotChosen, requireErweiterer } from "~/features/angebote/angebot-erweiterung.server";
import { angebotRows } from "~/features/angebote/angebote.server";
import { guardWhileLoading } from "~/.server/guards.server";
import { withUpstreamSession } from "~/.server/responses.server";
import { findErweiterbareAngebote } from "~/.server/upstream/angebote.server";
import { schulenWithRight } from "~/.server/upstream/organisationen.server";

export const handle: I18nHandle = { i18n: "angebote" };

const PATH = "/admin/angebote/erweiterbar";

/** Shown at the school choice when the address asks for none of the user's schools (nothing chosen, or not hers). */
const SCHULE_FEHLT = "validation.schule.required";

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

export default function ErweiterbareAngebote() {
  const { t } = useTranslation();
  const { schulen, schule, schuleFehlt, rows } = useLoaderData<typeof loader>();
  const fehler = schuleFehlt ? [SCHULE_FEHLT] : undefined;
  const location = useLocation();
  const backHere = pathOf(location);

  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{t("angebote:erweiterbar.title")}</h1>
      <p className="mb-4 max-w-3xl">{t("angebote:erweiterbar.intro")}</p>
      {schulen.length === 0 ? <p>{t("angebote:erweiterung.keineSchule")}</p> : null}
      {schulen.length > 1 ? (
        <Form method="get" className="mb-4 flex flex-wrap items-end gap-4" aria-label={t("angebote:erweiterung.schuleWaehlen")}>
          <div>
            <label htmlFor="schule-wahl" className="mb-1 block font-semibold">
              {t("angebote:erweiterung.fields.schule")}
            </label>
            <select
              id="schule-wahl"
              name="schule"
              defaultValue={schule?.id ?? ""}
              key={schule?.id ?? ""}
              aria-invalid={schuleFehlt || undefined}
              aria-describedby="schule-wahl-fehler"
              className="input max-w-md"
            >
              <option value="">{t("angebote:erweiterung.schuleAuswaehlen")}</option>
              {schulen.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            {t("angebote:erweiterbar.anzeigen")}
          </button>
          {/* Below select and button, which stay side by side; without a message it takes no room (nor the row's gap). */}
          <div className={fehler ? "w-full" : "-mt-4 w-full"}>
            <ErrorList id="schule-wahl-fehler" errors={fehler} />
          </div>
        </Form>
      ) : null}

      {schule ? (
        <>
          <p role="status" className="mb-2 font-semibold">
            {t("angebote:erweiterbar.count", { count: rows.length, schule: schule.label })}
          </p>
          {rows.length === 0 ? null : (
            <DataTable caption={t("angebote:erweiterbar.caption", { schule: schule.label })}>
              <thead>
                <tr className="border-b-2 border-primary">
                  <th scope="col" className="p-2">
                    {t("angebote:fields.name")}
                  </th>
                  <th scope="col" className="p-2">
                    {t("angebote:fields.kategorie")}
                  </th>
                  <th scope="col" className="p-2">
                    {t("angebote:fields.ebene")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-b border-gray-300 align-top hover:bg-primary-light">
                    <th scope="row" className="p-2 text-left font-semibold">
                      <AppLink
                        to={withReturnPath(`/admin/angebote/${row.id}/erweiterungen?schule=${schule.id}`, backHere, PATH)}
                        className="text-primary underline"
                      >
                        {row.name}
                      </AppLink>
                    </th>
                    <td className="p-2">{t(row.kategorie)}</td>
                    <td className="p-2">{row.ebene}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
        </>
      ) : null}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = () => [{ title: pageTitle("angebote:erweiterbar.title") }];
