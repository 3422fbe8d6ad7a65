import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms";
import { Notice } from "~/components/notice";
import { useHydrated } from "~/hooks/use-hydrated";
import type { TranslationKey } from "~/i18n";

/**
 * Fields of the forms that choose an organisation, roles and the rest of a Zuordnung step by step (adding a
 * Zuordnung, creating a person); the step form's buttons and organisation search are in `components/schritt-form.tsx`.
 */

/**
 * The KoPers number a role asks for, or the confirmation that there is none (inventory §4.9): then the account is
 * locked eight weeks later until the number is entered, which `hinweis` says. With JavaScript the confirmation is
 * unavailable while a number is typed, and ticking it turns the note into a warning.
 */
export function KopersFields({
  kopers,
  ohneKopers,
  label,
  hinweis,
}: {
  kopers: FieldMetadata<string>;
  ohneKopers: FieldMetadata<string>;
  label: string;
  hinweis: TranslationKey;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [typed, setTyped] = useState(Boolean(kopers.initialValue));
  const [ohne, setOhne] = useState(ohneKopers.initialValue === "on");
  const hinweisId = `${ohneKopers.id}-hinweis`;
  return (
    // No group name above the two: the field and the box each say "KoPers-Nr." themselves (a legend named it twice).
    <div className="mb-4">
      <label htmlFor={kopers.id} className="mb-1 block font-semibold">
        {label}
      </label>
      <input
        {...getInputProps(kopers, { type: "text" })}
        key={kopers.key}
        autoComplete="off"
        className="input max-w-xs"
        aria-describedby={kopers.errors?.length ? kopers.errorId : undefined}
        onInput={(event) => setTyped(event.currentTarget.value !== "")}
      />
      <ErrorList id={kopers.errorId} errors={kopers.errors} />
      <label className="mt-2 flex items-start gap-2">
        <input
          type="checkbox"
          name={ohneKopers.name}
          value="on"
          defaultChecked={ohneKopers.initialValue === "on"}
          disabled={hydrated && typed}
          onChange={(event) => setOhne(event.currentTarget.checked)}
          className="mt-1 h-5 w-5 shrink-0"
          aria-describedby={hinweisId}
        />
        <span>{t("person:zuordnungenBearbeiten.fields.ohneKopers")}</span>
      </label>
      <div id={hinweisId} className="mt-2">
        <Notice tone={ohne && !typed ? "warning" : "info"}>
          <p>{t(hinweis)}</p>
        </Notice>
      </div>
    </div>
  );
}
