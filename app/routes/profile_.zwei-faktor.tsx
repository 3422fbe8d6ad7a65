import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form-error";
import { PageMain } from "~/components/page-main";
import { HelpdeskHinweis } from "~/features/person/zwei-faktor-status";
import { type SetupForms, ZweiFaktorSchritte } from "~/features/profil/zwei-faktor-einrichten";
import { pageTitle, type I18nHandle } from "~/i18n";
import { newConfirmation, requireSetupPossible, setupAction } from "~/features/zwei-faktor/zwei-faktor-einrichten.server";
import type { SetupAnswer } from "~/features/zwei-faktor/views";
import { requireUser } from "~/.server/guards.server";
import { withUpstreamSession } from "~/.server/responses.server";

export const handle: I18nHandle = { i18n: ["profil", "zweiFaktor"] };

/**
 * Setting up one's own second factor (inventory §4.6.1), reached from the profile's two-factor card and from
 * `/no-second-factor` (with `zurueck`, the page that asked for it). Each step is a page: the introduction, then the
 * QR code with the code form, answered by the posts; after the code the user goes on to `zurueck` (or the profile).
 */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const user = await requireUser(request);
    const { error } = await requireSetupPossible(request, user);
    return { error, ...newConfirmation() };
  });
}

export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => setupAction(request, await requireUser(request)));
}

export default function ZweiFaktorEinrichten() {
  const { t } = useTranslation();
  const { error, einmal } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as SetupAnswer | undefined;
  const cancel = (
    <Link to="/profile" className="btn-secondary">
      {t("zweiFaktor:self.cancel")}
    </Link>
  );
  return (
    <PageMain>
      <h1 className="mb-4 text-2xl font-bold">{t("zweiFaktor:self.title")}</h1>
      {/* Room for the QR code beside its code form (ZweiFaktorSchritte). */}
      <div className="max-w-4xl">
        {error ? (
          <>
            <FormError id="zwei-faktor-status-fehler" code={error}>
              <HelpdeskHinweis />
            </FormError>
            <Link to="/profile" className="btn-secondary">
              {t("profil:title")}
            </Link>
          </>
        ) : (
          <ZweiFaktorSchritte answer={answer} einmal={einmal} forms={PAGE_FORMS} cancel={cancel} />
        )}
      </div>
    </PageMain>
  );
}

const PAGE_FORMS: SetupForms = { FormAs: Form };

export const meta: MetaFunction = () => [{ title: pageTitle("zweiFaktor:self.title") }];
