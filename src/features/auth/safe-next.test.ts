// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it.each([
    ['/users?page=2&sort=-name', '/users?page=2&sort=-name'],
    ['/users/user_abc', '/users/user_abc'],
    ['/products?category=Home+%26+Garden', '/products?category=Home+%26+Garden'],
  ])('follows the in-app path %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    null,
    '',
    'users',
    '//evil.example/users',
    '/\\evil.example',
    '/\\/evil.example',
    'https://evil.example/users',
    'javascript:alert(1)',
    '/\n/evil.example',
    '/\t/evil.example',
    '/login?next=/users',
    // Safe-looking until dot segments and escapes are resolved.
    '/.//evil.example',
    '/users/..//evil.example',
    '/%2e//evil.example',
    '/./\\evil.example',
  ])('refuses %s and goes to /users', (next) => {
    expect(safeNextPath(next)).toBe('/users');
  });
});

describe('loginPathFor', () => {
  it('keeps the path and query in next', () => {
    expect(loginPathFor({ pathname: '/users', search: '?page=3' })).toBe(
      '/login?next=%2Fusers%3Fpage%3D3',
    );
    expect(loginPathFor({ pathname: '/', search: '' })).toBe('/login');
  });
});
