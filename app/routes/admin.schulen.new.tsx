import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { OrganisationAnlegen } from "~/features/organisation-anlegen/organisation-anlegen";
import { pageTitle, type I18nHandle } from "~/i18n";
import { ORGANISATION_ANLEGEN } from "~/features/organisation-anlegen/varianten";
import { organisationAnlegenAction, organisationAnlegenLoader } from "~/features/organisation-anlegen/organisation-anlegen.server";

export const handle: I18nHandle = { i18n: "schulen" };

/** Creating a school (spec section 5). */
export function loader(args: LoaderFunctionArgs) {
  return organisationAnlegenLoader(args, "schule");
}

export function action(args: ActionFunctionArgs) {
  return organisationAnlegenAction(args, "schule");
}

export default function SchuleCreate() {
  return <OrganisationAnlegen art="schule" />;
}

const { texts } = ORGANISATION_ANLEGEN.schule;

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: pageTitle(loaderData?.created ? texts.createdTitle : texts.title) },
];
