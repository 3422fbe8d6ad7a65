import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useBeforeUnload, useBlocker, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * Warns before leaving a form with unsaved changes (an enhancement: it needs JavaScript).
 * Spread `formHandlers` on the form (after conform's props: they leave its onSubmit alone);
 * render `dialog` anywhere on the page.
 */
export function useUnsavedChangesWarning() {
  const { t } = useTranslation();
  const [dirty, setDirty] = useState(false);
  const navigation = useNavigation();
  // Submitting the form is not "leaving": neither the post nor the redirect after it.
  useEffect(() => {
    if (navigation.state === "submitting") setDirty(false);
  }, [navigation.state]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );

  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!dirty) return;
        event.preventDefault();
        event.returnValue = "";
      },
      [dirty],
    ),
  );

  const formHandlers = {
    onInput: () => setDirty(true),
    onChange: () => setDirty(true),
  };

  const dialog = (
    <Dialog open={blocker.state === "blocked"} onClose={() => blocker.reset?.()} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-lg rounded bg-white p-6 shadow-xl">
          <DialogTitle className="mb-3 text-xl font-bold">{t("unsavedChanges.title")}</DialogTitle>
          <p className="mb-4">{t("unsavedChanges.message")}</p>
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={() => blocker.reset?.()}>
              {t("unsavedChanges.stay")}
            </button>
            <button type="button" className="btn-danger" onClick={() => blocker.proceed?.()}>
              {t("unsavedChanges.leave")}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );

  return { formHandlers, dialog };
}
