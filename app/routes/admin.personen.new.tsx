import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { anlegenShouldRevalidate, PersonAnlegen } from "~/features/person-anlegen/person-anlegen-form";
import { pageTitle, type I18nHandle } from "~/i18n";
import { ANLEGEN_VARIANTEN } from "~/features/person-anlegen/varianten";
import { anlegenLoader, anlegenRouteAction } from "~/features/person-anlegen/person-anlegen-route.server";

export const handle: I18nHandle = { i18n: "person" };

/** Person administration's "Benutzer anlegen" (inventory §4.9.1). */
export function loader(args: LoaderFunctionArgs) {
  return anlegenLoader(args, "voll");
}

export function action(args: ActionFunctionArgs) {
  return anlegenRouteAction(args, "voll");
}

export default function BenutzerAnlegen() {
  return <PersonAnlegen variante="voll" />;
}

export const shouldRevalidate = anlegenShouldRevalidate;

export const meta: MetaFunction<typeof loader> = () => [{ title: pageTitle(ANLEGEN_VARIANTEN.voll.texts.title) }];
