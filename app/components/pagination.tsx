import { useTranslation } from "react-i18next";
import { PAGE_SIZES, pageCount, withParams } from "~/list-state";
import { AppLink } from "./app-link";
import { FieldLabel } from "./field-label";

interface Props {
  search: URLSearchParams;
  page: number;
  pageSize: number;
  total: number;
}

/**
 * Previous/next links and the position in the list; plain links, so they work without JavaScript. An empty list
 * has no position: its page says so in one sentence instead.
 */
export function Pagination({ search, page, pageSize, total }: Props) {
  const { t } = useTranslation();
  if (total === 0) return null;
  const pages = pageCount(total, pageSize);
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return (
    <nav aria-label={t("list.pagination")} className="mt-4 flex flex-wrap items-center gap-4">
      <p>{t("list.range", { from, to, total })}</p>
      <p>{t("list.pageOf", { page: Math.min(page, pages), pages })}</p>
      <ul className="flex gap-2">
        {page > 1 ? (
          <li>
            <AppLink className="btn-secondary" to={withParams(search, { seite: page - 1 })} rel="prev">
              {t("list.previous")}
            </AppLink>
          </li>
        ) : null}
        {page < pages ? (
          <li>
            <AppLink className="btn-secondary" to={withParams(search, { seite: page + 1 })} rel="next">
              {t("list.next")}
            </AppLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** "Einträge pro Seite" of a list's GET filter form: the page sizes every list offers (spec: 5, 30, 50, 100, 300). */
export function PageSizeField({ value, name = "anzahl" }: { value: number; name?: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <FieldLabel id="filter-anzahl" label={t("list.pageSize")} />
      <select id="filter-anzahl" name={name} defaultValue={value} className="input">
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
