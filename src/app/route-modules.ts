import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { rememberedModule, type RememberedModule } from '../components/lazy-module';

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

/**
 * Each page's code, a chunk of its own so the sign-in page does not download the tables. Once a
 * page's code has arrived the router renders it at once rather than suspending
 * (components/lazy-component.tsx): start-up awaits the first page's before rendering.
 */
export const routeModules: Record<RouteKey, RememberedModule<RouteModule>> = {
  login: rememberedModule(() => import('./routes/login-route')),
  overview: rememberedModule(() => import('./routes/overview-route')),
  users: rememberedModule(() => import('./routes/users-route')),
  find: rememberedModule(() => import('./routes/find-route')),
  bulk: rememberedModule(() => import('./routes/bulk-route')),
  user: rememberedModule(() => import('./routes/user-route')),
  products: rememberedModule(() => import('./routes/products-route')),
  account: rememberedModule(() => import('./routes/account-route')),
};

/**
 * Fetches the signed-in pages' code once the current page has settled, so the first visit to
 * each is not held up by a download. Not part of any page's first render.
 */
export function preloadSignedInRoutes() {
  for (const key of ['users', 'user', 'products', 'account'] as const) {
    routeModules[key].load().catch(() => undefined);
  }
}
