import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Notice } from "~/components/notice";
import { downloadGestartet, ImportErgebnis } from "~/features/import/ergebnis";
import { ImportLaeuft } from "~/features/import/laeuft";
import { pageTitle, type I18nHandle } from "~/i18n";
import { fortschrittAdresse, IMPORT_FELD, IMPORT_PFAD } from "~/features/import/personenimport";
import { vorgangLoeschen, vorgangSeiteLaden } from "~/features/import/vorgang.server";
import { withUpstreamSession } from "~/.server/responses.server";

export const handle: I18nHandle = { i18n: "personenimport" };

/**
 * One import (decision 028): a checked file waiting to be imported (with the confirmation), a running import (the
 * way to its progress), a finished one (the result and the one download of the user data), or one that is over.
 * `?loeschen` asks before deleting it.
 */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, ({ request, params }) => vorgangSeiteLaden(request, params.id ?? ""));
}

export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, ({ request, params }) => vorgangLoeschen(request, params.id ?? ""));
}

type Daten = ReturnType<typeof useLoaderData<typeof loader>>;

export default function ImportVorgang() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{t("personenimport:vorgang.titel")}</h1>
      {data.schule && data.rolle ? (
        <p className="mb-4">{t("personenimport:vorgang.schuleRolle", { schule: data.schule, rolle: data.rolle })}</p>
      ) : null}
      {data.loeschenFragen ? <LoeschenFrage /> : data.durchfuehrenFragen ? <DurchfuehrenFrage /> : <Zustand data={data} />}
      <p className="mt-8">
        <Link to={IMPORT_PFAD} className="font-semibold text-primary underline">
          {t("personenimport:vorgang.zurueck")}
        </Link>
      </p>
    </>
  );
}

function Zustand({ data }: { data: Daten }) {
  const { t } = useTranslation();
  const location = useLocation();
  const frage = new URLSearchParams(location.search);
  frage.set("durchfuehren", "");
  const frageAdresse = frage.toString();
  switch (data.status) {
    case "VALID":
      return (
        <section aria-labelledby="bereit-titel" className="max-w-3xl space-y-4">
          <Notice tone="success">
            <h2 id="bereit-titel" className="text-lg font-bold">
              {t("personenimport:vorgang.bereit.titel")}
            </h2>
            <p>{t("personenimport:vorgang.bereit.text", { count: data.anzahl })}</p>
            {data.kodierung ? (
              <p>{t("personenimport:vorgang.kodierung", { kodierung: t(`personenimport:kodierung.${data.kodierung}`) })}</p>
            ) : null}
          </Notice>
          <Notice tone="warning">
            <p>{t("personenimport:vorgang.bereit.warnung")}</p>
          </Notice>
          <div className="flex flex-wrap items-start gap-4">
            {/* It asks first (the question is this page with `durchfuehren`), with or without JavaScript. */}
            <Link to={`?${frageAdresse}`} className="btn-primary">
              {t("personenimport:vorgang.bereit.ausfuehren")}
            </Link>
            <Form method="post">
              <input type="hidden" name="art" value="verwerfen" />
              {data.schuleId ? <input type="hidden" name={IMPORT_FELD.schule} value={data.schuleId} /> : null}
              <button type="submit" className="btn-secondary">
                {t("personenimport:vorgang.bereit.andereDatei")}
              </button>
            </Form>
          </div>
        </section>
      );
    case "INPROGRESS":
      return <ImportLaeuft id={data.id} bearbeitet={data.bearbeitet} anzahl={data.anzahl} />;
    case "FINISHED":
      return data.ergebnis ? <ImportErgebnis id={data.id} {...data.ergebnis} /> : <Ende art="abgeschlossen" />;
    case "COMPLETED":
      return <Ende art="abgeschlossen" />;
    case "CANCELLED":
      return <Ende art="abgebrochen" />;
    case "FAILED":
      return <Ende art="fehlgeschlagen" />;
    default:
      return <Ende art="sonst" />;
  }
}

function Ende({ art }: { art: "abgeschlossen" | "abgebrochen" | "fehlgeschlagen" | "sonst" }) {
  const { t } = useTranslation();
  const titel = useRef<HTMLHeadingElement>(null);
  // Right after the download the button that had the focus is gone: the focus goes to what the page says now.
  const [gerade] = useState(() => art === "abgeschlossen" && downloadGestartet.jetzt);
  useEffect(() => {
    if (!gerade) return;
    downloadGestartet.jetzt = false;
    titel.current?.focus();
  }, [gerade]);
  return (
    <Notice tone={art === "fehlgeschlagen" ? "error" : "info"} className="max-w-3xl">
      <h2 ref={titel} tabIndex={-1} className="text-lg font-bold">
        {t(`personenimport:vorgang.${art}.titel`)}
      </h2>
      {gerade ? <p className="font-semibold">{t("personenimport:vorgang.abgeschlossen.geradeHeruntergeladen")}</p> : null}
      <p>{t(`personenimport:vorgang.${art}.text`)}</p>
    </Notice>
  );
}

/** The last word before the import: whom it creates, where, with which role; nothing runs until "Ja". */
function DurchfuehrenFrage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const zurueck = new URLSearchParams(location.search);
  zurueck.delete("durchfuehren");
  const titel = useRef<HTMLHeadingElement>(null);
  // With JavaScript the question replaces the page's content: the focus goes to it, not back to the top.
  useEffect(() => titel.current?.focus(), []);
  return (
    <section aria-labelledby="durchfuehren-titel" className="max-w-3xl space-y-4">
      <h2 id="durchfuehren-titel" ref={titel} tabIndex={-1} className="text-lg font-bold">
        {t("personenimport:vorgang.durchfuehren.titel")}
      </h2>
      <p>{t("personenimport:vorgang.durchfuehren.text", { count: data.anzahl, schule: data.schule ?? "", rolle: data.rolle ?? "" })}</p>
      <Notice tone="warning">
        <p>{t("personenimport:vorgang.bereit.warnung")}</p>
      </Notice>
      <div className="flex flex-wrap items-center gap-4">
        {/* The progress is a streamed page of its own: the form leaves the app, with or without JavaScript. */}
        <Form method="post" action={fortschrittAdresse(data.id)} reloadDocument>
          <button type="submit" className="btn-primary">
            {t("personenimport:vorgang.durchfuehren.bestaetigen")}
          </button>
        </Form>
        <Link to={`?${zurueck}`} className="btn-secondary">
          {t("personenimport:vorgang.durchfuehren.abbrechen")}
        </Link>
      </div>
    </section>
  );
}

function LoeschenFrage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="loeschen-titel" className="max-w-3xl space-y-4">
      <h2 id="loeschen-titel" className="text-lg font-bold">
        {t("personenimport:vorgang.loeschen.titel")}
      </h2>
      <p>{t(`personenimport:status.${data.status ?? "unbekannt"}`)}</p>
      <p>{t("personenimport:vorgang.loeschen.text")}</p>
      <div className="flex flex-wrap items-center gap-4">
        <Form method="post">
          <input type="hidden" name="art" value="loeschen" />
          <button type="submit" className="btn-danger">
            {t("personenimport:vorgang.loeschen.bestaetigen")}
          </button>
        </Form>
        <Link to={IMPORT_PFAD} className="btn-secondary">
          {t("personenimport:vorgang.loeschen.abbrechen")}
        </Link>
      </div>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = () => [{ title: pageTitle("personenimport:vorgang.titel") }];
