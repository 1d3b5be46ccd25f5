import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/**
 * What a page's code module exports: the page, and optionally the first query it will need, so
 * start-up can ask the API for it while the page's code and React are still getting ready
 * (render-as-you-fetch). `prefetch` gets the page's URL and must not throw.
 */
export interface RouteModule {
  Component: ComponentType;
  prefetch?: (queryClient: QueryClient, url: URL) => void;
}

import type { RouteKey } from './route-paths';

export type { RouteKey };

/** Each page's code, a chunk of its own so the sign-in page does not download the tables. */
export const routeModules: Record<RouteKey, () => Promise<RouteModule>> = {
  login: () => import('./routes/login-route'),
  users: () => import('./routes/users-route'),
  find: () => import('./routes/find-route'),
  bulk: () => import('./routes/bulk-route'),
  user: () => import('./routes/user-route'),
  products: () => import('./routes/products-route'),
  account: () => import('./routes/account-route'),
};

/**
 * Fetches the signed-in pages' code once the current page has settled, so the first visit to
 * each is not held up by a download. Not part of any page's first render.
 */
export function preloadSignedInRoutes() {
  for (const key of ['users', 'user', 'products', 'account'] as const) void routeModules[key]();
}
