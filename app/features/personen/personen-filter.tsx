import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldLabel } from "~/components/field-label";
import { PageSizeField } from "~/components/pagination";
import { SEARCH_TEXT_MAX } from "~/list-state";
import { hasFilter, PARAM, sortValue, type PersonenListParams } from "./personen-list-params";
import { OptionFilter, type FilterOption } from "./option-filter";

interface Props {
  params: PersonenListParams;
  options: { organisationen: FilterOption[]; rollen: FilterOption[]; klassen: FilterOption[] };
  fixedSchule: FilterOption | null;
}

/**
 * The filter form: a plain GET form, so every state is a URL. Organisation, role and class are option filters (see
 * OptionFilter); the class filter works once a school is chosen and offers only that school's classes. Applying a
 * filter starts on page 1 and forgets a selection (it belongs to the filter it was made in).
 */
export function PersonenFilter({ params, options, fixedSchule }: Props) {
  const { t } = useTranslation();
  const angewandt = fixedSchule ? [fixedSchule.id] : params.organisationen;
  // With JavaScript the class filter follows the schools chosen in the form; without, the applied ones.
  const [schulen, setSchulen] = useState(angewandt);
  return (
    <Form
      method="get"
      action="/admin/personen"
      role="search"
      aria-label={t("personen:filter.label")}
      className="mb-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3"
    >
      {fixedSchule ? (
        <p>
          <span className="font-semibold">{t("personen:filter.organisation")}:</span> {fixedSchule.label}
          <input type="hidden" name={PARAM.organisation} value={fixedSchule.id} />
        </p>
      ) : (
        <OptionFilter
          art="organisation"
          name={PARAM.organisation}
          searchName={PARAM.organisationSuche}
          legend={t("personen:filter.organisation")}
          options={options.organisationen}
          chosen={params.organisationen}
          search={params.organisationSuche}
          onChange={setSchulen}
        />
      )}
      <OptionFilter
        art="rolle"
        name={PARAM.rolle}
        searchName={PARAM.rolleSuche}
        legend={t("personen:filter.rolle")}
        options={options.rollen}
        chosen={params.rollen}
        search={params.rolleSuche}
        // with JavaScript the combobox offers the roles of the schools chosen in the form
        schulen={schulen}
      />
      <OptionFilter
        // a new set of schools starts the class filter afresh
        key={schulen.join(",")}
        art="klasse"
        name={PARAM.klasse}
        searchName={PARAM.klasseSuche}
        legend={t("personen:filter.klasse")}
        options={sameSchools(schulen, angewandt) ? options.klassen : []}
        chosen={sameSchools(schulen, angewandt) ? params.klassen : []}
        search={params.klasseSuche}
        schulen={schulen}
        disabledHint={schulen.length === 0 ? t("personen:filter.klasseNeedsSchule") : undefined}
      />
      <div>
        <FieldLabel id="filter-suche" label={t("personen:filter.suche")} />
        <input
          id="filter-suche"
          name={PARAM.suche}
          type="search"
          defaultValue={params.suche ?? ""}
          maxLength={SEARCH_TEXT_MAX}
          className="input w-full"
          aria-describedby="filter-suche-hint"
        />
        <p id="filter-suche-hint" className="mt-1 text-sm">
          {t("personen:filter.sucheHint")}
        </p>
      </div>
      <PageSizeField value={params.anzahl} name={PARAM.anzahl} />
      <input type="hidden" name={PARAM.sortierung} value={sortValue(params.sortField, params.sortOrder)} />
      <div className="flex flex-wrap items-end gap-4">
        <button type="submit" className="btn-primary">
          {t("list.apply")}
        </button>
        {hasFilter(params) ? (
          <Link to="/admin/personen" className="btn-secondary whitespace-nowrap">
            {t("list.reset")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

const sameSchools = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));
