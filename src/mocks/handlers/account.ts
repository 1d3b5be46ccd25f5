import type { HttpHandler } from 'msw';
import { apiGet, type MockContext } from '../api-route.ts';
import { tokenScopes } from '../auth.ts';
import type { JwtClaims } from '../jwt.ts';

const ALL_SCOPES = ['users:read', 'products:read', 'account:read'];
const DAY_MS = 24 * 60 * 60 * 1000;

function isoSeconds(epochMs: number): string {
  return new Date(Math.floor(epochMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** A stable, id-shaped suffix for whatever `sub` the token carries (FNV-1a, base 36). */
function idSuffix(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36).padStart(7, '0');
}

const NOTES = [
  'This account exists only in the mock API that powers the console demo.',
  'Its shape is deliberately richer than anything the specification documents: nested objects,',
  'arrays of objects, nulls, booleans, numbers and long strings, so that a generic JSON view has',
  'something to show. Nothing here is persisted, and every value that is not taken from the token',
  'is invented. Plans renew, keys rotate and limits change only in the imagination of the demo.',
  'If you are reading this in a real deployment, the console is pointed at the wrong API.',
].join(' ');

/** The spec leaves `/account` undescribed; this is derived from the token so each token sees itself. */
function accountFor(claims: JwtClaims, context: MockContext) {
  const subject = typeof claims.sub === 'string' ? claims.sub : 'unknown';
  const scopes = tokenScopes(claims);
  const today = Math.floor(context.now() / DAY_MS) * DAY_MS;
  const suffix = idSuffix(subject);
  return {
    id: `acct_${suffix}`,
    email: typeof claims.email === 'string' ? claims.email : null,
    name: typeof claims.name === 'string' ? claims.name : subject,
    role: scopes === undefined ? 'admin' : 'viewer',
    scopes: scopes ?? ALL_SCOPES,
    plan: { name: 'Business', seats: 25, renews_at: isoSeconds(today + 23 * DAY_MS) },
    limits: {
      requests_per_minute: Math.round(
        (context.rateLimit.limit * 60_000) / context.rateLimit.windowMs,
      ),
      max_page_size: 100,
      api_keys: 5,
    },
    flags: { beta: true, mfa_enabled: false },
    session: {
      token_id: typeof claims.jti === 'string' ? claims.jti : null,
      issued_at: typeof claims.iat === 'number' ? isoSeconds(claims.iat * 1000) : null,
      expires_at: typeof claims.exp === 'number' ? isoSeconds(claims.exp * 1000) : null,
    },
    last_login_ip: null,
    api_keys: [
      {
        id: `key_${suffix}a`,
        label: 'CI pipeline',
        created_at: isoSeconds(today - 200 * DAY_MS),
        last_used_at: null,
      },
      {
        id: `key_${suffix}b`,
        label: 'Reporting export',
        created_at: isoSeconds(today - 45 * DAY_MS),
        last_used_at: null,
      },
    ],
    notes: NOTES,
  };
}

export function accountHandlers(context: MockContext): HttpHandler[] {
  return [
    apiGet(
      context,
      { path: '/v3/account', scope: 'account:read', kind: 'detail' },
      ({ claims }) => ({
        data: accountFor(claims, context),
      }),
    ),
  ];
}
