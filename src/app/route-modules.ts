import type { ComponentType } from 'react';

type RouteModule = Promise<{ Component: ComponentType }>;

/** Each page's code, a chunk of its own so the sign-in page does not download the tables. */
export const routeModules = {
  login: (): RouteModule => import('./routes/login-route'),
  users: (): RouteModule => import('./routes/users-route'),
  user: (): RouteModule => import('./routes/user-route'),
  products: (): RouteModule => import('./routes/products-route'),
  account: (): RouteModule => import('./routes/account-route'),
};

/**
 * Fetches the signed-in pages' code once the current page has settled, so the first visit to
 * each is not held up by a download. Not part of any page's first render.
 */
export function preloadSignedInRoutes() {
  for (const load of [
    routeModules.users,
    routeModules.user,
    routeModules.products,
    routeModules.account,
  ]) {
    void load();
  }
}
