import type { FieldMetadata } from "@conform-to/react";
import type { ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { SelectField } from "~/components/forms";
import type { AnsichtZeile, Status } from "./ansicht";
import type { Option } from "./views";

const STATUS_CLASSES: Record<Status, string> = {
  bleibt: "",
  hinzu: "font-semibold text-green-800",
  weg: "text-danger line-through decoration-1",
};

function StatusText({ status }: { status: Status }) {
  const { t } = useTranslation();
  if (status === "bleibt") return null;
  return <strong className={status === "hinzu" ? "text-green-800" : "text-danger"}> ({t(`zuordnungen:status.${status}`)})</strong>;
}

/** One line of the person's Zuordnungen with its staged change in words; with a checkbox where it can be chosen. */
export function ZeileText({ line, checkbox, checked }: { line: AnsichtZeile; checkbox: boolean; checked: boolean }) {
  const { t } = useTranslation();
  // The same words as the person's page ("school: role, Klasse 5a, befristet bis …"), each change marked in words.
  const text = (
    <>
      <span className={STATUS_CLASSES[line.status]}>
        {t("person:details.zuordnungLine", { schule: line.organisation, rolle: line.rolle })}
      </span>
      {line.klassen.map((klasse) => (
        <span key={`${klasse.id}/${klasse.status}`}>
          {", "}
          <span className={STATUS_CLASSES[klasse.status]}>{t("person:details.klasse", { klassen: klasse.name })}</span>
          {/* said once: a class that changes with its line has the line's word */}
          {klasse.status !== line.status ? <StatusText status={klasse.status} /> : null}
        </span>
      ))}
      {line.bis ? <span>, {t("person:details.befristetBis", { date: line.bis })}</span> : null}
      <StatusText status={line.status} />
    </>
  );
  if (!checkbox) return <p className="pl-7">{text}</p>;
  return (
    <label className="flex items-start gap-2">
      <input type="checkbox" name="auswahl" value={line.key} defaultChecked={checked} className="mt-1 h-5 w-5 shrink-0" />
      <span>{text}</span>
    </label>
  );
}

/** A required choice of the Zuordnung forms. */
export function Auswahl({
  field,
  label,
  options,
  placeholder,
  onChange,
}: {
  field: FieldMetadata<string>;
  label: string;
  options: Option[];
  placeholder?: string;
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      field={field}
      label={label}
      placeholder={placeholder ?? t("person:zuordnungenBearbeiten.choose")}
      required
      onChange={onChange}
    >
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}
