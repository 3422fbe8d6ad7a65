import type { FieldMetadata } from "@conform-to/react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { endOfSchoolYear, formatGermanDay, germanToday } from "~/dates";
import { DateField } from "~/components/fields/date-field";
import { RadioGroup } from "~/components/fields/radio-group";
import { PFLICHT_BISHER_FIELD, pflichtBisherValue, type BefristungArt } from "./befristung-wahl";

type BefristungInput = { art?: BefristungArt; datum?: string };

/**
 * How long an assignment lasts (spec §5, inventory §3), for `befristungSchema`: "until the end of the school year
 * (31.07.YYYY)", "until a date" with its date field, or "unbefristet", which a role with BEFRISTUNG_PFLICHT cannot
 * have (shown, disabled, with the reason). Preselect with `defaultBefristungArt(pflicht)`.
 * With JavaScript, typing a date chooses "until a date" and choosing another option empties the date; without it the
 * schema asks when the two disagree.
 */
export function BefristungField({
  field,
  pflicht,
  legend,
}: {
  field: FieldMetadata<BefristungInput, Record<string, unknown>, string[]>;
  pflicht: boolean;
  legend?: string;
}) {
  const { t } = useTranslation();
  const { art, datum } = field.getFieldset();
  const schoolYearEnd = formatGermanDay(endOfSchoolYear(germanToday()));
  const options = [
    { value: "schuljahresende", label: t("fields.befristung.schuljahresende", { date: schoolYearEnd }) },
    { value: "datum", label: t("fields.befristung.datum") },
    {
      value: "unbefristet",
      label: t("fields.befristung.unbefristet"),
      disabled: pflicht,
      hint: pflicht ? t("fields.befristung.pflicht") : undefined,
    },
  ] satisfies Array<{ value: BefristungArt; label: string; disabled?: boolean; hint?: string }>;
  return (
    <div onChange={clearDateOnOtherChoice}>
      {/* The next answer sees whether the duty changed with the choice (`startsFromDefaultBefristung`). */}
      <input type="hidden" name={PFLICHT_BISHER_FIELD} value={pflichtBisherValue(pflicht)} />
      <RadioGroup
        field={art}
        legend={legend ?? t("fields.befristung.legend")}
        options={options}
        detail={(option) =>
          option.value === "datum" ? (
            <div onInput={chooseDateOption} className="mt-2">
              <DateField field={datum} label={t("fields.befristung.datumLabel")} className="mb-1" />
            </div>
          ) : null
        }
      />
    </div>
  );
}

/** The other way round (inventory §3): choosing "school year's end" or "unbefristet" empties the date. */
function clearDateOnOtherChoice(event: FormEvent<HTMLDivElement>) {
  const target = event.target;
  if (!(target instanceof HTMLInputElement) || target.type !== "radio" || target.value === "datum") return;
  const date = event.currentTarget.querySelector<HTMLInputElement>('input[type="text"]');
  if (date) date.value = "";
}

function chooseDateOption(event: FormEvent<HTMLDivElement>) {
  const radio = event.currentTarget.closest("fieldset")?.querySelector<HTMLInputElement>('input[type="radio"][value="datum"]');
  if (radio) radio.checked = true;
}
