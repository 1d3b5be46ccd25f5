import type { SessionBinding, TokenSourceKind } from './session-binding';
import type { TokenClaims } from './token';

/** What the session store shows its listeners: the session, or why and how it ended. */

export interface Session {
  token: string;
  claims: TokenClaims;
  /** Kept in localStorage (this device) rather than sessionStorage (this tab). */
  remember: boolean;
  source: TokenSourceKind;
  /** Whose it is and what for (session-binding.ts). */
  binding: SessionBinding;
}

/**
 * `refused`: the API answered the first requests of a new sign-in with 401, so the token never
 * worked (another API's token, a typo); `unauthorized`: a session that did work got a 401 later;
 * `replaced`: another person signed in over it (a passing state: their session follows at once).
 */
export type SessionEndReason =
  | 'signed-out'
  | 'expired'
  | 'unauthorized'
  | 'other-tab'
  | 'refused'
  | 'replaced'
  /** The token source (the identity provider) would not renew the session. */
  | 'renewal-refused';

/** A session that worked and ended on a page (expired, or a 401): its person may renew it in place. */
export interface RenewableSession {
  claims: TokenClaims;
  remember: boolean;
  source: TokenSourceKind;
  binding: SessionBinding;
}

/** The token the API refused right after sign-in, with the API's own message, for correction. */
export interface TokenRefusal {
  token: string;
  message: string;
  source: TokenSourceKind;
}

/** What `renew` did: replaced the token in place (same person), or signed a new person in afresh. */
export type RenewOutcome = 'renewed' | 'signed-in';

/**
 * What `signIn` did: `replaced` when it ended another person's session first (their tabs told,
 * what the tab held of them forgotten), so the page starts afresh rather than where they were.
 */
export type SignInOutcome = 'signed-in' | 'replaced';

export interface SessionState {
  session: Session | null;
  /** Why the last session ended, for the sign-in page to explain; cleared on sign-in. */
  endReason: SessionEndReason | null;
  /**
   * A new tab with no session of its own is asking the console's other tabs for theirs; until
   * they answer (or do not, within SHARE_WAIT_MS) it is neither signed in nor out.
   */
  asking: boolean;
  /**
   * Set while a session that worked has ended on a page (expired, or a 401): nothing is sent, the
   * page's data stays in memory (hidden) for the same person to renew in place.
   */
  renewable: RenewableSession | null;
  /** With endReason 'refused'. */
  refusal: TokenRefusal | null;
  /** Counts full sign-ins: a renewal keeps it, so the page can tell a new person from a new token. */
  generation: number;
}
