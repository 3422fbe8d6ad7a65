import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { anlegenShouldRevalidate, PersonAnlegen } from "~/features/person-anlegen/person-anlegen-form";
import { pageTitle, type I18nHandle } from "~/i18n";
import { ANLEGEN_VARIANTEN } from "~/features/person-anlegen/varianten";
import { anlegenLoader, anlegenRouteAction } from "~/features/person-anlegen/person-anlegen-route.server";

export const handle: I18nHandle = { i18n: "person" };

/** "Andere Person (neu anlegen)": the same screen with the restricted right (inventory §4.9.2). */
export function loader(args: LoaderFunctionArgs) {
  return anlegenLoader(args, "eingeschraenkt");
}

export function action(args: ActionFunctionArgs) {
  return anlegenRouteAction(args, "eingeschraenkt");
}

export default function AnderePersonAnlegen() {
  return <PersonAnlegen variante="eingeschraenkt" />;
}

export const shouldRevalidate = anlegenShouldRevalidate;

export const meta: MetaFunction<typeof loader> = () => [{ title: pageTitle(ANLEGEN_VARIANTEN.eingeschraenkt.texts.title) }];
