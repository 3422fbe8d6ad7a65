import { useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LeaveDialog } from "~/components/leave-dialog";
import { preloadModal } from "~/components/modal";
import { useLeaveGuard } from "./use-leave-guard";

/**
 * Warns before leaving a form with unsaved changes (an enhancement: it needs JavaScript).
 * Use it in the route that handles the form's post: its action data marks a refused submission.
 * Spread `formHandlers` on the form (after conform's props: they leave its onSubmit alone);
 * render `dialog` anywhere on the page.
 */
export function useUnsavedChangesWarning({
  staged = false,
  answerMeansUnsaved = true,
  samePathKeepsInput = false,
}: {
  /** Changes the page holds besides its fields (staged changes waiting for "save"). */
  staged?: boolean;
  /** Whether an answer with data (not a redirect) means refused input; not so for a form of many steps. */
  answerMeansUnsaved?: boolean;
  /** A GET of the same page carries the form's fields along (a choice that opens the rest of the form): not leaving. */
  samePathKeepsInput?: boolean;
} = {}) {
  const { t } = useTranslation();
  const [typed, setDirty] = useState(false);
  // Staged changes stop counting once the form is sent: the save's redirect is not "leaving" (an answer instead
  // renders the page anew, and the staged changes count again).
  const [sent, setSent] = useState(false);
  const dirty = typed || (staged && !sent);
  const navigation = useNavigation();
  const actionData = useActionData();
  // Submitting the form is not "leaving": neither the post nor the redirect after it.
  useEffect(() => {
    if (navigation.state !== "submitting") return;
    setDirty(false);
    setSent(true);
  }, [navigation.state]);
  // An action that answers with data instead of redirecting refused the input (e.g. a duplicate
  // name): the form still holds it unsaved, so leaving warns again. This also covers the page
  // the server rendered after a post without JavaScript.
  useEffect(() => {
    if (actionData == null || !answerMeansUnsaved) return;
    preloadModal();
    setDirty(true);
  }, [actionData, answerMeansUnsaved]);
  const blocker = useLeaveGuard(dirty, { samePathStays: samePathKeepsInput });

  const markDirty = () => {
    if (!dirty) preloadModal();
    setDirty(true);
  };
  const formHandlers = { onInput: markDirty, onChange: markDirty };

  const dialog = <LeaveDialog blocker={blocker} message={t("unsavedChanges.message")} />;

  return { formHandlers, dialog };
}
