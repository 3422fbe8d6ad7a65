import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { Notice } from "~/components/notice";
import { RequiredFieldsNote } from "~/components/forms";
import { SaveButton } from "~/components/save-button";
import { useCurrentFormError } from "~/hooks/use-current-form-error";
import { useFormCheckedOnDemand } from "~/hooks/use-check-on-demand";
import { useUnsavedChangesWarning } from "~/hooks/use-unsaved-changes-warning";
import { pageTitle, type I18nHandle } from "~/i18n";
import { AngebotFields } from "~/features/angebote/angebot-fields";
import type { AngebotBearbeitenSchema } from "~/features/angebote/angebot-forms";
import {
  ANGEBOT_OPTIONEN,
  answerBearbeiten,
  BEARBEITEN_CONSTRAINT,
  eingabeOf,
  loadAngebotZumBearbeiten,
  requireAngebotSchreiber,
  standOf,
} from "~/features/angebote/angebot-schreiben.server";
import { guardWhileLoading } from "~/.server/guards.server";
import { withUpstreamSession } from "~/.server/responses.server";

export const handle: I18nHandle = { i18n: "angebote" };

const FORM_ID = "angebot-bearbeiten";

/**
 * Editing an offer (issue 34 §2): its name and link, and for the full right its category, merkmale and rollenarten.
 * Owner and 2FA stay as created; an offer from VIDIS is VIDIS's to change.
 */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    const [{ eingeschraenkt }, angebot] = await guardWhileLoading(requireAngebotSchreiber(request), () =>
      loadAngebotZumBearbeiten(request, params.id),
    );
    return {
      angebot: { id: angebot.id, name: angebot.name },
      vidis: Boolean(angebot.vidisAngebotId),
      eingeschraenkt,
      eingabe: eingabeOf(angebot),
      stand: standOf(angebot),
      constraint: BEARBEITEN_CONSTRAINT,
      optionen: ANGEBOT_OPTIONEN,
    };
  });
}

export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    const { eingeschraenkt } = await requireAngebotSchreiber(request);
    return answerBearbeiten(request, params.id, eingeschraenkt);
  });
}

const loadCheck = () => import("~/features/angebote/angebot-forms").then((module) => module.angebotBearbeitenCheck);

export default function AngebotBearbeiten() {
  const { t } = useTranslation();
  const { angebot, vidis, eingeschraenkt, eingabe, stand, constraint, optionen } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const konflikt = actionData && "konflikt" in actionData ? actionData.konflikt : null;
  const { formHandlers, dialog } = useUnsavedChangesWarning();
  const { form, fields, formProps } = useFormCheckedOnDemand<typeof AngebotBearbeitenSchema>({
    id: FORM_ID,
    constraint,
    loadCheck,
    lastResult: actionData?.result,
    defaultValue: { ...eingabe, kategorie: eingabe.kategorie ?? undefined, stand },
  });
  const formError = useCurrentFormError(form, actionData && "error" in actionData ? actionData : undefined);
  const details = `/admin/angebote/${angebot.id}`;

  return (
    <>
      <p className="mb-2">
        <Link to={details} className="text-primary underline">
          {t("angebote:details.zumAngebot")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{t("angebote:edit.title", { name: angebot.name })}</h1>
      {vidis ? (
        <Notice tone="info" className="max-w-3xl">
          {t("angebote:edit.vidis")}
        </Notice>
      ) : (
        <>
          <FormError
            id={`${FORM_ID}-fehler`}
            code={formError}
            // The code's own text asks for a reload; here the input stays and saving again applies it knowingly.
            message={
              formError === "MISMATCHED_REVISION" && konflikt
                ? t("angebote:edit.konflikt", { name: konflikt.name, link: konflikt.link })
                : undefined
            }
          >
            {formError === "ERWEITERUNGEN_WERDEN_ENTFERNT" ? (
              // The same form again, confirmed: the button sits outside the form and names it.
              <button type="submit" form={FORM_ID} name="bestaetigt" value="1" className="btn-danger mt-3">
                {t("angebote:edit.bestaetigen")}
              </button>
            ) : null}
          </FormError>
          <Form method="post" {...formProps} {...formHandlers} className="max-w-3xl">
            <RequiredFieldsNote />
            {/* After a conflict the form carries the state now stored: saving again overwrites it knowingly. */}
            <input type="hidden" name="stand" value={konflikt?.stand ?? stand} key={konflikt?.stand ?? stand} />
            <AngebotFields fields={fields} eingeschraenkt={eingeschraenkt} optionen={optionen} />
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to={details} className="btn-secondary">
                {t("angebote:edit.discard")}
              </Link>
              <SaveButton
                form={form}
                stored={gespeichert(eingabe, eingeschraenkt, optionen.rollenarten)}
                label={t("angebote:edit.submit")}
              />
            </div>
          </Form>
          {dialog}
        </>
      )}
    </>
  );
}

/** The fields as stored, as the form sends them (a checkbox group: its values in the form's order, one per line). */
function gespeichert(
  eingabe: ReturnType<typeof useLoaderData<typeof loader>>["eingabe"],
  eingeschraenkt: boolean,
  rollenarten: ReadonlyArray<{ value: string }>,
): Record<string, string> {
  const { name, link } = eingabe;
  if (eingeschraenkt) return { name, link };
  return {
    name,
    link,
    kategorie: eingabe.kategorie ?? "",
    zuweisung: eingabe.zuweisung.join("\n"),
    anbietenIn: eingabe.anbietenIn.join("\n"),
    rollenarten: rollenarten.flatMap(({ value }) => (eingabe.rollenarten.some((r) => r === value) ? [value] : [])).join("\n"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle("angebote:edit.title", { name: data?.angebot.name ?? "" }) },
];
