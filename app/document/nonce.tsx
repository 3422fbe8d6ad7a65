import { createContext } from "react";

/** The CSP nonce of this response; empty in the browser, where scripts already run (`useNonce`). */
export const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
