import { lazy, Suspense, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DialogLink } from "~/components/route-dialog";
import { useRouteDialog } from "~/hooks/use-route-dialog";
import { pageTitle } from "~/i18n";
import type { LockView, LockActions } from "./views";
import { BestaetigungsDialog } from "./bestaetigungs-dialog";
import { ENTSPERREN, KOPERS, LOESCHEN, SPERREN, SYNCHRONISIEREN } from "./dialog-names";

// The forms with conform and zod load when their dialog opens (the page's own JS stays in its budget).
const SperrenDialog = lazy(() => import("./sperren-dialog").then((module) => ({ default: module.SperrenDialog })));
const EntsperrenDialog = lazy(() => import("./entsperren-dialog").then((module) => ({ default: module.EntsperrenDialog })));
const KopersDialog = lazy(() => import("./kopers-dialog").then((module) => ({ default: module.KopersDialog })));

/**
 * The person page's lock, delete and sync actions (inventory §4.8.7): the buttons of the status section, a section
 * for deleting and synchronising (only with the rights for them), and their dialogs. A dialog that does not fit the
 * person's state (unlock without a manual lock, KoPers without a KoPers lock) is not shown.
 */
export function useSperrDialoge({ name, locks, actions }: { name: string; locks: LockView[]; actions: LockActions }): {
  inline: ReactNode | null;
  statusButtons: ReactNode;
  actionsSection: ReactNode;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const manual = locks.find((lock) => lock.occasion === "MANUELL_GESPERRT") ?? null;
  const kopersLock = locks.some((lock) => lock.occasion === "KOPERS_GESPERRT");
  const lockDialog = useRouteDialog(SPERREN);
  const unlockDialog = useRouteDialog(ENTSPERREN);
  const kopersDialog = useRouteDialog(KOPERS);
  const deleteDialog = useRouteDialog(LOESCHEN);
  const syncDialog = useRouteDialog(SYNCHRONISIEREN);

  const shown: Array<[ReturnType<typeof useRouteDialog>, ReactNode]> = [
    [lockDialog, <SperrenDialog key="sperren" dialog={lockDialog} name={name} manual={manual} offices={actions.offices} />],
    [
      unlockDialog,
      manual ? (
        <EntsperrenDialog key="entsperren" dialog={unlockDialog} name={name} office={manual.lockedBy} kopersBleibt={kopersLock} />
      ) : null,
    ],
    [kopersDialog, kopersLock ? <KopersDialog key="kopers" dialog={kopersDialog} name={name} /> : null],
    [deleteDialog, actions.mayDelete ? <BestaetigungsDialog key="loeschen" kind={LOESCHEN} dialog={deleteDialog} name={name} /> : null],
    [syncDialog, actions.maySync ? <BestaetigungsDialog key="sync" kind={SYNCHRONISIEREN} dialog={syncDialog} name={name} /> : null],
  ];
  const open = shown.filter(([dialog, content]) => dialog.value !== null && content !== null);
  // Without JavaScript a dialog is a page of its own.
  const inlineContent = open.find(([dialog]) => dialog.inline)?.[1] ?? null;
  const inline = inlineContent ? <Suspense fallback={null}>{inlineContent}</Suspense> : null;

  const statusButtons = (
    <div className="flex flex-wrap gap-3">
      {manual ? (
        <>
          <DialogLink name={SPERREN} className="btn-primary">
            {t("personAktionen:lock.openEdit")}
          </DialogLink>
          <DialogLink name={ENTSPERREN} className="btn-secondary">
            {t("personAktionen:unlock.open")}
          </DialogLink>
        </>
      ) : (
        <DialogLink name={SPERREN} className="btn-primary">
          {t("personAktionen:lock.open")}
        </DialogLink>
      )}
      {kopersLock ? (
        <DialogLink name={KOPERS} className="btn-secondary">
          {t("personAktionen:kopers.open")}
        </DialogLink>
      ) : null}
    </div>
  );

  const actionsSection =
    actions.mayDelete || actions.maySync ? (
      <section aria-labelledby="weitere-aktionen-titel" className="mb-8 max-w-3xl">
        <h2 id="weitere-aktionen-titel" className="mb-3 text-xl font-bold">
          {t("personAktionen:actions.title")}
        </h2>
        <div className="flex flex-wrap gap-3">
          {actions.maySync ? (
            <DialogLink name={SYNCHRONISIEREN} className="btn-secondary">
              {t("personAktionen:sync.open")}
            </DialogLink>
          ) : null}
          {actions.mayDelete ? (
            <DialogLink name={LOESCHEN} className="btn-danger">
              {t("personAktionen:delete.open")}
            </DialogLink>
          ) : null}
        </div>
      </section>
    ) : null;

  const dialogs = open.length > 0 ? <Suspense fallback={null}>{open.map(([, content]) => content)}</Suspense> : null;
  return { inline, statusButtons, actionsSection, dialogs };
}

/** The document title of an open lock, delete or sync dialog; null when none is open. */
export function sperrDialogTitle(search: URLSearchParams, name: string, manual: boolean): string | null {
  if (search.has(SPERREN)) return pageTitle(manual ? "personAktionen:lock.pageTitleEdit" : "personAktionen:lock.pageTitle", { name });
  if (search.has(ENTSPERREN)) return pageTitle("personAktionen:unlock.pageTitle", { name });
  if (search.has(KOPERS)) return pageTitle("personAktionen:kopers.pageTitle", { name });
  if (search.has(LOESCHEN)) return pageTitle("personAktionen:delete.pageTitle", { name });
  if (search.has(SYNCHRONISIEREN)) return pageTitle("personAktionen:sync.pageTitle", { name });
  return null;
}
