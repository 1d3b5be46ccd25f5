import { consistentTokens, readBoundCredential, type ReadCredential } from './credential';
import {
  bindingOf,
  fitsScope,
  sameBinding,
  sameScope,
  type SessionBinding,
  type SessionScope,
} from './session-binding';
import type { SessionMessage } from './session-messages';
import type { StoredRead } from './session-record';
import type {
  RenewOutcome,
  Session,
  SessionEndReason,
  SessionState,
  SignInOutcome,
} from './session-state';
import { CLOCK_SKEW_MS } from './token';

/**
 * The session store's decisions, as a pure function of its state and what happened: no timers,
 * storage or channel, only the effects the store carries out, in the order given. The order
 * matters: another person's session ends (and its listeners forget it) before the next starts.
 */

/** How long after asking a late answer is still taken (lateOfferWelcome). */
export const LATE_OFFER_MS = 5_000;

export type Usable = ReadCredential & { ok: true };

export interface SessionCore {
  /** What the listeners see. */
  state: SessionState;
  /** What this profile signs in to, as configured now. */
  scope: SessionScope;
  /** Whether the tab found a session of its own in storage at start. */
  restored: boolean;
  /** When the tab asked the other tabs for their session (ms). */
  askedAt: number;
  /**
   * The person whose session ended here (its expired record still stored, or left by Go to
   * sign-in): whether the next sign-in in this tab is the same person.
   */
  former: SessionBinding | null;
  /** A stored session is one that was in use; a token just signed in with has not been answered yet. */
  confirmedToken: string | null;
  refusedToken: string | null;
}

type Bound = { binding: SessionBinding; token: string; claims?: Session['claims'] | undefined };

export type SessionEvent =
  | { type: 'sign-in'; read: Usable; remember: boolean }
  | { type: 'renew'; read: Usable; rememberNewPerson: boolean }
  | { type: 'end'; reason: SessionEndReason }
  | { type: 'drop-renewal' }
  /** The clock read now: a session past its time (less the skew) ends. */
  | { type: 'clock'; now: number }
  | { type: 'response'; token: string; status: number }
  | { type: 'unauthorized'; message: string }
  | { type: 'wait-over' }
  /** This profile's stored record changed in another tab: what it now reads. */
  | { type: 'stored'; session: StoredRead | null; expired: SessionBinding | null }
  | { type: 'tab-signed-out'; binding: SessionBinding }
  | { type: 'tab-request'; scope: SessionScope; now: number }
  | { type: 'tab-offer'; offer: Bound; now: number }
  | { type: 'tab-renewed'; renewal: Bound; now: number };

export type SessionEffect =
  /** Show the listeners this state (each one they must see, in turn). */
  | { type: 'publish'; state: SessionState }
  /**
   * Removes the stored records: `of` this binding's (and what no one can use), never another
   * person's; `tabOnly`: this tab's only, for an end another tab caused (that tab cleared the
   * device's record, which may hold the next person's by now).
   */
  | { type: 'clear'; of?: SessionBinding; tabOnly?: boolean }
  | { type: 'store'; session: Session }
  | { type: 'post'; message: SessionMessage };

export interface Step {
  state: SessionCore;
  effects: SessionEffect[];
  /** What a sign-in or renewal did. */
  outcome?: SignInOutcome | RenewOutcome;
}

export function initialCore(
  scope: SessionScope,
  stored: { session: StoredRead | null; expired: SessionBinding | null },
  /** Whether the tab can ask the other tabs (it has a channel to them). */
  canAsk: boolean,
  askedAt: number,
): SessionCore {
  const { session } = stored;
  const asking = session === null && canAsk;
  return {
    state: { session, endReason: null, asking, renewable: null, refusal: null, generation: 0 },
    scope,
    restored: session !== null,
    askedAt,
    former: stored.expired,
    confirmedToken: session?.token ?? null,
    refusedToken: null,
  };
}

/** The binding this tab holds: its session's, or the one that ended on the page. */
export function heldBinding(state: SessionState): SessionBinding | null {
  return (state.session ?? state.renewable)?.binding ?? null;
}

