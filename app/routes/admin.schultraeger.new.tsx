import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { OrganisationAnlegen } from "~/features/organisation-anlegen/organisation-anlegen";
import { pageTitle, type I18nHandle } from "~/i18n";
import { ORGANISATION_ANLEGEN } from "~/features/organisation-anlegen/varianten";
import { organisationAnlegenAction, organisationAnlegenLoader } from "~/features/organisation-anlegen/organisation-anlegen.server";

export const handle: I18nHandle = { i18n: "schultraeger" };

/** Creating a Schulträger (spec section 5, inventory §4.16.2). */
export function loader(args: LoaderFunctionArgs) {
  return organisationAnlegenLoader(args, "schultraeger");
}

export function action(args: ActionFunctionArgs) {
  return organisationAnlegenAction(args, "schultraeger");
}

export default function SchultraegerCreate() {
  return <OrganisationAnlegen art="schultraeger" />;
}

const { texts } = ORGANISATION_ANLEGEN.schultraeger;

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: pageTitle(loaderData?.created ? texts.createdTitle : texts.title) },
];
