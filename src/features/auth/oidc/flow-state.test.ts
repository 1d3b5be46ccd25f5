import { beforeEach, describe, expect, it } from 'vitest';
import {
  FLOW_MAX_AGE_MS,
  FLOW_STORAGE_KEY,
  peekFlow,
  saveFlow,
  takeFlow,
  type SignInFlow,
} from './flow-state';

const NOW = Date.UTC(2026, 10, 26, 8, 0, 0);
const flow: SignInFlow = {
  state: 'state-1',
  nonce: 'nonce-1',
  verifier: 'verifier-1',
  next: '/users/42?tab=raw',
  profileKey: '',
  issuer: 'https://id.example.com',
  startedAt: NOW,
};
const callback = (query: string) => new URLSearchParams(query);

describe('sign-in flow state', () => {
  beforeEach(() => sessionStorage.clear());

  it('gives the flow back once for its own state, then never again (a replay finds nothing)', () => {
    saveFlow(sessionStorage, flow);
    expect(peekFlow(sessionStorage)).toEqual(flow);
    expect(takeFlow(sessionStorage, callback('code=abc&state=state-1'), NOW + 5_000)).toEqual({
      ok: true,
      flow,
    });
    expect(sessionStorage.getItem(FLOW_STORAGE_KEY)).toBeNull();
    expect(takeFlow(sessionStorage, callback('code=abc&state=state-1'), NOW + 6_000)).toEqual({
      ok: false,
      problem: { kind: 'unknown-state' },
    });
  });

  it('refuses a state this tab did not start, and forgets its own flow doing so', () => {
    saveFlow(sessionStorage, flow);
    expect(takeFlow(sessionStorage, callback('code=abc&state=forged'), NOW)).toEqual({
      ok: false,
      problem: { kind: 'unknown-state' },
    });
    expect(peekFlow(sessionStorage)).toBeNull();
  });

  it('refuses a callback without state, even an error one', () => {
    saveFlow(sessionStorage, flow);
    expect(takeFlow(sessionStorage, callback('error=access_denied'), NOW).ok).toBe(false);
  });

  it('refuses a callback with no flow started in this tab', () => {
    expect(takeFlow(sessionStorage, callback('code=abc&state=state-1'), NOW)).toEqual({
      ok: false,
      problem: { kind: 'unknown-state' },
    });
  });

  it('refuses a flow older than its limit', () => {
    saveFlow(sessionStorage, flow);
    expect(takeFlow(sessionStorage, callback('state=state-1'), NOW + FLOW_MAX_AGE_MS + 1)).toEqual({
      ok: false,
      problem: { kind: 'stale' },
    });
  });

  it('refuses 10,000-character parameters before reading them', () => {
    saveFlow(sessionStorage, flow);
    const long = 'x'.repeat(10_000);
    expect(takeFlow(sessionStorage, callback(`code=${long}&state=state-1`), NOW)).toEqual({
      ok: false,
      problem: { kind: 'too-long' },
    });
    expect(takeFlow(sessionStorage, callback(`state=${long}`), NOW).ok).toBe(false);
  });

  it('keeps the page’s scroll for Sign in again, and drops one that is not a place', () => {
    saveFlow(sessionStorage, { ...flow, scroll: { x: 0, y: 1500 } });
    expect(peekFlow(sessionStorage)?.scroll).toEqual({ x: 0, y: 1500 });
    sessionStorage.setItem(
      FLOW_STORAGE_KEY,
      JSON.stringify({ ...flow, scroll: { x: 0, y: 'far' } }),
    );
    expect(peekFlow(sessionStorage)).toEqual(flow);
  });

  it('ignores garbage in storage', () => {
    sessionStorage.setItem(FLOW_STORAGE_KEY, '{"state": 1}');
    expect(peekFlow(sessionStorage)).toBeNull();
    sessionStorage.setItem(FLOW_STORAGE_KEY, 'not json');
    expect(takeFlow(sessionStorage, callback('state=x'), NOW).ok).toBe(false);
  });
});
