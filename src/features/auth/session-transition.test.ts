import { describe, expect, it } from 'vitest';
import { API, NOW, pasted, tokenExpiringIn, usable } from '../../test/session-fixture';
import type { SessionScope } from './session-binding';
import {
  initialCore,
  transition,
  type SessionCore,
  type SessionEffect,
  type SessionEvent,
} from './session-transition';

/** The store's decisions alone: no timers, storage or channel, only effects in order. */

const SCOPE: SessionScope = { api: API, issuer: null, clientId: null };

function run(events: SessionEvent[], core: SessionCore = fresh()) {
  const effects: SessionEffect[] = [];
  const outcomes: unknown[] = [];
  for (const event of events) {
    const step = transition(core, event);
    core = step.state;
    effects.push(...step.effects);
    outcomes.push(step.outcome);
  }
  return { core, state: core.state, effects, outcomes };
}

const fresh = () => initialCore(SCOPE, { session: null, expired: null }, false, NOW);
const signIn = (sub: string | null, remember = false): SessionEvent => ({
  type: 'sign-in',
  read: usable(tokenExpiringIn(3600, sub)),
  remember,
});
const renew = (token: string, rememberNewPerson = false): SessionEvent => ({
  type: 'renew',
  read: usable(token),
  rememberNewPerson,
});
const published = (effects: SessionEffect[]) =>
  effects.flatMap((effect) => (effect.type === 'publish' ? [effect.state] : []));
const types = (effects: SessionEffect[]) =>
  effects.map((effect) => (effect.type === 'post' ? `post ${effect.message.type}` : effect.type));

describe('session transition', () => {
  it('ends once when many requests fail at once, keeping the first reason', () => {
    const { core } = run([signIn('ada')]);
    const ended = run(
      [
        { type: 'end', reason: 'unauthorized' },
        { type: 'end', reason: 'unauthorized' },
        { type: 'end', reason: 'expired' },
      ],
      core,
    );
    expect(published(ended.effects)).toHaveLength(1);
    expect(ended.state.endReason).toBe('unauthorized');
  });

  it('signs in: storage cleared, then written, then shown, a generation later', () => {
    const { state, effects, outcomes } = run([signIn('ada', true)]);
    expect(types(effects)).toEqual(['clear', 'store', 'publish']);
    expect(state).toMatchObject({ session: { remember: true }, generation: 1, asking: false });
    expect(outcomes).toEqual(['signed-in']);
  });

  it('renews the same person in place: same generation, stored over, other tabs told', () => {
    const { core } = run([signIn('ada', true)]);
    const fresh = tokenExpiringIn(7200, 'ada');
    const { state, effects, outcomes } = run([renew(fresh)], core);
    expect(outcomes).toEqual(['renewed']);
    // Overwritten, never cleared first; one change, with no ending in between.
    expect(types(effects)).toEqual(['store', 'publish', 'post session-renewed']);
    expect(state).toMatchObject({ session: { token: fresh, remember: true }, generation: 1 });
    expect(effects.at(-1)).toEqual({
      type: 'post',
      message: { type: 'session-renewed', binding: pasted('ada'), token: fresh },
    });
  });

  it('signs another person in afresh: an ending (told) first, then a new generation', () => {
    const { core } = run([signIn('ada'), { type: 'end', reason: 'unauthorized' }]);
    const other = tokenExpiringIn(3600, 'grace');
    const { state, effects, outcomes } = run([renew(other)], core);
    expect(outcomes).toEqual(['signed-in']);
    expect(types(effects)).toEqual([
      'clear',
      'publish',
      'post signed-out',
      'clear',
      'store',
      'publish',
    ]);
    expect(published(effects)[0]).toMatchObject({
      session: null,
      renewable: null,
      endReason: 'replaced',
    });
    expect(state).toMatchObject({ session: { token: other, remember: false }, generation: 2 });
  });

  it('treats tokens without a sub as another person', () => {
    const { core } = run([signIn(null)]);
    expect(run([renew(tokenExpiringIn(3600, null))], core).outcomes).toEqual(['signed-in']);
  });

  it('renews only a session it holds', () => {
    expect(() => run([renew(tokenExpiringIn(3600, 'ada'))])).toThrow(/no session to renew/);
    const { core } = run([signIn('ada'), { type: 'end', reason: 'signed-out' }]);
    expect(() => run([renew(tokenExpiringIn(3600, 'ada'))], core)).toThrow(/no session to renew/);
  });

  it('gives up a renewal on request, keeping why the session ended', () => {
    const { state } = run([
      signIn('ada'),
      { type: 'end', reason: 'expired' },
      { type: 'drop-renewal' },
    ]);
    expect(state).toMatchObject({ endReason: 'expired', renewable: null, session: null });
  });

  it('ends a session whose token is past its time when the clock is read', () => {
    const { core } = run([signIn('ada')]);
    const token = core.state.session?.token;
    expect(run([{ type: 'clock', now: NOW + 3_589_999 }], core).state.session?.token).toBe(token);
    expect(run([{ type: 'clock', now: NOW + 3_590_000 }], core).state).toMatchObject({
      session: null,
      endReason: 'expired',
    });
  });

  describe('401s', () => {
    const token = tokenExpiringIn(3600, 'ada');
    const signedIn = () => run([{ type: 'sign-in', read: usable(token), remember: true }]).core;

    it('explains a 401 on a token never answered as refused, with the token and message', () => {
      const { state, effects } = run(
        [
          { type: 'response', token, status: 401 },
          { type: 'unauthorized', message: 'Token signature is invalid' },
        ],
        signedIn(),
      );
      expect(state).toMatchObject({
        session: null,
        endReason: 'refused',
        renewable: null,
        refusal: { token, message: 'Token signature is invalid' },
      });
      expect(types(effects)).toEqual(['clear', 'publish']);
    });

    it('ends a session that was answered as unauthorized, renewable, keeping its storage', () => {
      const { state, effects } = run(
        [
          { type: 'response', token, status: 200 },
          { type: 'response', token, status: 401 },
          { type: 'unauthorized', message: 'Token revoked' },
        ],
        signedIn(),
      );
      expect(state).toMatchObject({
        endReason: 'unauthorized',
        renewable: { claims: { sub: 'ada' } },
        refusal: null,
      });
      expect(types(effects)).toEqual(['publish']);
    });

    it('ignores a 401 for an earlier token or for a request never sent', () => {
      const answered = run([{ type: 'response', token, status: 200 }], signedIn()).core;
      // Never sent (the client refused first): no 401 was noted for the current token.
      const unsent = run([{ type: 'unauthorized', message: 'Not signed in' }], answered);
      expect(unsent.state.session?.token).toBe(token);
      const fresh = tokenExpiringIn(7200, 'ada');
      const { state } = run(
        [
          renew(fresh),
          { type: 'response', token, status: 401 },
          { type: 'unauthorized', message: 'Token expired' },
        ],
        answered,
      );
      expect(state.session?.token).toBe(fresh);
    });
  });
});
