import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Notice } from "~/components/notice";
import type { TranslationKey } from "~/i18n";
import { type Eintrag } from "./vormerkung";
import type { Hinweis } from "./views";

/** Pieces of a Schulträger's school assignment page (`/admin/schultraeger/{id}/schulen`, decision 020). */

/** The Träger the page is about, its form, and the way back to its details. */
export function SeitenKopf({ traeger, zurueck }: { traeger: { id: string; name: string; schulform: TranslationKey }; zurueck: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="mb-2">
        <Link to={zurueck} className="text-primary underline">
          {t("schultraegerSchulen:backToTraeger")}
        </Link>
      </p>
      <h1 className="mb-2 text-2xl font-bold">{t("schultraegerSchulen:title", { name: traeger.name })}</h1>
      <p className="mb-4">
        {t("schultraeger:fields.form")}: {t(traeger.schulform)}
      </p>
    </>
  );
}

/** Schools with a checkbox each, named by the school: ticked ones are staged (`weg` to remove, `hinzu` to add). */
export function SchulAuswahl({
  legend,
  name,
  schulen,
  checked,
  gesperrt = null,
}: {
  legend: string;
  name: "hinzu" | "weg";
  schulen: Eintrag[];
  checked: ReadonlySet<string>;
  /** At the maximum of changes: only these (the ticked ones) can still change; the preview says why. */
  gesperrt?: ReadonlySet<string> | null;
}) {
  return (
    <fieldset className="mb-4">
      <legend className="mb-2 font-semibold">{legend}</legend>
      <ul className="space-y-1">
        {schulen.map((schule) => (
          <li key={schule.id}>
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                name={name}
                value={schule.id}
                defaultChecked={checked.has(schule.id)}
                disabled={gesperrt !== null && !gesperrt.has(schule.id)}
                aria-describedby={gesperrt !== null && !gesperrt.has(schule.id) ? "vorschau-grenze" : undefined}
                className="mt-1 h-5 w-5 shrink-0"
              />
              <span>{schule.label}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** One part of the preview: a heading with the count and the schools, nothing when empty. */
export function VorschauListe({ titel, schulen }: { titel: TranslationKey; schulen: Eintrag[] }) {
  const { t } = useTranslation();
  if (schulen.length === 0) return null;
  return (
    <>
      <h3 className="font-semibold">{t(titel, { count: schulen.length })}</h3>
      <ul className="mb-3 ml-6 list-disc">
        {schulen.map((schule) => (
          <li key={schule.id}>{schule.label}</li>
        ))}
      </ul>
    </>
  );
}

/** The search's schools to add, or that it found none; it says when there were more than it shows. */
export function Treffer({
  treffer,
  suche,
  gesperrt,
}: {
  treffer: { schulen: Eintrag[]; weitere: boolean; limit: number };
  suche: string;
  gesperrt: ReadonlySet<string> | null;
}) {
  const { t } = useTranslation();
  if (treffer.schulen.length === 0) return <p className="mb-4">{t("schultraegerSchulen:hinzufuegen.keineTreffer", { suche })}</p>;
  return (
    <>
      <SchulAuswahl
        legend={t("schultraegerSchulen:hinzufuegen.treffer", { count: treffer.schulen.length })}
        name="hinzu"
        schulen={treffer.schulen}
        checked={new Set()}
        gesperrt={gesperrt}
      />
      {treffer.weitere ? <p className="mb-4">{t("schultraegerSchulen:hinzufuegen.weitere", { limit: treffer.limit })}</p> : null}
    </>
  );
}

/** Why the staged set is not as the address asked: it could not be read, or changes were skipped since. */
export function LadeHinweis({ hinweis }: { hinweis: NonNullable<Hinweis> }) {
  const { t } = useTranslation();
  if (hinweis.art === "fehler") {
    return (
      <Notice tone="warning" className="mb-4">
        <p>{t(`schultraegerSchulen:hinweis.${hinweis.fehler}`)}</p>
      </Notice>
    );
  }
  return (
    <Notice tone="warning" className="mb-4">
      <p>{t("schultraegerSchulen:hinweis.uebersprungen")}</p>
      <ul className="ml-6 list-disc">
        {hinweis.uebersprungen.map((schule) => (
          <li key={`${schule.art}/${schule.id}`}>{t(`schultraegerSchulen:grund.${schule.grund}`, { schule: schule.label })}</li>
        ))}
      </ul>
    </Notice>
  );
}
