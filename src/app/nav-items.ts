/**
 * The console's pages in the header, and what a token's `scope` claim leaves of each. The claim
 * arrives as a list whichever form the token had (an array, or a space-separated string):
 * features/auth/token.ts reads both. A token without a `scope` claim is not limited.
 */

export interface NavItemSpec {
  to: string;
  label: string;
  /** The scopes the page reads with: any one of them opens it. */
  scopes: readonly string[];
}

export const NAV_ITEMS: readonly NavItemSpec[] = [
  // Either half of it works with either scope (the other half says what it lacks).
  { to: '/overview', label: 'Overview', scopes: ['users:read', 'products:read'] },
  { to: '/users', label: 'Users', scopes: ['users:read'] },
  { to: '/products', label: 'Products', scopes: ['products:read'] },
  { to: '/account', label: 'Account', scopes: ['account:read'] },
];

export type NavAccess =
  | { kind: 'open' }
  /** Some of what the page needs: it opens, and names what it lacks. */
  | { kind: 'partial'; reason: string }
  | { kind: 'unavailable'; reason: string };

/** How much of a page a token with these scopes (undefined: no `scope` claim) may read. */
export function navAccess(
  needs: readonly string[],
  granted: readonly string[] | undefined,
): NavAccess {
  if (granted === undefined) return { kind: 'open' };
  const missing = needs.filter((scope) => !granted.includes(scope));
  if (missing.length === 0) return { kind: 'open' };
  const reason = `your token lacks the ${missing.join(' and ')} scope${missing.length > 1 ? 's' : ''}`;
  return missing.length === needs.length
    ? { kind: 'unavailable', reason }
    : { kind: 'partial', reason };
}
