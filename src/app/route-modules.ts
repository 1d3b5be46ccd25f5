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

const loaded = new Map<RouteKey, RouteModule>();

/** Loads a page's code, and remembers it once it is here (see loadedRouteModule). */
function recorded(key: RouteKey, load: () => Promise<RouteModule>): () => Promise<RouteModule> {
  return () =>
    load().then((module) => {
      loaded.set(key, module);
      return module;
    });
}

/** Each page's code, a chunk of its own so the sign-in page does not download the tables. */
export const routeModules: Record<RouteKey, () => Promise<RouteModule>> = {
  login: recorded('login', () => import('./routes/login-route')),
  users: recorded('users', () => import('./routes/users-route')),
  find: recorded('find', () => import('./routes/find-route')),
  bulk: recorded('bulk', () => import('./routes/bulk-route')),
  user: recorded('user', () => import('./routes/user-route')),
  products: recorded('products', () => import('./routes/products-route')),
  account: recorded('account', () => import('./routes/account-route')),
};

/**
 * A page's code if it has arrived: start-up awaits the first page's before rendering, so the
 * router can render that page at once rather than suspend (components/lazy-component.tsx).
 */
export function loadedRouteModule(key: RouteKey): RouteModule | undefined {
  return loaded.get(key);
}

/**
 * Fetches the signed-in pages' code once the current page has settled, so the first visit to
 * each is not held up by a download. Not part of any page's first render.
 */
export function preloadSignedInRoutes() {
  for (const key of ['users', 'user', 'products', 'account'] as const) void routeModules[key]();
}
