import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogCancel, RouteDialog } from "~/components/route-dialog";
import type { RouteDialogControl } from "~/hooks/use-route-dialog";
import type { SetupAnswer } from "~/features/zwei-faktor/views";
import { ZweiFaktorSchritte } from "./zwei-faktor-einrichten";

/** The set-up's own address: the dialog posts there, and it is the page the dialog stands for without JavaScript. */
const SETUP_PATH = "/profile/zwei-faktor";

/**
 * Setting up one's own token as a dialog over the profile (with JavaScript; ADR 012's `?zwei-faktor-einrichten`). Its
 * forms post through a fetcher to the set-up's page action, so the profile needs no action of its own; the code's
 * success redirects to the profile, which closes the dialog and shows the new token.
 */
export function ZweiFaktorDialog({ dialog }: { dialog: RouteDialogControl }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SetupAnswer>();
  // A fresh one-time token for every QR code (the page gets one from its loader); a spent one would answer "already shown".
  const [einmal, setEinmal] = useState(() => crypto.randomUUID());
  const answer = fetcher.data;
  useEffect(() => {
    if (answer?.qr) setEinmal(crypto.randomUUID());
  }, [answer]);
  return (
    <RouteDialog
      dialog={dialog}
      title={t("zweiFaktor:self.title")}
      closeOnlyByButton={Boolean(answer)}
      // Wide only for the QR code beside its form; the introduction reads better narrow.
      size={answer && answer.step !== "start" ? "wide" : "normal"}
      startAtTitle
    >
      <ZweiFaktorSchritte
        answer={answer}
        einmal={einmal}
        forms={{ FormAs: fetcher.Form, action: SETUP_PATH, pending: fetcher.state !== "idle" }}
        cancel={<DialogCancel dialog={dialog}>{t("zweiFaktor:self.cancel")}</DialogCancel>}
      />
    </RouteDialog>
  );
}
