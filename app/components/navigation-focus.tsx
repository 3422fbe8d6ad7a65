import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { isDialogNavigation } from "./app-link";

/**
 * After a client-side navigation the browser leaves the focus where it was (on a link that may be gone, or on the
 * body) and announces nothing, unlike a page load. So the new page's main heading takes the focus: a screen reader
 * reads it, and the next Tab starts from the top of the content.
 *
 * Left alone: the first load (the browser's own start, or a form's `autofocus`); a change of the hash only (the
 * skip link); and a submission the server refused without redirecting, where the form error or the first field to
 * correct takes the focus (`FormError`, `formProps`); and opening or closing a dialog (`RouteDialog`), which places
 * the focus itself. A submission that redirected is a new page like any other. A search form (GET) that the server
 * refused, because the browser's check had not loaded yet (docs/decisions/019), gives the focus to the first field to
 * correct, as a refused post does.
 */
export function NavigationFocus() {
  const location = useLocation();
  const navigation = useNavigation();
  const previous = useRef(location);
  // The location a form was posted to: the router keeps it as the new location when the action answers with data.
  const submittedKey = useRef<string | null>(null);
  if (navigation.state === "submitting") submittedKey.current = navigation.location.key;
  // A GET form goes straight to "loading": the new location is the search's result page.
  const searchedKey = useRef<string | null>(null);
  if (navigation.state === "loading" && navigation.formMethod?.toUpperCase() === "GET") searchedKey.current = navigation.location.key;

  useEffect(() => {
    const before = previous.current;
    previous.current = location;
    const refusedSubmission = submittedKey.current === location.key;
    submittedKey.current = null;
    const searched = searchedKey.current === location.key;
    searchedKey.current = null;
    if (before.key === location.key || refusedSubmission || isDialogNavigation(location.state)) return;
    if (before.pathname === location.pathname && before.search === location.search && before.hash !== location.hash) return;
    // After the dialogs' own focus return, which runs when a navigation unmounts them.
    const timer = setTimeout(() => (searched && focusFirstFieldToCorrect()) || focusMainHeading(), 0);
    return () => clearTimeout(timer);
  }, [location]);

  return null;
}

function focusFirstFieldToCorrect(): boolean {
  const field = document.getElementById("inhalt")?.querySelector<HTMLElement>('form [aria-invalid="true"]');
  field?.focus();
  return Boolean(field);
}

function focusMainHeading(): void {
  const main = document.getElementById("inhalt");
  const heading = main?.querySelector("h1");
  const target = heading ?? main;
  if (!target) return;
  if (target === heading && !heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  // The scroll position is the router's: the top for a new page, the remembered one when going back.
  target.focus({ preventScroll: true });
}
