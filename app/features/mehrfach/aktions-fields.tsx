import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BefristungField } from "~/features/zuordnungen/befristung-field";
import { RadioGroup } from "~/components/fields/radio-group";
import { FieldLabel } from "~/components/field-label";
import { ErrorList, SelectField } from "~/components/forms";
import { defaultBefristungArt, type BefristungArt } from "~/features/zuordnungen/befristung-wahl";
import { MEHRFACH_FELD, MEHRFACH_PFAD, type MehrfachAktion } from "./aktionen";

interface Data {
  aktion: MehrfachAktion;
  klassen: Array<{ id: string; label: string }>;
  rollenAnSchule: Array<{ id: string; name: string }>;
  vorgewaehlteRolle: string | null;
  zuweisen: {
    organisationen: Array<{ id: string; label: string }>;
    organisation: string | null;
    rollen: Array<{ id: string; name: string; rollenart: string | null; befristungPflicht: boolean }>;
    klassen: Array<{ id: string; label: string }>;
  } | null;
  mitgesendet: Array<[string, string]>;
  eingaben: Record<string, string>;
}

/** The action fields as conform sees them; the form has no schema in the browser, the run checks on the server. */
export interface MehrfachFields extends Record<string, unknown> {
  zielKlasse: string;
  zielRolle: string;
  zielOrganisation: string;
  klassenWahl: string;
  befristung: { art?: BefristungArt; datum?: string };
}
type Fields = ReturnType<FormMetadata<MehrfachFields, string[]>["getFieldset"]>;

/** The fields an action needs besides whom it is for (inventory §4.7.2, §4.7.4, §4.7.5). */
export function AktionsFields({ data, fields }: { data: Data; fields: Fields }) {
  const { t } = useTranslation();
  switch (data.aktion) {
    case "klasse":
      return (
        <SelectField
          field={fields[MEHRFACH_FELD.zielKlasse]}
          label={t("mehrfach:feld.zielKlasse.label")}
          placeholder={t("mehrfach:feld.zielKlasse.placeholder")}
          required
        >
          {data.klassen.map((klasse) => (
            <option key={klasse.id} value={klasse.id}>
              {klasse.label}
            </option>
          ))}
        </SelectField>
      );
    case "rolle-entziehen":
      return (
        <RolleWahl
          field={fields[MEHRFACH_FELD.zielRolle]}
          rollen={data.rollenAnSchule}
          vorgewaehlt={data.eingaben[MEHRFACH_FELD.zielRolle] ?? data.vorgewaehlteRolle}
        />
      );
    case "rolle-zuweisen":
      return data.zuweisen ? <RolleZuweisen zuweisen={data.zuweisen} fields={fields} eingaben={data.eingaben} /> : null;
    default:
      return null;
  }
}

