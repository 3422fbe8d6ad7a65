import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { CheckboxGroup } from "~/components/fields/checkbox-group";
import { ErrorList } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { useCurrentFormError } from "~/hooks/use-current-form-error";
import { useFormCheckedOnDemand } from "~/hooks/use-check-on-demand";
import type { ErrorCode } from "~/errors";
import type { ErweiterungenSchema } from "./angebot-forms";

interface Props {
  schule: { id: string; label: string };
  rollen: Array<{ id: string; name: string }>;
  /** The roles extended at the school when the page was read: ticked, and the only ones the save may take away. */
  erweitert: string[];
  angebotName: string;
  answer?: { error?: ErrorCode | null; result?: SubmissionResult<string[]> };
  /** The form's native constraints, from the server (the browser's check loads on demand). */
  constraint: Record<string, Record<string, unknown>>;
}

const loadCheck = () => import("./angebot-forms").then((module) => module.erweiterungenCheck);

/**
 * Which roles of one school get the offer, in one step (issue 34 §4): every role that can be extended there, ticked
 * where it is. Plain checkboxes and one button, with and without JavaScript.
 */
export function ErweiterungenForm({ schule, rollen, erweitert, angebotName, answer, constraint }: Props) {
  const { t } = useTranslation();
  const { form, fields, formProps } = useFormCheckedOnDemand<typeof ErweiterungenSchema>({
    id: "erweiterungen-anwenden",
    constraint,
    loadCheck,
    lastResult: answer?.result,
    defaultValue: { schule: schule.id, rollen: erweitert, gelesen: erweitert },
  });
  const formError = useCurrentFormError(form, answer);
  if (rollen.length === 0) return <p>{t("angebote:erweiterung.keineRollen", { schule: schule.label })}</p>;
  return (
    <>
      <FormError id="erweiterungen-anwenden-fehler" code={formError} />
      <Form method="post" {...formProps} className="max-w-2xl">
        <input type="hidden" name={fields.schule.name} value={schule.id} />
        {erweitert.map((id) => (
          <input key={id} type="hidden" name={fields.gelesen.name} value={id} />
        ))}
        <ErrorList id={fields.schule.errorId} errors={fields.schule.errors} />
        <CheckboxGroup
          field={fields.rollen as FieldMetadata<string[]>}
          legend={t("angebote:erweiterung.rollenAnSchule", { schule: schule.label })}
          hint={t("angebote:erweiterung.rollenHint", { name: angebotName })}
          options={rollen.map((rolle) => ({ value: rolle.id, label: rolle.name }))}
        />
        <SubmitButton form={form} label={t("angebote:erweiterung.uebernehmen")} />
      </Form>
    </>
  );
}
