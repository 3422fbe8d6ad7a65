import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { CheckboxGroup } from "~/components/fields/checkbox-group";
import { TextField } from "~/components/forms";
import type { TranslationKey } from "~/i18n";
import type { EditRolleSchema } from "./rolle-forms";

interface Label {
  key: TranslationKey;
  values?: Record<string, string>;
}

/** The choices of a role form: the offers for the role's level and the upstream's rights (without technical ones). */
export interface RolleOptionen {
  angebote: Array<{ id: string; name: string }>;
  systemrechte: Array<{ name: string; label: Label; beschreibung: Label }>;
}

/** The merkmale a role may have, in the form's order. */
export const MERKMALE = ["BEFRISTUNG_PFLICHT", "KOPERS_PFLICHT"] as const;

type RolleEingaben = z.input<typeof EditRolleSchema>;

/** The four fields as conform types them: the create and the edit form share these parts of their schemas. */
type RolleFieldsMetadata = { [Feld in "name" | "merkmale" | "angebote" | "systemrechte"]-?: FieldMetadata<RolleEingaben[Feld]> };

/**
 * Name, merkmale, offers and system rights of a role: sections 3 to 6 of its creation, and its edit form. Each right
 * names what it allows, so nobody grants one blindly.
 */
export function RolleFields({
  fields,
  optionen,
}: {
  /** The form's fields (create or edit); these four are read. */
  fields: RolleFieldsMetadata;
  optionen: RolleOptionen;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField field={fields.name} label={t("rollen:fields.name")} hint={t("rollen:fields.nameHint")} />
      <CheckboxGroup
        field={fields.merkmale as FieldMetadata<string[]>}
        legend={t("rollen:fields.merkmale")}
        hint={t("rollen:fields.merkmaleHint")}
        options={MERKMALE.map((merkmal) => ({ value: merkmal, label: t(`rollen:merkmal.${merkmal}`) }))}
      />
      {optionen.angebote.length === 0 ? (
        <fieldset className="mb-4">
          <legend className="mb-1 font-semibold">{t("rollen:fields.angebote")}</legend>
          <p>{t("rollen:fields.keineAngebote")}</p>
        </fieldset>
      ) : (
        <CheckboxGroup
          field={fields.angebote as FieldMetadata<string[]>}
          legend={t("rollen:fields.angebote")}
          hint={t("rollen:fields.angeboteHint")}
          options={optionen.angebote.map((angebot) => ({ value: angebot.id, label: angebot.name }))}
        />
      )}
      <CheckboxGroup
        field={fields.systemrechte as FieldMetadata<string[]>}
        legend={t("rollen:fields.systemrechte")}
        hint={t("rollen:fields.systemrechteHint")}
        options={optionen.systemrechte.map((recht) => ({
          value: recht.name,
          label: t(recht.label.key, recht.label.values),
          hint: t(recht.beschreibung.key, recht.beschreibung.values),
        }))}
      />
    </>
  );
}
