import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LaufProtokoll } from "~/features/mehrfach/lauf-ansicht";
import { laufAnsichtLaden } from "~/features/mehrfach/lauf-ansicht.server";
import { pageTitle, type I18nHandle } from "~/i18n";
import { withUpstreamSession } from "~/.server/responses.server";

export const handle: I18nHandle = { i18n: "mehrfach" };

/** The record of one of the user's bulk runs: what was done, what not, and a way to finish a cut-off run. */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, ({ request, params }) => laufAnsichtLaden(request, params.id));
}

export const meta: MetaFunction = () => [{ title: pageTitle("mehrfach:protokoll.titel") }];

export default function MehrfachLauf() {
  return <LaufProtokoll lauf={useLoaderData<typeof loader>()} />;
}
