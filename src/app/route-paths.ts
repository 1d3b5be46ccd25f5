export type RouteKey =
  'login' | 'callback' | 'overview' | 'users' | 'find' | 'bulk' | 'user' | 'products' | 'account';

/**
 * Which page's code a path needs, for the pages people land on (the router in router.tsx decides
 * what is rendered; this only says what to start downloading early). `/` goes to the users list.
 * In any case, as the router matches (the boot script tests them with the `i` flag too).
 */
// The identity provider's callback (/auth/callback) is left out: it is a moment on the way in, and
// the boot script every page downloads need not know its chunks.
export const ROUTE_PATHS: readonly (readonly [RouteKey, RegExp])[] = [
  ['login', /^\/login\/?$/i],
  ['users', /^\/(?:users\/?)?$/i],
  // Find and Look up many are reached from a page already open, so the boot script (which every
  // page downloads) does not carry their chunk lists; they are not user ids either.
  ['user', /^\/users\/(?!(?:find|bulk)\/?$)[^/]+\/?$/i],
  ['products', /^\/products\/?$/i],
  ['overview', /^\/overview\/?$/i],
  ['account', /^\/account\/?$/i],
];

export function routeKeyFor(pathname: string): RouteKey | undefined {
  return ROUTE_PATHS.find(([, pattern]) => pattern.test(pathname))?.[0];
}
