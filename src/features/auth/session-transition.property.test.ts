// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API, NOW, PROVIDER, provided, tokenExpiringIn } from '../../test/session-fixture';
import { readCredential } from './credential';
import { sameBinding, type SessionBinding } from './session-binding';
import type { StoredRead } from './session-record';
import type { SessionEndReason, SessionState } from './session-state';
import {
  heldBinding,
  initialCore,
  transition,
  type SessionEffect,
  type SessionEvent,
  type Step,
} from './session-transition';

/**
 * Whatever happens, in whatever order: nobody's session is shown straight after another's (an
 * ending, which its listeners forget, always comes between), and every ending that is not on the
 * page forgets what the tab stored.
 */

const SCOPE = { api: API, ...PROVIDER };
const REASONS: SessionEndReason[] = [
  'signed-out',
  'expired',
  'unauthorized',
  'other-tab',
  'refused',
  'replaced',
  'renewal-refused',
];
const FORGETTING: SessionEndReason[] = ['signed-out', 'other-tab', 'replaced'];

const subs = fc.constantFrom<string | null>('ada', 'grace', null);
const bindings: fc.Arbitrary<SessionBinding> = fc.record({
  api: fc.constantFrom(API, 'https://other.example.com'),
  issuer: fc.constantFrom<string | null>(null, PROVIDER.issuer, 'https://id2.example.com'),
  clientId: fc.constantFrom<string | null>(null, PROVIDER.clientId, 'another'),
  sub: subs,
});

/** A token that is the person its binding names, and the claims a provider's comes with. */
function tokenOf(binding: SessionBinding, seconds = 3600) {
  if (binding.issuer === null) return { token: tokenExpiringIn(seconds, binding.sub) };
  return provided(binding.sub ?? '', seconds);
}

function credentialOf(binding: SessionBinding) {
  const made = tokenOf(binding);
  return 'claims' in made ? made : made.token;
}

function storedOf(binding: SessionBinding, remember: boolean): StoredRead | null {
  const read = readCredential(credentialOf(binding), NOW);
  if (!read.ok) return null;
  const { token, claims, source } = read;
  return { token, claims, source, binding, remember };
}

// Sign-ins and renewals bind to this scope: an API or provider of their own is for the others.
const own = bindings.map((binding) =>
  binding.issuer === null
    ? { ...binding, api: API, clientId: null }
    : { ...binding, api: API, ...PROVIDER },
);

const events: fc.Arbitrary<SessionEvent | null> = fc
  .oneof(
    fc.record({ binding: own, remember: fc.boolean() }).map(({ binding, remember }) => {
      const read = readCredential(credentialOf(binding), NOW);
      return read.ok ? { type: 'sign-in' as const, read, remember } : null;
    }),
    fc.record({ binding: own, remember: fc.boolean() }).map(({ binding, remember }) => {
      const read = readCredential(credentialOf(binding), NOW);
      return read.ok ? { type: 'renew' as const, read, rememberNewPerson: remember } : null;
    }),
    fc.constantFrom(...REASONS).map((reason) => ({ type: 'end' as const, reason })),
    fc.constant({ type: 'drop-renewal' as const }),
    fc.constant({ type: 'wait-over' as const }),
    fc.constantFrom(NOW, NOW + 7_200_000).map((now) => ({ type: 'clock' as const, now })),
    fc.constantFrom(200, 401, 403, 500).map((status) => ({ status })),
    fc.constant({ type: 'unauthorized' as const, message: 'No' }),
    // What storage gives is of this scope (session-record.ts drops the rest).
    fc
      .record({ binding: fc.option(own, { nil: null }), remember: fc.boolean() })
      .chain(({ binding, remember }) =>
        fc.option(bindings, { nil: null }).map((expired) => ({
          type: 'stored' as const,
          session: binding && storedOf(binding, remember),
          expired,
        })),
      ),
    bindings.map((binding) => ({ type: 'tab-signed-out' as const, binding })),
    bindings.map((binding) => ({ type: 'tab-request' as const, scope: binding, now: NOW })),
    bindings.map((binding) => ({
      type: 'tab-offer' as const,
      offer: { binding, ...tokenOf(binding) },
      now: NOW,
    })),
    bindings.map((binding) => ({
      type: 'tab-renewed' as const,
      renewal: { binding, ...tokenOf(binding, 7200) },
      now: NOW,
    })),
  )
  .map((event) => event as SessionEvent | null);

