import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Notice } from "~/components/notice";
import { fortschrittAdresse } from "./personenimport";

const NEU_LADEN_MS = 2000;

/**
 * An import that runs (the page opened again from the history): the count so far and the way to the progress page.
 * With JavaScript the count follows the upstream every two seconds, and the page turns into the result when done.
 */
export function ImportLaeuft({ id, bearbeitet, anzahl }: { id: string; bearbeitet: number; anzahl: number }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, NEU_LADEN_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <Notice tone="info" className="max-w-3xl">
      <h2 className="text-lg font-bold">{t("personenimport:vorgang.laeuft.titel")}</h2>
      <p role="status">{t("personenimport:vorgang.laeuft.text", { bearbeitet, anzahl })}</p>
      <p className="mt-2">
        <a href={fortschrittAdresse(id)} className="font-semibold text-primary underline">
          {t("personenimport:vorgang.laeuft.verfolgen")}
        </a>
      </p>
    </Notice>
  );
}
