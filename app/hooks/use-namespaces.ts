import { useFetchers, useMatches, useNavigation } from "@remix-run/react";
import i18next from "i18next";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { knownNamespaces, namespaceOfKey, namespacesOf, type TranslationKey } from "~/i18n";

/**
 * Loading namespaces in the browser (docs/decisions/013). Each hook asks react-i18next for namespaces, which suspends
 * the render until they are there: during a client-side navigation or a form's answer React keeps showing the
 * previous state (Remix's updates are transitions), and at hydration it waits, so the page never shows a key. On
 * the server every namespace is loaded and nothing waits.
 */

/** The namespaces the routes of the page name in `handle.i18n`; called at the top of the root layout. */
export function usePageNamespaces(): void {
  const handles = useMatches().map((match) => match.handle);
  useTranslation(["common", ...namespacesOf(handles)]);
}

/**
 * The namespaces of keys a component got as data (an error code's texts, a field message, a one-time message):
 * the error texts, for one, load only when a page shows an error.
 */
export function useNamespacesOf(keys: readonly (TranslationKey | null | undefined)[]): void {
  useTranslation(["common", ...knownNamespaces(keys.map((key) => key && namespaceOfKey(key)))]);
}

/** While a form is being sent, the error texts load alongside: a refusal then shows without a further wait. */
export function usePreloadErrorTexts(): void {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const sending = navigation.state === "submitting" || fetchers.some((fetcher) => fetcher.state === "submitting");
  useEffect(() => {
    if (sending) void i18next.loadNamespaces("errors");
  }, [sending]);
}
