import { useLocation } from "@remix-run/react";
import { pathOf, withReturnPath } from "~/return-path";

/** The list's address with its filters, search and page: the way back from every screen it opens. */
export function useListLinks(listPath: string) {
  const location = useLocation();
  const hierher = pathOf(location);
  return {
    search: new URLSearchParams(location.search),
    linkTo: (path: string) => withReturnPath(path, hierher, listPath),
  };
}
