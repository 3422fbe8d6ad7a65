import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Notice } from "~/components/notice";
import { SeitenKopf } from "./schulen-auswahl";
import { SchulenForm } from "./schulen-form";
import type { SchulenSeiteView, SpeicherAntwort } from "./views";

/**
 * A Träger's school assignment page: with the right to move schools, the staging form; without, the Träger's schools
 * listed, with a notice that they can only be read here.
 */
export function SchulenSeite({ seite, antwort }: { seite: SchulenSeiteView; antwort: SpeicherAntwort | undefined }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { darf, traeger, schulen, zurueck } = seite;
  if (darf) {
    // Each page and each answer starts the form afresh from what the server says is staged.
    return <SchulenForm key={location.key} seite={seite} actionData={antwort} />;
  }
  return (
    <>
      <SeitenKopf traeger={traeger} zurueck={zurueck} />
      <Notice tone="info" className="mb-4">
        <p>{t("schultraegerSchulen:hinweis.nurLesen")}</p>
      </Notice>
      <h2 className="mb-3 text-xl font-bold">{t("schultraegerSchulen:zugeordnet.title", { count: schulen.length })}</h2>
      {schulen.length === 0 ? <p>{t("schultraegerSchulen:zugeordnet.keine")}</p> : null}
      <ul className="ml-6 list-disc">
        {schulen.map((schule) => (
          <li key={schule.id}>{schule.label}</li>
        ))}
      </ul>
    </>
  );
}
