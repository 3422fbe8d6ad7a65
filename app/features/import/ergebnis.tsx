import { Form, Link, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LeaveDialog } from "~/components/leave-dialog";
import { Notice } from "~/components/notice";
import { useLeaveGuard } from "~/hooks/use-leave-guard";
import { dateiAdresse, IMPORT_PFAD } from "./personenimport";

/** Set when the download starts: the page that follows (the import completed) takes the focus and says so. */
export const downloadGestartet = { jetzt: false };

/**
 * A finished import: how many persons were created and which could not be, and the one download of their user data.
 * Leaving before the download asks first (with JavaScript); the data stay available from the import history.
 */
export function ImportErgebnis({
  id,
  angelegt,
  nichtAngelegt,
}: {
  id: string;
  angelegt: number;
  nichtAngelegt: { klasse: string; vorname: string; nachname: string }[];
}) {
  const { t } = useTranslation();
  const [heruntergeladen, setHeruntergeladen] = useState(false);
  const gespeichert = useRef(false);
  const revalidator = useRevalidator();
  // Whether the start passwords are still to be downloaded is read at the moment of leaving, so a download that started
  // a moment ago counts at once.
  const blocker = useLeaveGuard(
    useCallback(() => !gespeichert.current, []),
    { samePathStays: true },
  );
  // The download is a document post the browser saves; once it is under way the page shows the import as done.
  useEffect(() => {
    if (!heruntergeladen) return;
    const timer = setTimeout(() => revalidator.revalidate(), 1500);
    return () => clearTimeout(timer);
  }, [heruntergeladen, revalidator]);
  return (
    <section aria-labelledby="ergebnis-titel" className="max-w-3xl space-y-4">
      <Notice tone={nichtAngelegt.length ? "warning" : "success"}>
        <h2 id="ergebnis-titel" className="text-lg font-bold">
          {t("personenimport:vorgang.fertig.titel")}
        </h2>
        <p>{t("personenimport:vorgang.fertig.angelegt", { count: angelegt })}</p>
        {nichtAngelegt.length ? <p>{t("personenimport:vorgang.fertig.nichtAngelegt", { count: nichtAngelegt.length })}</p> : null}
      </Notice>
      <Notice tone="warning">
        <h3 className="font-bold">{t("personenimport:vorgang.fertig.datenTitel")}</h3>
        <p>{t("personenimport:vorgang.fertig.datenHinweis")}</p>
        <Form
          method="post"
          action={dateiAdresse(id)}
          reloadDocument
          className="mt-2"
          onSubmit={() => {
            gespeichert.current = true;
            downloadGestartet.jetzt = true;
            setHeruntergeladen(true);
          }}
        >
          <button type="submit" className="btn-primary">
            {t("personenimport:vorgang.fertig.herunterladen")}
          </button>
        </Form>
      </Notice>
      {nichtAngelegt.length ? (
        <section aria-labelledby="nicht-angelegt-titel">
          <h3 id="nicht-angelegt-titel" className="font-bold">
            {t("personenimport:vorgang.fertig.nichtAngelegtTitel")}
          </h3>
          <ul className="list-disc pl-6">
            {nichtAngelegt.map((person, index) => (
              <li key={index} className="[overflow-wrap:anywhere]">
                {[person.nachname, person.vorname, person.klasse].filter(Boolean).join(", ")}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        <Link to={IMPORT_PFAD} className="btn-secondary inline-block">
          {t("personenimport:vorgang.fertig.weitererImport")}
        </Link>
      </p>
      <LeaveDialog blocker={blocker} message={t("personenimport:vorgang.fertig.verlassenFrage")} />
    </section>
  );
}
