export type RouteKey = 'login' | 'users' | 'user' | 'products' | 'account';

/**
 * Which page's code a path needs (the router in router.tsx decides what is rendered; this only
 * says what to start downloading early). `/` goes to the users list.
 */
export const ROUTE_PATHS: readonly (readonly [RouteKey, RegExp])[] = [
  ['login', /^\/login\/?$/],
  ['users', /^\/(?:users\/?)?$/],
  ['user', /^\/users\/[^/]+\/?$/],
  ['products', /^\/products\/?$/],
  ['account', /^\/account\/?$/],
];

export function routeKeyFor(pathname: string): RouteKey | undefined {
  return ROUTE_PATHS.find(([, pattern]) => pattern.test(pathname))?.[0];
}
