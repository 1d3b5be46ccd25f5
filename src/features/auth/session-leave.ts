import { sameBinding, type SessionBinding } from './session-binding';
import type { SessionState } from './session-store';

/**
 * The one rule for what a provider's session leaves behind when it ends. A tab holds a provider's
 * session while it has it or while it ended on the page for its person to renew (expired, a 401,
 * a refused renewal). Every other way out leaves it: Sign out, Go to sign-in after an expiry or
 * a refusal, another person signing in, a token the API refused, another tab's sign-out. Its
 * refresh token is then revoked and every tab forgets it (or, when another tab ended it, this tab
 * lets that tab do so: `other-tab`); a sign-out here also ends the provider's session.
 */
export type LeaveHow = 'sign-out' | 'other-tab' | 'end';

export interface Leaving {
  binding: SessionBinding;
  how: LeaveHow;
}

/** The provider's session this tab holds in `state`, live or ended on the page. */
export function providerBinding(state: SessionState): SessionBinding | null {
  const held = state.session ?? state.renewable;
  return held?.source === 'provider' ? held.binding : null;
}

/** The provider's session that `next` no longer holds, and how it went; null if none. */
export function leftSession(previous: SessionState, next: SessionState): Leaving | null {
  const before = providerBinding(previous);
  if (before === null || sameBinding(before, providerBinding(next))) return null;
  const how: LeaveHow =
    next.endReason === 'signed-out'
      ? 'sign-out'
      : next.endReason === 'other-tab'
        ? 'other-tab'
        : 'end';
  return { binding: before, how };
}
