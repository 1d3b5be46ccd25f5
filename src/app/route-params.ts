import { createContext, useContext } from 'react';

export type RouteParams = Readonly<Record<string, string | undefined>>;

/** The matched route's parameters (`:id` of /users/:id), set by the router (router.tsx). */
export const RouteParamsContext = createContext<RouteParams>({});

export function useRouteParams(): RouteParams {
  return useContext(RouteParamsContext);
}
