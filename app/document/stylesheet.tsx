import { createContext, useContext, useState } from "react";
import stylesheetHref from "~/tailwind.css";
import { useNonce } from "~/hooks/use-nonce";

/**
 * The portal's one stylesheet (about 4 kB compressed). On the first page a browser gets from the portal it comes
 * inside the document, so the page can be painted without waiting for a second request; a prefetch then puts the
 * file into the browser's cache, and every later page links it (docs/decisions/018). The root loader decides which,
 * by a mark in the portal cookie.
 */

/** The stylesheet's text, provided by the server's entry (the browser reads it back from the page). */
const StylesheetTextContext = createContext<string | null>(null);
export const StylesheetTextProvider = StylesheetTextContext.Provider;

export { stylesheetHref };

const INLINE_ID = "portal-stylesheet";

export function Stylesheet({ inline }: { inline: boolean }) {
  const nonce = useNonce();
  const serverText = useContext(StylesheetTextContext);
  // The browser decides by what the server sent, and keeps it: after a client navigation the root's data says "link",
  // but the inline copy is the page's styling and must stay (swapping it for a link would flash the page unstyled).
  const [text] = useState(() =>
    typeof document === "undefined" ? (inline ? serverText : null) : (document.getElementById(INLINE_ID)?.textContent ?? null),
  );
  if (text === null) return <link rel="stylesheet" href={stylesheetHref} />;
  return (
    <>
      <style id={INLINE_ID} nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: text }} />
      <link rel="prefetch" as="style" href={stylesheetHref} />
    </>
  );
}
