import { useContext } from "react";
import { NonceContext } from "~/document/nonce";

/** The CSP nonce of this response; empty in the browser, where scripts already run. */
export const useNonce = () => useContext(NonceContext);
