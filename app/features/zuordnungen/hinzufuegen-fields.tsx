import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { IntentButton, OrganisationSuche } from "~/components/schritt-form";
import { useNarrowing } from "~/hooks/use-narrowing";
import { BefristungField } from "./befristung-field";
import { SubFormButtons } from "./sub-form";
import { Auswahl } from "./zeile";
import { KopersFields } from "./zuordnung-fields";
import type { ZuordnungenAntwort } from "./views";

/** The fields of the add step: school, role, class, Befristung and KoPers as the workflow step narrows them. */
export function HinzufuegenFields({
  fields,
  ansicht,
}: {
  fields: Record<string, FieldMetadata<unknown>>;
  ansicht: NonNullable<ZuordnungenAntwort["hinzufuegen"]>;
}) {
  const { t } = useTranslation();
  // With JavaScript a new choice narrows the next ones at once; without it, "Auswahl aktualisieren" does.
  const narrow = useNarrowing();
  const field = (name: string) => fields[name] as FieldMetadata<string>;
  return (
    <>
      <OrganisationSuche
        field={field("schulsuche")}
        label={t("person:zuordnungenBearbeiten.fields.schulsuche")}
        button={t("zuordnungen:search")}
        hint={t(ansicht.schulen.length === 0 ? "person:zuordnungenBearbeiten.noSchools" : "person:zuordnungenBearbeiten.searchHint")}
      />
      <Auswahl
        field={field("schule")}
        label={t("person:zuordnungenBearbeiten.fields.schule")}
        options={ansicht.schulen}
        onChange={narrow}
      />
      <Auswahl
        field={field("rolle")}
        label={t("person:zuordnungenBearbeiten.fields.rolle")}
        options={ansicht.rollen}
        placeholder={
          ansicht.rollen.length > 0 ? undefined : t(fields.schule.initialValue ? "zuordnungen:noRoles" : "zuordnungen:noRolesYet")
        }
        onChange={narrow}
      />
      {ansicht.regeln.klassePflicht ? (
        <Auswahl field={field("klasse")} label={t("person:zuordnungenBearbeiten.fields.klasse")} options={ansicht.klassen} />
      ) : null}
      {/* Without JavaScript the way to narrow the choices; with it each change does that itself. */}
      <p className="hidden-with-scripts mb-4">
        <IntentButton intent="aktualisieren">{t("person:zuordnungenBearbeiten.narrow")}</IntentButton>
      </p>
      <BefristungField
        field={fields.befristung as Parameters<typeof BefristungField>[0]["field"]}
        pflicht={ansicht.regeln.befristungPflicht}
      />
      {ansicht.regeln.kopersNoetig ? (
        <KopersFields
          kopers={field("kopers")}
          ohneKopers={field("ohneKopers")}
          label={t("person:zuordnungenBearbeiten.fields.kopers")}
          hinweis="person:zuordnungenBearbeiten.fields.ohneKopersHint"
        />
      ) : null}
      {!ansicht.canCommit ? (
        <p id="vormerken-hinweis" className="mb-2 text-sm text-gray-700">
          {t("zuordnungen:cannotCommit")}
        </p>
      ) : null}
      <SubFormButtons
        intent="hinzufuegen-vormerken"
        label={t("zuordnungen:addSubmit")}
        disabled={!ansicht.canCommit}
        describedBy={ansicht.canCommit ? undefined : "vormerken-hinweis"}
      />
    </>
  );
}
