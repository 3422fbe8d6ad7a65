import { useTranslation } from "react-i18next";
import { FieldLabel } from "~/components/field-label";
import { useHydrated } from "~/hooks/use-hydrated";
import { MEHRFACH_FELD, MEHRFACH_PFAD, type MehrfachAktion } from "./aktionen";

/**
 * The bulk bar inside the list's selection form (inventory §4.7): an action, for the ticked persons or all the filter
 * finds, and "Weiter" to the confirmation, which checks the preconditions before anything runs. The button sends the
 * same form as the paging buttons, so the ticks of this page count too.
 */
export function MehrfachLeiste({
  aktionen,
  ausgewaehlt,
  total,
}: {
  aktionen: readonly MehrfachAktion[];
  ausgewaehlt: number;
  total: number;
}) {
  const { t } = useTranslation();
  // Without JavaScript the number is the server's (boxes ticked on this page are not counted yet): "(noch keine)"
  // next to ticked boxes would be wrong, so the label then names no number.
  const hydrated = useHydrated();
  return (
    <fieldset className="mt-2 w-full rounded border border-gray-300 p-3">
      <legend className="px-1 font-semibold">{t("mehrfach:bar.legend")}</legend>
      <div className="flex flex-wrap items-end gap-4">
        <div>
          <FieldLabel id="mehrfach-aktion" label={t("mehrfach:bar.aktion")} />
          <select id="mehrfach-aktion" name={MEHRFACH_FELD.aktion} className="input" defaultValue="">
            <option value="">{t("mehrfach:bar.aktionWaehlen")}</option>
            {aktionen.map((aktion) => (
              <option key={aktion} value={aktion}>
                {t(`mehrfach:aktion.${aktion}`)}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className="mb-1 font-semibold">{t("mehrfach:bar.umfang")}</legend>
          <label className="mr-4 inline-flex items-center gap-2">
            <input type="radio" name={MEHRFACH_FELD.umfang} value="auswahl" defaultChecked />
            {hydrated || ausgewaehlt > 0 ? (
              t("mehrfach:bar.umfangAuswahl", { count: ausgewaehlt })
            ) : (
              // Both wordings are in the server's page, so the longer one does not push the button to a new line when
              // the scripts start (document/scripts-mark.tsx).
              <>
                <span className="hidden-with-scripts">{t("mehrfach:bar.umfangAuswahlOhneZahl")}</span>
                <span className="hidden-without-scripts">{t("mehrfach:bar.umfangAuswahl", { count: 0 })}</span>
              </>
            )}
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="radio" name={MEHRFACH_FELD.umfang} value="alle" />
            {t("mehrfach:bar.umfangAlle", { count: total })}
          </label>
        </fieldset>
        <button type="submit" formAction={MEHRFACH_PFAD} className="btn-primary">
          {t("mehrfach:bar.weiter")}
        </button>
      </div>
      <p className="mt-2 text-sm text-gray-700">{t("mehrfach:bar.hinweis")}</p>
    </fieldset>
  );
}
