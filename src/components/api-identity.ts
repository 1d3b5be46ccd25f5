import { createContext, use } from 'react';

/**
 * Which API the console talks to, as a ticket or a log file names it. The app provides it (from
 * its environment, later the API profile); shared components read it without reaching up into
 * the app. A module of its own (no JSX) so that it adds next to nothing to first render.
 */
export type ApiIdentity = { readonly name: string; readonly baseUrl: string };

export const ApiIdentityContext = createContext<ApiIdentity | null>(null);

const UNKNOWN: ApiIdentity = { name: 'unknown', baseUrl: 'unknown' };

export function useApiIdentity(): ApiIdentity {
  return use(ApiIdentityContext) ?? UNKNOWN;
}
