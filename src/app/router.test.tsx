import { describe, expect, it } from 'vitest';
import { routeKeyFor } from './route-paths';
import { matchRoute } from './router';

/** Which page a path shows, and the user page's id. */
function shown(pathname: string) {
  const match = matchRoute(pathname);
  return match.page === 'signed-in'
    ? { pattern: match.pattern, ...(match.params.id === undefined ? {} : { id: match.params.id }) }
    : match.page;
}

describe('matchRoute (the console’s URLs, as React Router’s <Routes> matched them)', () => {
  it('matches each page, with or without a trailing slash, in any case', () => {
    expect(shown('/login')).toBe('login');
    expect(shown('/login/')).toBe('login');
    expect(shown('/LOGIN')).toBe('login');
    expect(shown('/auth/callback')).toBe('callback');
    expect(shown('/')).toBe('home');
    expect(shown('/overview')).toEqual({ pattern: '/overview' });
    expect(shown('/users')).toEqual({ pattern: '/users' });
    expect(shown('/Users/')).toEqual({ pattern: '/users' });
    expect(shown('/products')).toEqual({ pattern: '/products' });
    expect(shown('/account')).toEqual({ pattern: '/account' });
  });

  it('prefers Find and Look up many over a user id, and takes any other segment as an id', () => {
    expect(shown('/users/find')).toEqual({ pattern: '/users/find' });
    expect(shown('/users/bulk/')).toEqual({ pattern: '/users/bulk' });
    expect(shown('/users/42')).toEqual({ pattern: '/users/:id', id: '42' });
    expect(shown('/users/finder')).toEqual({ pattern: '/users/:id', id: 'finder' });
  });

  it('decodes the id, keeping an encoded slash inside it, and leaves a malformed one as it is', () => {
    expect(shown('/users/ada%40example.com')).toEqual({
      pattern: '/users/:id',
      id: 'ada@example.com',
    });
    expect(shown('/users/a%2Fb')).toEqual({ pattern: '/users/:id', id: 'a/b' });
    expect(shown('/users/%E0%A4%A')).toEqual({ pattern: '/users/:id', id: '%E0%A4%A' });
    expect(shown('/users/%F0%9F%A6%8A')).toEqual({ pattern: '/users/:id', id: '🦊' });
  });

  it('shows Not found for anything else', () => {
    expect(shown('/users/42/extra')).toBe('not-found');
    expect(shown('/login/x')).toBe('not-found');
    expect(shown('/nope')).toBe('not-found');
    expect(shown('/auth')).toBe('not-found');
  });
});

describe('routeKeyFor (the code the boot script starts downloading)', () => {
  it('names the page the router shows, in any case and with a trailing slash', () => {
    const pages: [string, ReturnType<typeof routeKeyFor>][] = [
      ['/', 'users'],
      ['/USERS/', 'users'],
      ['/Login', 'login'],
      ['/Users/user_1', 'user'],
      ['/users/FIND', undefined],
      ['/users/Bulk/', undefined],
      ['/PRODUCTS/', 'products'],
      ['/Overview', 'overview'],
      ['/ACCOUNT', 'account'],
      ['/users/1/x', undefined],
    ];
    for (const [path, key] of pages) expect(routeKeyFor(path), path).toBe(key);
    // Find and Look up many are the router's own pages, not a user id.
    expect(shown('/users/FIND')).toEqual({ pattern: '/users/find' });
  });
});
