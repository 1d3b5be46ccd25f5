import { apiLine } from '../../lib/display-text';
import { formatDateTime, formatRelative } from '../../lib/time';
import { useTimeZone } from '../../lib/time-zone';
import type { TokenClaims } from './token';

/** What a token says about itself. Nothing here is verified: the API checks the signature. */
export function TokenSummary({ claims, nowMs }: { claims: TokenClaims; nowMs: number }) {
  const zone = useTimeZone();
  const rows: [string, string][] = [
    ['Subject', claims.sub ?? '—'],
    ['E-mail', claims.email ?? '—'],
    ['Scopes', claims.scope ? claims.scope.join(', ') || '(none)' : 'not limited (no scope claim)'],
    [
      'Issued',
      claims.iat === undefined
        ? '—'
        : `${formatDateTime(claims.iat * 1000, zone)} (${formatRelative(claims.iat * 1000, nowMs)})`,
    ],
    [
      'Expires',
      `${formatDateTime(claims.exp * 1000, zone)} (${formatRelative(claims.exp * 1000, nowMs)})`,
    ],
  ];
  return (
    <section
      aria-label="What this token says"
      className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-800/60"
    >
      <p className="mb-2 text-xs text-slate-600 dark:text-slate-300">
        Decoded from the token for your information; the API verifies its signature.
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-300">{term}</dt>
            {/* Claims are whatever the token's issuer wrote: shown as API text is. */}
            <dd className="break-all">
              <bdi>{apiLine(value, 500)}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
