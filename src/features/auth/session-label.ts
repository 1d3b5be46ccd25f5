import { apiLine } from '../../lib/display-text';
import { describeSubject, type TokenClaims } from './token';

/**
 * Who is signed in, as the header says it: for a session that renews itself, through what
 * ("staff@example.org · Acme SSO"); otherwise the token's name, e-mail or sub. A claim is whatever
 * the token's issuer wrote, so it is marked and cut as API text is; the provider's name is
 * config.json's, checked at start-up.
 */
export function sessionLabel(claims: TokenClaims, provider?: string): string {
  if (provider === undefined) return apiLine(describeSubject(claims), 100);
  return `${apiLine(claims.email ?? claims.sub ?? 'Signed in', 100)} · ${provider}`;
}