/** Throws, before any effect, when a token cannot be taken (a provider no longer configured). */
export function transition(core: SessionCore, event: SessionEvent): Step {
  const step: Step = { state: core, effects: [] };
  const { state } = core;
  switch (event.type) {
    case 'sign-in':
      step.outcome = adopt(step, sessionOf(core, event.read, event.remember), false);
      break;
    case 'renew':
      renew(step, event.read, event.rememberNewPerson);
      break;
    case 'end':
      end(step, event.reason);
      break;
    case 'drop-renewal':
      if (state.renewable) {
        step.state = { ...core, former: state.renewable.binding };
        publish(step, { ...state, renewable: null });
      }
      break;
    case 'clock':
      if (state.session && pastItsTime(state.session, event.now)) end(step, 'expired');
      break;
    case 'response':
      if (event.token !== state.session?.token) break;
      if (event.status === 401) step.state = { ...core, refusedToken: event.token };
      // Past authentication: an answer, or a refusal of this one resource.
      else if (isPastAuthentication(event.status)) {
        step.state = { ...core, confirmedToken: event.token };
      }
      break;
    case 'unauthorized':
      // A 401 for an earlier token (renewed meanwhile), or for a request never sent, says
      // nothing about this one.
      if (!state.session || core.refusedToken !== state.session.token) break;
      if (core.confirmedToken === state.session.token) end(step, 'unauthorized');
      else end(step, 'refused', event.message);
      break;
    case 'wait-over':
      if (state.asking) publish(step, { ...state, asking: false });
      break;
    case 'stored':
      followStorage(step, event.session, event.expired);
      break;
    case 'tab-signed-out':
      if (sameBinding(event.binding, heldBinding(state))) end(step, 'other-tab');
      break;
    case 'tab-request':
      // Only a tab configured as this one is (API, provider, client) is answered.
      if (!sameScope(event.scope, core.scope)) break;
      // A token past its time is never offered: the session ends instead.
      if (state.session && pastItsTime(state.session, event.now)) end(step, 'expired');
      else if (state.session) post(step, 'session-offer', state.session);
      break;
    case 'tab-offer':
      takeOffer(step, event.offer, event.now);
      break;
    case 'tab-renewed':
      followRenewal(step, event.renewal, event.now);
      break;
  }
  return step;
}

function pastItsTime(session: Session, now: number): boolean {
  return session.claims.exp * 1000 - CLOCK_SKEW_MS <= now;
}

function isPastAuthentication(status: number): boolean {
  return (status >= 200 && status < 300) || status === 403 || status === 404;
}

function publish(step: Step, state: SessionState, patch: Partial<SessionCore> = {}) {
  step.state = { ...step.state, ...patch, state };
  step.effects.push({ type: 'publish', state });
}

function post(step: Step, type: 'session-offer' | 'session-renewed', session: Session) {
  const { binding, token, claims } = session;
  const message = { type, binding, token, ...(session.source === 'provider' && { claims }) };
  step.effects.push({ type: 'post', message });
}

function sessionOf(core: SessionCore, read: Usable, remember: boolean): Session {
  const { token, claims, source } = read;
  return { token, claims, remember, source, binding: bindingOf(core.scope, source, claims.sub) };
}

/** Without a `sub` there is no telling who it is: that is never "the same person". */
export function isSamePerson(state: SessionState, binding: SessionBinding): boolean {
  return binding.sub !== null && sameBinding(heldBinding(state), binding);
}

const RENEWABLE_ENDS: ReadonlySet<SessionEndReason> = new Set([
  'expired',
  'unauthorized',
  'renewal-refused',
]);

/**
 * Idempotent: several failing requests at once end the session once, with the first reason.
 * An expiry or a 401 ends it on the page, renewable: nothing is cleared or broadcast (an expired
 * token is never read back from storage, and every tab of it expires by its own timer).
 */
function end(step: Step, reason: SessionEndReason, message = '') {
  const { state } = step.state;
  const session = state.session;
  const told = reason === 'signed-out' || reason === 'replaced';
  if (!session) {
    // Ended on a page and waiting for a renewal: only a sign-out goes further.
    const renewable = state.renewable;
    if (renewable && (told || reason === 'other-tab')) {
      step.effects.push(forgetStored(reason, renewable.binding));
      publish(step, { ...state, endReason: reason, renewable: null });
      if (told) step.effects.push(signedOut(renewable.binding));
    }
    return;
  }
  const renewable = RENEWABLE_ENDS.has(reason);
  const { claims, remember, source, binding } = session;
  if (!renewable) step.effects.push(forgetStored(reason, binding));
  publish(step, {
    session: null,
    endReason: reason,
    asking: false,
    renewable: renewable ? { claims, remember, source, binding } : null,
    refusal: reason === 'refused' ? { token: session.token, message, source } : null,
    generation: state.generation,
  });
  if (told) step.effects.push(signedOut(binding));
}

/**
 * What an ending removes from storage: this person's records only, as another person may have
 * stored theirs meanwhile (signed in in another tab, kept on the device).
 */
function forgetStored(reason: SessionEndReason, binding: SessionBinding): SessionEffect {
  return reason === 'other-tab'
    ? { type: 'clear', of: binding, tabOnly: true }
    : { type: 'clear', of: binding };
}

function signedOut(binding: SessionBinding): SessionEffect {
  return { type: 'post', message: { type: 'signed-out', binding } };
}

