import { getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";
import { useNamespacesOfAnswer } from "~/hooks/use-namespaces";
import { fieldMessageKey, type TranslationKey } from "~/i18n";
import { FieldLabel } from "~/components/field-label";
import { useServerAutoFocus } from "~/hooks/use-server-auto-focus";
import { HINWEIS_MAX_LENGTH, normalizeLineBreaks } from "./hinweis-forms";

const TOO_LONG: TranslationKey = "hinweise:validation.inhalt.tooLong";

/** Where the counter starts to speak, and at which remaining counts it speaks again. */
const ANNOUNCED_REMAINING = [100, 50, 20, 10, 0];

/**
 * The notice's text: a textarea with `maxlength`, its rule as a hint, and with JavaScript a visible counter that is
 * part of the field's description. A screen reader is not told every keystroke: a polite region speaks only when
 * the remaining characters cross 100, 50, 20, 10 and 0. Without JavaScript (or when `maxlength` was bypassed) the
 * server's refusal says how many characters were sent.
 */
export function HinweisTextfeld({ field, label, hint }: { field: FieldMetadata<string>; label: string; hint: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const autoFocus = useServerAutoFocus(field.errors);
  // An upstream refusal shown at the field is a text of `errors`.
  const messagesReady = useNamespacesOfAnswer((field.errors ?? []).map(fieldMessageKey));
  const initial = normalizeLineBreaks(typeof field.initialValue === "string" ? field.initialValue : "");
  const [length, setLength] = useState(initial.length);
  const [announcement, setAnnouncement] = useState("");
  const hintId = `${field.id}-hint`;
  const counterId = `${field.id}-zaehler`;
  const describedBy = [hintId, hydrated ? counterId : null, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ");

  const onInput = (text: string) => {
    const next = normalizeLineBreaks(text).length;
    const step = (count: number) => ANNOUNCED_REMAINING.filter((mark) => HINWEIS_MAX_LENGTH - count <= mark).at(-1);
    if (step(next) !== step(length)) {
      const remaining = HINWEIS_MAX_LENGTH - next;
      const mark = step(next);
      setAnnouncement(
        mark === undefined
          ? ""
          : remaining <= 0
            ? t("hinweise:fields.full", { max: HINWEIS_MAX_LENGTH })
            : t("hinweise:fields.remaining", { count: remaining }),
      );
    }
    setLength(next);
  };

  return (
    <div className="mb-4">
      <FieldLabel id={field.id} label={label} required hint={hint} />
      <textarea
        {...getTextareaProps(field)}
        key={field.key}
        required
        maxLength={HINWEIS_MAX_LENGTH}
        rows={8}
        autoFocus={autoFocus}
        aria-describedby={describedBy}
        onInput={(event) => onInput(event.currentTarget.value)}
        className="input w-full max-w-2xl"
      />
      {/* Its line is kept without JavaScript too, so nothing below moves when the scripts start (a press on a button
          there would end beside it and be lost); only the browser that counts shows it. */}
      <p id={counterId} className={`text-sm text-gray-700${hydrated ? "" : " invisible"}`}>
        {t("hinweise:fields.counter", { count: length, max: HINWEIS_MAX_LENGTH })}
      </p>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <div id={field.errorId} aria-live="polite" aria-atomic="true">
        {field.errors?.length && messagesReady ? (
          <ul className="field-error">
            {field.errors.map((error) => (
              <li key={error}>
                {fieldMessageKey(error) === TOO_LONG
                  ? t("hinweise:validation.inhalt.tooLongCount", { count: length, over: length - HINWEIS_MAX_LENGTH })
                  : t(fieldMessageKey(error))}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
