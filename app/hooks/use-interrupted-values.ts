import { useRouteLoaderData } from "@remix-run/react";
import type { RootLoader } from "~/root";

/**
 * The values a form held when its post was interrupted by a login (see `loginRedirect`), to fill it again; empty
 * on any other visit. Secret fields were never kept.
 */
export function useInterruptedValues(): Record<string, string> {
  return useRouteLoaderData<RootLoader>("root")?.interrupted?.values ?? {};
}
