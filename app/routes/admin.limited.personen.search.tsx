import type { FieldMetadata } from "@conform-to/react";
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { RadioGroup } from "~/components/fields/radio-group";
import { FormError } from "~/components/form-error";
import { TextField } from "~/components/forms";
import { LiveRegion, Notice } from "~/components/notice";
import { SuchErgebnisKarte } from "~/features/landesbedienstete/such-ergebnis";
import { useHydrated } from "~/hooks/use-hydrated";
import { useFormCheckedOnDemand } from "~/hooks/use-check-on-demand";
import { pageTitle, type I18nHandle } from "~/i18n";
import {
  FELDER_DER_ART,
  HINZUFUEGEN_PATH,
  LANDESBEDIENSTETE_RECHTE,
  SUCH_ARTEN,
  SUCHE_PATH,
  type SuchArt,
} from "~/features/landesbedienstete/landesbedienstete";
import { pathOf, withReturnPath } from "~/return-path";
import type { sucheSchema } from "~/features/landesbedienstete/landesbedienstete-forms";
import { checkSuche, SUCHE_CONSTRAINT, searchLandesbedienstete } from "~/features/landesbedienstete/suche.server";
import { requireAdmin } from "~/.server/guards.server";
import { withUpstreamSession } from "~/.server/responses.server";

export const handle: I18nHandle = { i18n: "landesbedienstete" };

const FORM_ID = "landesbedienstete-suche";
const FIELD_NAMES = ["art", ...Object.values(FELDER_DER_ART).flat()];

/**
 * The search is a GET form: what was searched is in the URL (back, reload and bookmarks show the same result). The
 * right is checked before the upstream is asked: without it the upstream answers the search with 401, which reads as
 * "logged out" (PERSONS §1.5.3).
 */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const url = new URL(request.url);
    await requireAdmin(request, { permissions: LANDESBEDIENSTETE_RECHTE });
    const gesucht = FIELD_NAMES.some((name) => url.searchParams.has(name));
    const submission = gesucht ? checkSuche(url.searchParams) : null;
    const ergebnis = submission?.status === "success" ? await searchLandesbedienstete(request, submission.value) : null;
    const art = SUCH_ARTEN.find((candidate) => candidate === url.searchParams.get("art")) ?? "kopers";
    const here = pathOf(url);
    return {
      result: submission?.reply() ?? null,
      constraint: SUCHE_CONSTRAINT,
      art,
      ergebnis,
      hinzufuegen: ergebnis?.art === "eine" ? withReturnPath(`${HINZUFUEGEN_PATH}?person=${ergebnis.person.id}`, here, SUCHE_PATH) : null,
    };
  });
}

export default function LandesbediensteteSuche() {
  const { t } = useTranslation();
  const { ergebnis, hinzufuegen } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("landesbedienstete:suche.title")}</h1>
      <p className="mb-6 max-w-3xl">{t("landesbedienstete:suche.intro")}</p>
      {/* Every navigation starts the form from what the address says (a new search, and "Zurücksetzen" to the same
          empty address, which keeps `search` as it was): the fields take the URL's values again. */}
      <SuchForm key={location.key} />
      <div className="max-w-3xl">
        <FormError id="suche-fehler" code={ergebnis?.art === "fehler" ? ergebnis.code : null} />
      </div>
      <LiveRegion urgent={false} className="max-w-3xl">
        {ergebnis?.art === "keine" ? (
          <Notice tone="warning" title={t("landesbedienstete:suche.none.title")}>
            <p>{t("landesbedienstete:suche.none.text")}</p>
          </Notice>
        ) : null}
        {ergebnis?.art === "mehrere" ? (
          <Notice tone="warning" title={t("landesbedienstete:suche.multiple.title")}>
            <p>{t("landesbedienstete:suche.multiple.text")}</p>
          </Notice>
        ) : null}
      </LiveRegion>
      {ergebnis?.art === "eine" && hinzufuegen ? <SuchErgebnisKarte person={ergebnis.person} hinzufuegen={hinzufuegen} /> : null}
    </>
  );
}

const loadCheck = () => import("~/features/landesbedienstete/landesbedienstete-forms").then((module) => module.sucheCheck);

function SuchForm() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const [art, setArt] = useState<SuchArt>(loaded.art);
  const { fields, formProps } = useFormCheckedOnDemand<typeof sucheSchema>({
    id: FORM_ID,
    constraint: loaded.constraint,
    loadCheck,
    lastResult: loaded.result,
    defaultValue: { art: loaded.art },
  });
  const field = (name: string) => fields[name as keyof typeof fields] as FieldMetadata<string>;
  const options = SUCH_ARTEN.map((value) => ({ value, label: t(`landesbedienstete:suche.arten.${value}`) }));
  // With JavaScript only the chosen kind's fields are there (and in the URL); without it every kind's fields are,
  // each under its choice, and only the chosen kind's count. Until React runs, the server's page has them all and
  // the others are hidden from the first frame on if scripts are coming (document/scripts-mark.tsx): nothing moves
  // when they leave at hydration.
  // A kind chosen before React ran: its fields once it runs, not those of the kind the page was loaded with.
  useEffect(() => {
    const checked = document.querySelector<HTMLInputElement>(`#${FORM_ID} input[name="art"]:checked`);
    const chosen = SUCH_ARTEN.find((value) => value === checked?.value);
    if (chosen) setArt(chosen);
  }, []);
  const chooseArt = (event: FormEvent<HTMLDivElement>) => {
    const target = event.target;
    if (target instanceof HTMLInputElement && target.name === "art") setArt(target.value as SuchArt);
  };
  return (
    <section aria-labelledby="suche-titel" className="mb-6 max-w-3xl rounded border border-gray-300 p-4">
      <h2 id="suche-titel" className="mb-4 text-xl font-bold">
        {t("landesbedienstete:suche.formTitle")}
      </h2>
      <Form method="get" {...formProps} noValidate>
        <div onChange={chooseArt}>
          <RadioGroup
            field={fields.art as FieldMetadata<string>}
            legend={t("landesbedienstete:suche.art")}
            hint={t("landesbedienstete:suche.artHint")}
            options={options}
            detail={(option) =>
              !hydrated || option.value === art ? (
                <div className={option.value === art ? "mt-2" : "hidden-with-scripts mt-2"}>
                  {FELDER_DER_ART[option.value as SuchArt].map((name) => (
                    <TextField
                      key={name}
                      field={field(name)}
                      label={t(`landesbedienstete:suche.fields.${name}`)}
                      hint={name === "vorname" ? t("landesbedienstete:suche.fields.nameHint") : undefined}
                      autoComplete="off"
                    />
                  ))}
                </div>
              ) : null
            }
          />
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary">
            {t("landesbedienstete:suche.submit")}
          </button>
          <Link to={SUCHE_PATH} className="btn-secondary">
            {t("landesbedienstete:suche.reset")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("landesbedienstete:suche.pageTitle") }];