/** Runs the events (a response answers the session's own token), each step with its state before. */
function run(list: (SessionEvent | { status: number } | null)[], asking: boolean) {
  let core = initialCore(SCOPE, { session: null, expired: null }, asking, NOW);
  const steps: { before: SessionState; event: SessionEvent; step: Step }[] = [];
  for (const item of list) {
    if (item === null) continue;
    const event: SessionEvent =
      'status' in item && !('type' in item)
        ? { type: 'response', token: core.state.session?.token ?? 'none', status: item.status }
        : (item as SessionEvent);
    let step: Step;
    try {
      step = transition(core, event);
    } catch {
      continue; // Refused before any effect (no session to renew).
    }
    steps.push({ before: core.state, event, step });
    core = step.state;
  }
  return steps;
}

const runs = fc.record({
  list: fc.array(events as fc.Arbitrary<SessionEvent | { status: number } | null>, {
    maxLength: 25,
  }),
  asking: fc.boolean(),
});

const publishedOf = (effects: SessionEffect[]) =>
  effects.flatMap((effect) => (effect.type === 'publish' ? [effect.state] : []));

describe('session transition, whatever happens', () => {
  it('never shows another binding’s session straight after one held (an ending comes between)', () => {
    fc.assert(
      fc.property(runs, ({ list, asking }) => {
        let shown: SessionState | null = null;
        for (const { before, step } of run(list, asking)) {
          shown ??= before;
          for (const state of publishedOf(step.effects)) {
            const was = heldBinding(shown);
            const now = heldBinding(state);
            if (was && now) expect(sameBinding(was, now)).toBe(true);
            shown = state;
          }
        }
      }),
    );
  });

  it('every ending that is not on the page forgets: nothing held, storage cleared, tabs told', () => {
    fc.assert(
      fc.property(runs, ({ list, asking }) => {
        for (const { before, event, step } of run(list, asking)) {
          if (event.type !== 'end' || !FORGETTING.includes(event.reason)) continue;
          expect(step.state.state).toMatchObject({ session: null, renewable: null });
          const held = heldBinding(before);
          if (held === null) continue;
          const kinds = step.effects.map((effect) => effect.type);
          expect(kinds.indexOf('clear')).toBeGreaterThanOrEqual(0);
          expect(kinds.indexOf('clear')).toBeLessThan(kinds.indexOf('publish'));
          // This person's records only: the next person's may be stored already.
          expect(step.effects[kinds.indexOf('clear')]).toMatchObject({ type: 'clear', of: held });
          if (event.reason !== 'other-tab') {
            expect(step.effects).toContainEqual({
              type: 'post',
              message: { type: 'signed-out', binding: held },
            });
          }
        }
      }),
    );
  });

  it('a session held is let go only with a clear of storage, or on the page (renewable)', () => {
    fc.assert(
      fc.property(runs, ({ list, asking }) => {
        for (const { before, event, step } of run(list, asking)) {
          const gone = publishedOf(step.effects).find(
            (state) => state.session === null && state.renewable === null,
          );
          if (!heldBinding(before) || !gone || event.type === 'drop-renewal') continue;
          expect(step.effects.map((effect) => effect.type)).toContain('clear');
        }
      }),
    );
  });

  it('counts a full sign-in of another binding as a new generation, and never counts down', () => {
    fc.assert(
      fc.property(runs, ({ list, asking }) => {
        let last: SessionBinding | null = null;
        let generation = 0;
        for (const { step } of run(list, asking)) {
          for (const state of publishedOf(step.effects)) {
            expect(state.generation).toBeGreaterThanOrEqual(generation);
            const binding = state.session?.binding ?? null;
            if (binding && last && !sameBinding(binding, last)) {
              expect(state.generation).toBeGreaterThan(generation);
            }
            if (binding) last = binding;
            generation = state.generation;
          }
        }
      }),
    );
  });
});
