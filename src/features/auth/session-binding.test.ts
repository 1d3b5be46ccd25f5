// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bindingOf,
  channelName,
  fitsScope,
  sameBinding,
  sameScope,
  sourceOf,
  type SessionScope,
} from './session-binding';

const text = fc.string({ maxLength: 12 });
const scopes = fc.record({
  api: text,
  issuer: fc.option(text, { nil: null }),
  clientId: fc.option(text, { nil: null }),
});
const withProvider = fc.record({ api: text, issuer: text, clientId: text });

describe('session binding', () => {
  it('a pasted token names no provider, whatever is configured; a provider’s names it', () => {
    const scope = {
      api: 'https://api.example.com',
      issuer: 'https://id.example.com',
      clientId: 'c',
    };
    expect(bindingOf(scope, 'pasted', 'ada')).toEqual({
      api: scope.api,
      issuer: null,
      clientId: null,
      sub: 'ada',
    });
    expect(bindingOf(scope, 'provider', 'ada')).toEqual({ ...scope, sub: 'ada' });
    expect(bindingOf(scope, 'pasted', undefined).sub).toBeNull();
    expect(() => bindingOf({ ...scope, issuer: null, clientId: null }, 'provider', 'ada')).toThrow(
      /no identity provider/,
    );
  });

  it('a binding made for a scope fits it, and tells its source', () => {
    fc.assert(
      fc.property(
        withProvider,
        fc.constantFrom('pasted', 'provider'),
        text,
        (scope, source, sub) => {
          const binding = bindingOf(scope, source, sub);
          expect(fitsScope(binding, scope)).toBe(true);
          expect(sourceOf(binding)).toBe(source);
        },
      ),
    );
  });

  it('fits no scope of another API, provider or client', () => {
    fc.assert(
      fc.property(withProvider, scopes, text, (scope, other, sub) => {
        const binding = bindingOf(scope, 'provider', sub);
        expect(fitsScope(binding, other)).toBe(sameScope(scope, other));
      }),
    );
  });

  it('sameBinding is equality of all four parts', () => {
    fc.assert(
      fc.property(
        scopes,
        scopes,
        fc.option(text, { nil: null }),
        fc.option(text, { nil: null }),
        (a, b, x, y) => {
          const left = { ...a, sub: x };
          const right = { ...b, sub: y };
          expect(sameBinding(left, right)).toBe(sameScope(a, b) && x === y);
          expect(sameBinding(left, { ...left })).toBe(true);
          expect(sameBinding(left, null)).toBe(false);
        },
      ),
    );
  });

  it('gives differently configured tabs different channels', () => {
    fc.assert(
      fc.property(text, scopes, scopes, (key, a: SessionScope, b: SessionScope) => {
        expect(channelName('c', key, a) === channelName('c', key, b)).toBe(
          a.api === b.api &&
            (a.issuer ?? '') === (b.issuer ?? '') &&
            (a.clientId ?? '') === (b.clientId ?? ''),
        );
      }),
    );
  });
});
