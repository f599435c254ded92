import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered on the server, for the inline
 * scripts Remix writes (hydration data, scroll restoration). In the browser it is empty: the
 * page's scripts are already there, and browsers hide nonces from scripts anyway.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
