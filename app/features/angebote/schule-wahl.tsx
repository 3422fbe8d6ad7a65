import { Form, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldLabel } from "~/components/field-label";
import { ErrorList } from "~/components/forms";
import { RETURN_PARAM } from "~/return-path";

/** Shown at the school choice when the address asks for none of the user's schools (nothing chosen, or not hers). */
const SCHULE_FEHLT = "validation.schule.required";

interface Schule {
  id: string;
  label: string;
}

/**
 * The school whose offers or roles a page shows, of the schools where the user extends roles: a GET form, so the
 * choice is in the URL and "back" keeps it. Its button is the only trigger, with JavaScript too: a reload on each change
 * would move the focus to the heading while someone walks the options with the arrow keys (WCAG 3.2.2). One school
 * needs no choice; none is said.
 */
export function SchuleWahl({
  schulen,
  schule,
  schuleFehlt,
  submitLabel,
  keepReturnPath = false,
}: {
  schulen: readonly Schule[];
  schule: Schule | null;
  schuleFehlt: boolean;
  submitLabel: string;
  /** Whether the page's way back (`zurueck`) goes along with the choice. */
  keepReturnPath?: boolean;
}) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const fehler = schuleFehlt ? [SCHULE_FEHLT] : undefined;
  const zurueck = keepReturnPath ? search.get(RETURN_PARAM) : null;
  if (schulen.length === 0) return <p>{t("angebote:erweiterung.keineSchule")}</p>;
  if (schulen.length === 1) return null;
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-4" aria-label={t("angebote:erweiterung.schuleWaehlen")}>
      <div>
        <FieldLabel id="schule-wahl" label={t("angebote:erweiterung.fields.schule")} />
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
      {zurueck ? <input type="hidden" name={RETURN_PARAM} value={zurueck} /> : null}
      <button type="submit" className="btn-secondary">
        {submitLabel}
      </button>
      {/* Below select and button, which stay side by side; without a message it takes no room (nor the row's gap). */}
      <div className={fehler ? "w-full" : "-mt-4 w-full"}>
        <ErrorList id="schule-wahl-fehler" errors={fehler} />
      </div>
    </Form>
  );
}
