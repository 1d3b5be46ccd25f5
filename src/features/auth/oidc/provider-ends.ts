import type { OidcSettings } from '../../../lib/api-profile';
import { sameBinding, type SessionBinding, type SessionScope } from '../session-binding';
import type { LeaveHow } from '../session-leave';
import { CALLBACK_PATH } from './flow-state';
import { heldTokensFor } from './held-tokens';

/**
 * What a provider's session leaves when it ends (session-leave.ts says which endings): its
 * newest tokens are collected from every tab (the one ending may have got its session from
 * another and hold nothing), forgotten everywhere at once, then its refresh token is revoked at
 * the provider if it is the one configured now, and a sign-out ends the provider's session with
 * the ID token as hint. Forgetting does not wait for the network: a tab that leaves for the
 * provider's sign-in a moment later keeps nothing of the first session.
 */
export interface ProviderContext {
  settings: OidcSettings;
  profileKey: string;
  scope: SessionScope;
}

/** The network part, only once an ending needs it. */
const loadLogout = () => import('./provider-logout');

export interface EndOptions {
  origin?: string;
  go?: (url: string) => void;
}

export function leaveSession(
  provider: ProviderContext,
  binding: SessionBinding,
  how: LeaveHow,
  options: EndOptions = {},
): Promise<void> {
  const holder = heldTokensFor(provider.profileKey, provider.scope);
  // Another tab ended it, and revokes it: this tab only lets go (and answers that tab meanwhile).
  if (how === 'other-tab') {
    holder.release(binding);
    return Promise.resolve();
  }
  // Asked before forgetting: the other tabs answer, then forget, in that order.
  const collecting = holder.newest(binding);
  holder.forget(binding);
  const { settings } = provider;
  const ours = binding.issuer === settings.issuer && binding.clientId === settings.clientId;
  return collecting.then(async (held) => {
    // A record of a provider configured before (config.json changed) is only forgotten: the
    // console no longer talks to that provider (and its security policy would not let it).
    if (!ours) return;
    const logout = await loadLogout();
    await logout.endAtProvider(settings, held, how === 'sign-out', options);
  });
}

/**
 * This tab's provider session is now `binding` (null: none): from now on news of its tokens is
 * kept, and anything the tab holds for another binding (a session that ended without this tab
 * seeing it: before a reload, or before another person's sign-in) is left as an ending leaves it.
 * Not at start-up on the way back from the provider: that sign-in may have been granted on the
 * very session these tokens came from, and revoking them would revoke it; the callback settles
 * them once it knows whose the new session is.
 */
export function holdSession(
  provider: ProviderContext,
  binding: SessionBinding | null,
  atStart = false,
  path = window.location.pathname,
): void {
  const holder = heldTokensFor(provider.profileKey, provider.scope);
  holder.follow(binding);
  const held = holder.held();
  if (!held || sameBinding(held.binding, binding)) return;
  if (atStart && path === CALLBACK_PATH) return;
  void leaveSession(provider, held.binding, 'end');
}
