import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { CheckboxGroup } from "~/components/fields/checkbox-group";
import { RadioGroup } from "~/components/fields/radio-group";
import { TextField } from "~/components/forms";
import { Notice } from "~/components/notice";
import type { TranslationKey } from "~/i18n";
import { ANBIETEN_IN, ZUWEISUNG } from "./angebot-auswahl";
import type { AngebotBearbeitenSchema } from "./angebot-forms";

type Eingaben = z.input<typeof AngebotBearbeitenSchema>;
type FieldsMetadata = {
  [Feld in "name" | "link" | "kategorie" | "zuweisung" | "anbietenIn" | "rollenarten"]-?: FieldMetadata<Eingaben[Feld]>;
};

/**
 * What the create and the edit form of an offer share: name and link as the start page shows them, then, for the
 * full right, the category, how it may be given and to which rollenarten. The restricted right's offers are always
 * school offers; the upstream sets those fields itself, so the form only says so.
 */
/** The choices the server hands the form (categories with their labels, rollenarten). */
export interface AngebotOptionen {
  kategorien: Array<{ value: string; label: TranslationKey }>;
  rollenarten: Array<{ value: string; label: TranslationKey }>;
}

export function AngebotFields({
  fields,
  eingeschraenkt,
  optionen,
}: {
  fields: FieldsMetadata;
  eingeschraenkt: boolean;
  optionen: AngebotOptionen;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField field={fields.name} label={t("angebote:form.name")} hint={t("angebote:form.nameHint")} />
      <TextField field={fields.link} label={t("angebote:form.link")} hint={t("angebote:form.linkHint")} inputMode="text" />
      <p className="mb-4 max-w-2xl text-sm text-gray-700">{t("angebote:form.logo")}</p>
      {eingeschraenkt ? (
        <Notice tone="info" className="mb-4 max-w-2xl">
          {t("angebote:form.eingeschraenkt")}
        </Notice>
      ) : (
        <>
          <RadioGroup
            field={fields.kategorie as FieldMetadata<string>}
            legend={t("angebote:form.kategorie")}
            options={optionen.kategorien.map((kategorie) => ({ value: kategorie.value, label: t(kategorie.label) }))}
          />
          <CheckboxGroup
            field={fields.zuweisung as FieldMetadata<string[]>}
            legend={t("angebote:form.nutzung")}
            options={ZUWEISUNG.map((merkmal) => ({ value: merkmal, label: t(`angebote:form.zuweisung.${merkmal}`) }))}
          />
          <CheckboxGroup
            field={fields.anbietenIn as FieldMetadata<string[]>}
            legend={t("angebote:form.anbietenIn")}
            hint={t("angebote:form.anbietenInHint")}
            options={ANBIETEN_IN.map((merkmal) => ({ value: merkmal, label: t(`angebote:form.anbieten.${merkmal}`) }))}
          />
          <CheckboxGroup
            field={fields.rollenarten as FieldMetadata<string[]>}
            legend={t("angebote:form.rollenarten")}
            hint={t("angebote:form.rollenartenHint")}
            options={optionen.rollenarten.map((rollenart) => ({ value: rollenart.value, label: t(rollenart.label) }))}
          />
        </>
      )}
    </>
  );
}
