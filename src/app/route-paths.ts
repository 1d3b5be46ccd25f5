export type RouteKey =
  'login' | 'overview' | 'users' | 'find' | 'bulk' | 'user' | 'products' | 'account';

/**
 * Which page's code a path needs, for the pages people land on (the router in router.tsx decides
 * what is rendered; this only says what to start downloading early). `/` goes to the users list.
 */
export const ROUTE_PATHS: readonly (readonly [RouteKey, RegExp])[] = [
  ['login', /^\/login\/?$/],
  ['users', /^\/(?:users\/?)?$/],
  // Find and Look up many are reached from a page already open, so the boot script (which every
  // page downloads) does not carry their chunk lists; they are not user ids either.
  ['user', /^\/users\/(?!(?:find|bulk)\/?$)[^/]+\/?$/],
  ['products', /^\/products\/?$/],
  ['overview', /^\/overview\/?$/],
  ['account', /^\/account\/?$/],
];

export function routeKeyFor(pathname: string): RouteKey | undefined {
  return ROUTE_PATHS.find(([, pattern]) => pattern.test(pathname))?.[0];
}
