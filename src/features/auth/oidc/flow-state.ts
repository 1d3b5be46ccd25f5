import * as v from 'valibot';
import type { ScrollSpot } from './restore-scroll';

/** This tab's storage (lib/storage.ts's safeStorage('session'), or a stand-in in tests). */
type FlowStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The sign-in a tab started with its identity provider: what the callback must find again to
 * trust it (RFC 9700: state bound to the tab, PKCE verifier, nonce). Kept in this tab's
 * sessionStorage, never in localStorage, and taken once: a replayed or forged callback finds
 * nothing and nothing is exchanged. No React and no fetch, so it is tested on its own.
 */
export interface SignInFlow {
  state: string;
  nonce: string;
  /** PKCE code verifier: never leaves the tab except in the token request. */
  verifier: string;
  /** Where the person was going (a path of this app, already checked by safeNextPath). */
  next: string;
  /** The API profile signing in (lib/api-profile.ts): the callback completes it under that one. */
  profileKey: string;
  issuer: string;
  /** ms since 1970. */
  startedAt: number;
  /** Where the page was scrolled to, for a **Sign in again** that comes back to it. */
  scroll?: ScrollSpot;
}

/** Where the provider sends the person back (the redirect URI's path). */
export const CALLBACK_PATH = '/auth/callback';
export const FLOW_STORAGE_KEY = 'admin-console.oidc-flow';
/** A sign-in left at the provider longer than this is not completed (its code would be stale anyway). */
export const FLOW_MAX_AGE_MS = 30 * 60_000;
/** Real providers send codes and states of a few hundred characters at most. */
export const MAX_CALLBACK_PARAM_LENGTH = 2_048;
export const MAX_CALLBACK_QUERY_LENGTH = 8_192;

export type CallbackProblem =
  | { kind: 'too-long' }
  | { kind: 'no-state' }
  /** No sign-in started in this tab, another one, or one already used: forged or replayed. */
  | { kind: 'unknown-state' }
  | { kind: 'stale' };

export type TakenFlow = { ok: true; flow: SignInFlow } | { ok: false; problem: CallbackProblem };

export function saveFlow(storage: FlowStorage, flow: SignInFlow): void {
  // A second click replaces the first sign-in: only the newest state is honoured.
  storage.setItem(FLOW_STORAGE_KEY, JSON.stringify(flow));
}

/** The sign-in, without taking it (the callback may need to switch to its API profile first). */
export function peekFlow(storage: FlowStorage): SignInFlow | null {
  return readFlow(storage);
}

/**
 * The callback's parameters, checked before anything else: absurd lengths are refused unread, and
 * the state must be the one this tab stored. The stored flow is removed whatever the outcome, so
 * a link can complete a sign-in once at most.
 */
export function takeFlow(storage: FlowStorage, params: URLSearchParams, now: number): TakenFlow {
  const flow = readFlow(storage);
  storage.removeItem(FLOW_STORAGE_KEY);
  if (params.toString().length > MAX_CALLBACK_QUERY_LENGTH) {
    return { ok: false, problem: { kind: 'too-long' } };
  }
  for (const value of params.values()) {
    if (value.length > MAX_CALLBACK_PARAM_LENGTH) {
      return { ok: false, problem: { kind: 'too-long' } };
    }
  }
  const state = params.get('state');
  if (state === null || state === '') return { ok: false, problem: { kind: 'no-state' } };
  if (!flow || !sameText(flow.state, state)) {
    return { ok: false, problem: { kind: 'unknown-state' } };
  }
  if (now - flow.startedAt > FLOW_MAX_AGE_MS || now < flow.startedAt - 60_000) {
    return { ok: false, problem: { kind: 'stale' } };
  }
  return { ok: true, flow };
}

/** A spot to scroll back to: where the page was, in CSS pixels. */
const spotSchema = v.object({
  x: v.pipe(v.number(), v.finite(), v.minValue(0)),
  y: v.pipe(v.number(), v.finite(), v.minValue(0)),
});

const flowSchema = v.object({
  state: v.string(),
  nonce: v.string(),
  verifier: v.string(),
  next: v.string(),
  profileKey: v.string(),
  issuer: v.string(),
  startedAt: v.number(),
  // Only a usable spot is kept: the rest of the flow does not depend on it.
  scroll: v.fallback(v.optional(spotSchema), undefined),
});

function readFlow(storage: FlowStorage): SignInFlow | null {
  let value: unknown;
  try {
    value = JSON.parse(storage.getItem(FLOW_STORAGE_KEY) ?? 'null');
  } catch {
    return null;
  }
  const parsed = v.safeParse(flowSchema, value);
  if (!parsed.success) return null;
  const { scroll, ...flow } = parsed.output;
  return scroll ? { ...flow, scroll } : flow;
}

/** Compares without stopping at the first difference (the state is a secret of this tab). */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) {
    difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  }
  return difference === 0;
}
