import { lazy, Suspense, type ReactNode } from "react";
import { useRouteDialog } from "~/hooks/use-route-dialog";
import { pageTitle } from "~/i18n";
import type { ZweiFaktorView } from "~/features/zwei-faktor/views";
import { HARDWARE_TOKEN, TOKEN_ZURUECKSETZEN, ZWEI_FAKTOR_EINRICHTEN } from "./dialog-names";

// The dialogs load when they open (the hardware form with conform and zod): the page's own JS stays in its budget.
const TokenZuruecksetzenDialog = lazy(() =>
  import("./token-zuruecksetzen-dialog").then((module) => ({ default: module.TokenZuruecksetzenDialog })),
);
const ZweiFaktorEinrichtenDialog = lazy(() =>
  import("./zwei-faktor-einrichten-dialog").then((module) => ({ default: module.ZweiFaktorEinrichtenDialog })),
);
const HardwareTokenDialog = lazy(() => import("./hardware-token-dialog").then((module) => ({ default: module.HardwareTokenDialog })));

/**
 * The two-factor dialogs of a person's page: `?token-zuruecksetzen`, `?zwei-faktor-einrichten` (software or
 * hardware) and `?zwei-faktor-einrichten=hardware` (the hardware token form). `inline` is the dialog as a page of its
 * own (without JavaScript, or opened by its address), `dialogs` the open modal.
 */
export function useZweiFaktorDialoge({ name, view }: { name: string; view: ZweiFaktorView }): {
  inline: ReactNode | null;
  dialogs: ReactNode;
} {
  const resetDialog = useRouteDialog(TOKEN_ZURUECKSETZEN);
  const setUpDialog = useRouteDialog(ZWEI_FAKTOR_EINRICHTEN);
  const open: Array<[ReturnType<typeof useRouteDialog>, ReactNode]> = [
    [resetDialog, <TokenZuruecksetzenDialog key="reset" dialog={resetDialog} name={name} view={view} />],
    [
      setUpDialog,
      setUpDialog.value === HARDWARE_TOKEN ? (
        <HardwareTokenDialog key="hardware" dialog={setUpDialog} name={name} view={view} />
      ) : (
        <ZweiFaktorEinrichtenDialog key="setup" dialog={setUpDialog} name={name} view={view} />
      ),
    ],
  ];
  const shown = open.filter(([dialog]) => dialog.value !== null);
  const inlineContent = shown.find(([dialog]) => dialog.inline)?.[1] ?? null;
  return {
    inline: inlineContent ? <Suspense fallback={null}>{inlineContent}</Suspense> : null,
    dialogs: shown.length > 0 ? <Suspense fallback={null}>{shown.map(([, content]) => content)}</Suspense> : null,
  };
}

/** The document title of an open two-factor dialog; null when none is open. */
export function zweiFaktorDialogTitle(search: URLSearchParams, name: string): string | null {
  if (search.has(TOKEN_ZURUECKSETZEN)) return pageTitle("zweiFaktor:reset.pageTitle", { name });
  if (search.get(ZWEI_FAKTOR_EINRICHTEN) === HARDWARE_TOKEN) return pageTitle("zweiFaktor:hardware.pageTitle", { name });
  if (search.has(ZWEI_FAKTOR_EINRICHTEN)) return pageTitle("zweiFaktor:setUp.pageTitle", { name });
  return null;
}
