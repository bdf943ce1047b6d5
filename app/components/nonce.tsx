import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the response being rendered, for inline scripts. Provided
 * by entry.server.tsx; in the browser there is none (the page's scripts have already run).
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