function started(session: Session, generation: number): SessionState {
  return { session, endReason: null, asking: false, renewable: null, refusal: null, generation };
}

function adopt(step: Step, session: Session, confirmed: boolean): SignInOutcome {
  const before = heldBinding(step.state.state) ?? step.state.former;
  const replaced = before !== null && !sameBinding(before, session.binding);
  step.state = { ...step.state, former: null };
  // Another person's session ends everywhere, and what the tab held of it is forgotten (by the
  // listeners of a state without a session), before the new one starts.
  const { state } = step.state;
  if (replaced && (state.session || state.renewable)) end(step, 'replaced');
  else if (replaced) {
    publish(step, { ...state, endReason: 'replaced' });
    step.effects.push(signedOut(before));
  }
  step.effects.push({ type: 'clear' }, { type: 'store', session });
  publish(step, started(session, step.state.state.generation + 1), {
    confirmedToken: confirmed ? session.token : null,
  });
  return replaced ? 'replaced' : 'signed-in';
}

/** The same person's new token, already answered by the API: swapped in without a new sign-in. */
function replaceToken(step: Step, read: Usable, write: boolean) {
  const { state } = step.state;
  const held = state.session ?? state.renewable;
  const session = sessionOf(step.state, read, held?.remember ?? false);
  // Overwritten, never removed first: a removal would read as a sign-out in the other tabs.
  if (write) step.effects.push({ type: 'store', session });
  publish(step, started(session, state.generation), { confirmedToken: session.token });
}

function renew(step: Step, read: Usable, rememberNewPerson: boolean) {
  const { state, scope } = step.state;
  if (!state.session && !state.renewable) throw new Error('There is no session to renew.');
  if (isSamePerson(state, bindingOf(scope, read.source, read.claims.sub))) {
    replaceToken(step, read, true);
    post(step, 'session-renewed', step.state.state.session as Session);
    step.outcome = 'renewed';
    return;
  }
  // Someone else: the first person's session ends everywhere first (adopt).
  adopt(step, sessionOf(step.state, read, rememberNewPerson), true);
  step.outcome = 'signed-in';
}

/**
 * An offer that comes after the wait is still taken while this tab has done nothing since it
 * asked (no sign-in, no sign-out, no ended session): a start-up busy past SHARE_WAIT_MS runs
 * its timer before the answer that arrived in time, and the person would be asked to sign in
 * for nothing.
 */
function lateOfferWelcome(core: SessionCore, now: number): boolean {
  const { state } = core;
  return (
    !core.restored &&
    state.session === null &&
    state.renewable === null &&
    state.endReason === null &&
    state.generation === 0 &&
    now - core.askedAt < LATE_OFFER_MS
  );
}

function takeOffer(step: Step, offer: Bound, now: number) {
  const core = step.state;
  if (
    !(core.state.asking || lateOfferWelcome(core, now)) ||
    !fitsScope(offer.binding, core.scope)
  ) {
    return;
  }
  const read = readBoundCredential(offer, now);
  // Kept for this tab only: a shared session never reaches localStorage on its own.
  // An unusable offer (expired in transit): keep waiting for another, or for sign-in.
  if (read.ok) adopt(step, sessionOf(core, read, false), true);
}

/**
 * Another tab renewed this session: its token is taken, in place, when it is this binding's
 * and follows on from the token held here (the same issuer, audience and person, as far as the
 * tokens show).
 */
function followRenewal(step: Step, renewal: Bound, now: number) {
  const { state } = step.state;
  const held = state.session ?? state.renewable;
  if (!held || !isSamePerson(state, renewal.binding) || renewal.token === state.session?.token) {
    return;
  }
  const read = readBoundCredential(renewal, now);
  const previous = state.session?.source === 'provider' ? state.session.token : null;
  if (!read.ok || (previous !== null && !consistentTokens(previous, read.token))) return;
  // Kept as this tab kept its own: a tab-only session stays out of localStorage.
  replaceToken(step, read, !held.remember);
}

// A token remembered on this device changed in another tab: follow it.
function followStorage(step: Step, session: StoredRead | null, expired: SessionBinding | null) {
  if (expired) step.state = { ...step.state, former: expired };
  const { state } = step.state;
  if (session === null) {
    // A session that ended on a page ignores this: the expired token being dropped by a tab that
    // read it back is no sign-out (a real one also comes over the channel).
    if (state.session) end(step, 'other-tab');
  } else if (session.token !== state.session?.token) {
    if (isSamePerson(state, session.binding)) {
      replaceToken(step, { ok: true, ...session }, false);
    } else {
      // Another person signed in elsewhere: this tab's person is forgotten first.
      end(step, 'other-tab');
      publish(step, started(session, step.state.state.generation + 1), {
        confirmedToken: session.token,
      });
    }
  }
}
