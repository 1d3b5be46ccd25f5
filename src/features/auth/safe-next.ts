export const DEFAULT_AFTER_SIGN_IN = '/users';

/**
 * Where to go after sign-in. Only a path inside this app is followed: anything a browser could
 * read as another origin (`//host`, `/\host`, `https://…`, control characters) is refused so the
 * sign-in page cannot be used as an open redirect.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return DEFAULT_AFTER_SIGN_IN;
  try {
    const base = 'https://console.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return DEFAULT_AFTER_SIGN_IN;
    // Checked again after the URL parser has resolved dot segments and percent-escapes:
    // "/.//evil.example" and "/%2e//evil.example" normalise to "//evil.example", which the router
    // would read as another host (and refuse by throwing).
    if (url.pathname.startsWith('//') || url.pathname.startsWith('/\\')) {
      return DEFAULT_AFTER_SIGN_IN;
    }
    if (url.pathname === '/login') return DEFAULT_AFTER_SIGN_IN;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
}

/** The sign-in URL that brings the person back to where they were. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const here = `${location.pathname}${location.search}`;
  return here === '/' ? '/login' : `/login?next=${encodeURIComponent(here)}`;
}
