import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Notice } from "~/components/notice";
import { PasswordOutput } from "~/components/password-output";
import { useHydrated } from "~/hooks/use-hydrated";
import { withReturnPath } from "~/return-path";
import { ANLEGEN_VARIANTEN, type AnlegenVariante } from "./varianten";
import type { Angelegt } from "./views";

const LIST_PATH = "/admin/personen";

/**
 * What was saved, with the username and the start password (inventory §4.9.1). The page exists only as the answer
 * to the create: reloading or leaving it loses the password, and it says so.
 */
export function AngelegtSeite({ angelegt, variante, zurueck }: { angelegt: Angelegt; variante: AnlegenVariante; zurueck: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const heading = useRef<HTMLHeadingElement>(null);
  const name = `${angelegt.vorname} ${angelegt.familienname}`;
  // The answer replaces the form: its heading takes the focus, as a new page's would (without JavaScript: autofocus).
  useEffect(() => heading.current?.focus(), []);
  const zeilen: Array<[string, string, string?]> = [
    [t("person:details.vorname"), angelegt.vorname],
    [t("person:details.familienname"), angelegt.familienname],
    ...(angelegt.kopers
      ? [
          [
            t("person:details.personalnummer"),
            angelegt.kopers.nummer ?? t("person:details.kopersMissing"),
            angelegt.kopers.nummer ? undefined : "text-danger font-semibold",
          ] as [string, string, string?],
        ]
      : []),
    [t("person:details.username"), angelegt.username],
    [t("person:anlegen.fields.organisation"), angelegt.organisation],
    [t("person:anlegen.angelegt.rollen"), angelegt.rollen],
    [t("person:anlegen.sections.befristung"), angelegt.befristung ?? t("fields.befristung.unbefristet")],
    ...(angelegt.klasse ? [[t("person:anlegen.fields.klasse"), angelegt.klasse] as [string, string, string?]] : []),
  ];
  return (
    <>
      <h1 ref={heading} tabIndex={-1} autoFocus={!hydrated} className="mb-4 text-2xl font-bold">
        {t(ANLEGEN_VARIANTEN[variante].texts.done, { name })}
      </h1>
      <p className="mb-2">{t("person:anlegen.angelegt.saved")}</p>
      <dl className="mb-6 grid max-w-2xl grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr] sm:gap-y-2">
        {zeilen.map(([label, value, className]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className={`mb-2 sm:mb-0 ${className ?? ""}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {angelegt.startpasswort ? (
        <PasswordOutput id="startpasswort" title={t("person:anlegen.angelegt.passwordTitle", { name })} password={angelegt.startpasswort}>
          <p>{t("person:password.outputUser", { username: angelegt.username })}</p>
          <p className="mt-2 print:hidden">{t("person:anlegen.angelegt.passwordInfo")}</p>
        </PasswordOutput>
      ) : (
        <Notice tone="warning" className="mb-4 max-w-xl">
          <p>{t("person:anlegen.angelegt.noPassword")}</p>
        </Notice>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={withReturnPath(`/admin/personen/${angelegt.personId}`, zurueck, LIST_PATH)} className="btn-primary">
          {t("person:anlegen.angelegt.toPerson")}
        </Link>
        <Link to={zurueck} className="btn-secondary">
          {t("person:anlegen.angelegt.backToList")}
        </Link>
        <Link to={angelegt.weitere} className="btn-secondary">
          {t(ANLEGEN_VARIANTEN[variante].texts.another)}
        </Link>
      </div>
    </>
  );
}
