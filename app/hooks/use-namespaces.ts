import { useFetchers, useMatches, useNavigation } from "@remix-run/react";
import i18next from "i18next";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { knownNamespaces, namespaceOfKey, namespacesOf, type TranslationKey } from "~/i18n";
import { useHydrated } from "./use-hydrated";

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

/**
 * The same for the messages of a form's answer (field errors, the form's error banner), but without waiting: conform
 * shows a refusal in an update of its own, outside the router's transition, where a render that waits for texts
 * hides everything up to the nearest Suspense boundary. In a dialog that hid the whole dialog, and Headless UI closes a
 * dialog that has no box any more: the refusal closed its own dialog. Until the texts are there, the message's place
 * stays empty; the live region or alert around it announces the text when it arrives. Returns whether they are there.
 * Hydration still waits for them, as everywhere: the server's page already shows the text.
 */
export function useNamespacesOfAnswer(keys: readonly (TranslationKey | null | undefined)[]): boolean {
  const hydrated = useHydrated();
  return useTranslation(["common", ...knownNamespaces(keys.map((key) => key && namespaceOfKey(key)))], { useSuspense: !hydrated }).ready;
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
