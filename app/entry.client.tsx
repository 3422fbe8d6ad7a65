import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { rememberEarlyTextareaInput } from "~/document/early-textarea-input";
import { startI18n } from "./i18n.client";

async function hydrate() {
  // The texts the server rendered are loaded before hydration, so it never shows a key (docs/decisions/013).
  await startI18n();
  rememberEarlyTextareaInput();
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
