import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { IntentButton } from "~/components/schritt-form";
import type { HinzufuegenAntwort, GefundenePerson } from "./views";

/** The confirmation (inventory §4.9.3): the choices travel as hidden fields and are checked again on the save. */
export function Bestaetigen({
  antwort,
  person,
  headingRef,
}: {
  antwort: HinzufuegenAntwort;
  person: GefundenePerson;
  headingRef: RefObject<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  const bestaetigung = antwort.bestaetigung!;
  const values = antwort.result.initialValue as {
    schulsuche?: string;
    schule?: string;
    rollen?: string[];
    befristung?: { art?: string; datum?: string };
  };
  return (
    <section aria-labelledby="bestaetigen-titel" className="mb-6 rounded border border-gray-300 p-4">
      <h2 id="bestaetigen-titel" ref={headingRef} tabIndex={-1} className="mb-4 text-xl font-bold">
        {t("landesbedienstete:hinzufuegen.confirmTitle")}
      </h2>
      <input type="hidden" name="schulsuche" value={values.schulsuche ?? ""} />
      <input type="hidden" name="schule" value={values.schule ?? ""} />
      {(values.rollen ?? []).map((id) => (
        <input key={id} type="hidden" name="rollen" value={id} />
      ))}
      <input type="hidden" name="befristung.art" value={values.befristung?.art ?? ""} />
      {values.befristung?.datum ? <input type="hidden" name="befristung.datum" value={values.befristung.datum} /> : null}
      <p className="mb-2">
        {t("landesbedienstete:hinzufuegen.confirmText", {
          username: person.username ?? `${person.vorname} ${person.familienname}`,
          rollen: bestaetigung.rollen,
          schule: bestaetigung.schule,
        })}
      </p>
      <p className="mb-4">
        {t("landesbedienstete:hinzufuegen.confirmBefristung", {
          befristung: bestaetigung.befristung ?? t("landesbedienstete:hinzufuegen.unbefristet"),
        })}
      </p>
      <div className="flex flex-wrap gap-3">
        <IntentButton intent="speichern" primary>
          {t("landesbedienstete:hinzufuegen.confirm")}
        </IntentButton>
        <IntentButton intent="zurueck">{t("landesbedienstete:hinzufuegen.back")}</IntentButton>
      </div>
    </section>
  );
}
