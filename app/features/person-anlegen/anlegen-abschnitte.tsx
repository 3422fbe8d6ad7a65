import type { FieldMetadata } from "@conform-to/react";
import type { ChangeEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BefristungField } from "~/features/zuordnungen/befristung-field";
import { KopersFields } from "~/features/zuordnungen/zuordnung-fields";
import { CheckboxGroup } from "~/components/fields/checkbox-group";
import { SelectField, TextField } from "~/components/forms";
import { IntentButton, OrganisationSuche } from "~/components/schritt-form";
import type { AnlegenAnsicht } from "./views";

/** The creation form's sections, in the order the choices narrow each other: organisation, roles, the person. */

/** The form's fields by name: it has no schema in the browser until its check loads (docs/decisions/019). */
export type AnlegenFields = Record<string, FieldMetadata<unknown>>;

const textField = (fields: AnlegenFields, name: string) => fields[name] as FieldMetadata<string>;

/** The organisation: a search that narrows the list, and the choice, which opens the other sections. */
export function OrganisationAbschnitt({
  ansicht,
  fields,
  onNarrow,
}: {
  ansicht: AnlegenAnsicht;
  fields: AnlegenFields;
  onNarrow: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Abschnitt titel={t("person:anlegen.sections.organisation")}>
      <OrganisationSuche
        field={textField(fields, "schulsuche")}
        label={t("person:anlegen.fields.schulsuche")}
        button={t("person:anlegen.search")}
        hint={t(ansicht.organisationen.length > 0 ? "person:zuordnungenBearbeiten.searchHint" : "person:zuordnungenBearbeiten.noSchools")}
      />
      <SelectField
        field={textField(fields, "organisation")}
        label={t("person:anlegen.fields.organisation")}
        placeholder={t("person:zuordnungenBearbeiten.choose")}
        required
        onChange={onNarrow}
      >
        {ansicht.organisationen.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </SelectField>
      {/* One such button at a time: after the organisation, then after the roles. */}
      {ansicht.organisationGewaehlt ? null : <AuswahlAktualisieren />}
    </Abschnitt>
  );
}

/** The roles at the chosen organisation, then what they ask for: a class, and the Befristung once one is chosen. */
export function RollenAbschnitt({
  ansicht,
  fields,
  onNarrowByRole,
}: {
  ansicht: AnlegenAnsicht;
  fields: AnlegenFields;
  onNarrowByRole: (event: ChangeEvent<HTMLDivElement>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Abschnitt id={ROLLEN_ABSCHNITT} titel={t("person:anlegen.sections.rollen")}>
      {ansicht.rollen.length === 0 ? (
        <p className="mb-4">{t("person:anlegen.noRoles")}</p>
      ) : (
        <div onChange={onNarrowByRole}>
          <CheckboxGroup
            field={fields.rollen as FieldMetadata<string[]>}
            legend={t("person:anlegen.fields.rollen")}
            hint={t(ansicht.rollenEingegrenzt ? "person:anlegen.rollenHintGewaehlt" : "person:anlegen.rollenHint")}
            options={ansicht.rollen.map((option) => ({ value: option.id, label: option.label }))}
          />
        </div>
      )}
      {ansicht.regeln.klassePflicht ? (
        <SelectField
          field={textField(fields, "klasse")}
          label={t("person:anlegen.fields.klasse")}
          placeholder={t(ansicht.klassen.length ? "person:zuordnungenBearbeiten.choose" : "person:anlegen.noKlassen")}
          required
        >
          {ansicht.klassen.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </SelectField>
      ) : null}
      <AuswahlAktualisieren />
      {ansicht.rollenGewaehlt ? (
        <div className="mt-4">
          <BefristungField
            field={fields.befristung as Parameters<typeof BefristungField>[0]["field"]}
            pflicht={ansicht.regeln.befristungPflicht}
          />
        </div>
      ) : null}
    </Abschnitt>
  );
}

/** The person's names, and the KoPers number where the roles ask for it. */
export function PersonAbschnitt({ ansicht, fields }: { ansicht: AnlegenAnsicht; fields: AnlegenFields }) {
  const { t } = useTranslation();
  return (
    <Abschnitt titel={t("person:anlegen.sections.person")}>
      <TextField field={textField(fields, "vorname")} label={t("person:details.vorname")} autoComplete="off" />
      <TextField field={textField(fields, "familienname")} label={t("person:details.familienname")} autoComplete="off" />
      {ansicht.regeln.kopersPflicht ? (
        <KopersFields
          kopers={textField(fields, "kopers")}
          ohneKopers={textField(fields, "ohneKopers")}
          label={t("person:details.personalnummer")}
          hinweis="person:anlegen.ohneKopersWarnung"
        />
      ) : null}
    </Abschnitt>
  );
}

function Abschnitt({ id, titel, children }: { id?: string; titel: string; children: ReactNode }) {
  return (
    <section id={id} className="mb-6 border-t border-gray-300 pt-4">
      <h2 className="mb-3 text-xl font-bold">{titel}</h2>
      {children}
    </section>
  );
}

const ROLLEN_ABSCHNITT = "anlegen-rollen";

/**
 * Without JavaScript the way to narrow the choices to what is chosen; with it a change does that at once. The answer
 * opens at the roles (the address's fragment), where the form goes on, not at the top of the page.
 */
function AuswahlAktualisieren() {
  const { t } = useTranslation();
  return (
    <div className="hidden-with-scripts mb-2">
      <IntentButton intent="aktualisieren" formAction={`#${ROLLEN_ABSCHNITT}`} aria-describedby="auswahl-aktualisieren-hinweis">
        {t("person:zuordnungenBearbeiten.narrow")}
      </IntentButton>
      <p id="auswahl-aktualisieren-hinweis" className="mt-1 text-sm text-gray-700">
        {t("person:anlegen.narrowHint")}
      </p>
    </div>
  );
}