function RolleWahl({
  field,
  rollen,
  vorgewaehlt,
}: {
  field: FieldMetadata<string, MehrfachFields, string[]>;
  rollen: Data["rollenAnSchule"];
  vorgewaehlt: string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="mb-4">
      <FieldLabel id={field.id} label={t("mehrfach:feld.zielRolle.label")} />
      <select
        id={field.id}
        name={field.name}
        required
        defaultValue={vorgewaehlt ?? ""}
        className="input max-w-md"
        aria-describedby={field.errors ? field.errorId : undefined}
        aria-invalid={field.errors ? true : undefined}
      >
        <option value="">{t("mehrfach:feld.zielRolle.placeholder")}</option>
        {rollen.map((rolle) => (
          <option key={rolle.id} value={rolle.id}>
            {rolle.name}
          </option>
        ))}
      </select>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * Organisation first: its roles and classes come with the page once it is chosen ("Rollen anzeigen" asks again by
 * GET, keeping everything else in the address).
 */
function RolleZuweisen({
  zuweisen,
  fields,
  eingaben,
}: {
  zuweisen: NonNullable<Data["zuweisen"]>;
  fields: Fields;
  eingaben: Record<string, string>;
}) {
  const { t } = useTranslation();
  const gewaehlteRolle = zuweisen.rollen.find((rolle) => rolle.id === eingaben[MEHRFACH_FELD.zielRolle]);
  const pflicht = gewaehlteRolle?.befristungPflicht ?? false;
  return (
    <>
      <fieldset className="mb-4 rounded border border-gray-300 p-3">
        <legend className="px-1 font-semibold">{t("mehrfach:feld.zielOrganisation.legend")}</legend>
        <FieldLabel id="mehrfach-organisation" label={t("mehrfach:feld.zielOrganisation.label")} />
        <select
          id="mehrfach-organisation"
          name={MEHRFACH_FELD.zielOrganisation}
          form="mehrfach-organisation-wahl"
          defaultValue={zuweisen.organisation ?? ""}
          className="input max-w-md"
          aria-describedby={fields[MEHRFACH_FELD.zielOrganisation].errors ? fields[MEHRFACH_FELD.zielOrganisation].errorId : undefined}
        >
          <option value="">{t("mehrfach:feld.zielOrganisation.placeholder")}</option>
          {zuweisen.organisationen.map((organisation) => (
            <option key={organisation.id} value={organisation.id}>
              {organisation.label}
            </option>
          ))}
        </select>
        <ErrorList id={fields[MEHRFACH_FELD.zielOrganisation].errorId} errors={fields[MEHRFACH_FELD.zielOrganisation].errors} />
        <button type="submit" form="mehrfach-organisation-wahl" className="btn-secondary mt-2">
          {t("mehrfach:feld.zielOrganisation.anzeigen")}
        </button>
        {zuweisen.organisation ? <input type="hidden" name={MEHRFACH_FELD.zielOrganisation} value={zuweisen.organisation} /> : null}
      </fieldset>
      {zuweisen.organisation ? (
        <>
          <SelectField
            field={fields[MEHRFACH_FELD.zielRolle]}
            label={t("mehrfach:feld.zielRolle.zuweisenLabel")}
            placeholder={t("mehrfach:feld.zielRolle.placeholder")}
            required
          >
            {zuweisen.rollen.map((rolle) => (
              <option key={rolle.id} value={rolle.id}>
                {rolle.name}
              </option>
            ))}
          </SelectField>
          <p className="mb-4 text-sm text-gray-700">{t("mehrfach:feld.zielRolle.lernHinweis")}</p>
          <RadioGroup
            field={fields[MEHRFACH_FELD.klassenWahl]}
            legend={t("mehrfach:feld.klassenWahl.legend")}
            options={[
              { value: "behalten", label: t("mehrfach:feld.klassenWahl.behalten") },
              { value: "neu", label: t("mehrfach:feld.klassenWahl.neu") },
            ]}
          />
          <SelectField
            field={fields[MEHRFACH_FELD.zielKlasse]}
            label={t("mehrfach:feld.zielKlasse.zuweisenLabel")}
            placeholder={t("mehrfach:feld.zielKlasse.placeholder")}
            required={false}
          >
            {zuweisen.klassen.map((klasse) => (
              <option key={klasse.id} value={klasse.id}>
                {klasse.label}
              </option>
            ))}
          </SelectField>
          <BefristungField field={fields[MEHRFACH_FELD.befristung]} pflicht={pflicht} />
          {fields[MEHRFACH_FELD.befristung].errors ? (
            <ErrorList id={fields[MEHRFACH_FELD.befristung].errorId} errors={fields[MEHRFACH_FELD.befristung].errors} />
          ) : null}
          <p className="mb-4 text-sm text-gray-700">{t("mehrfach:feld.kopersHinweis")}</p>
          <input type="hidden" name="befristungStandard" value={defaultBefristungArt(pflicht)} disabled />
        </>
      ) : null}
    </>
  );
}

/** The organisation's own GET form, outside the run's form: its button reloads the page with the roles. */
export function OrganisationWahlForm({ mitgesendet }: { mitgesendet: Array<[string, string]> }) {
  return (
    <Form method="get" action={MEHRFACH_PFAD} id="mehrfach-organisation-wahl" className="hidden">
      {mitgesendet.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
    </Form>
  );
}
