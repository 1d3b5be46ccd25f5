import * as v from 'valibot';
import { profileScopedName, type ApiProfile } from '../../lib/api-profile';
import { DEMO_SESSION_API } from './session-storage-key';

/**
 * Whose a token is and what it is for: the API it is sent to, the identity provider and client
 * that issued it (none for a pasted token), and the person (`sub`). Every stored session and held
 * tokens record and every message between tabs carries one; a reader compares it with its own and
 * drops what differs, so a tab never adopts a token of another API, provider or person
 * (docs/security.md).
 */

/**
 * Where a session's token came from: pasted by the person, who is asked for the next one, or
 * issued by an identity provider, which renews it by itself.
 */
export type TokenSourceKind = 'pasted' | 'provider';

/** What an API profile signs in to, as config.json says now: the API, and its provider if any. */
export interface SessionScope {
  /** The API's base URL (or DEMO_SESSION_API in demo mode). */
  api: string;
  issuer: string | null;
  clientId: string | null;
}

export interface SessionBinding extends SessionScope {
  /**
   * The person: the provider's ID token's `sub`, or a pasted token's own. Null only for a pasted
   * token without one, which is never taken for anyone's.
   */
  sub: string | null;
}

/** A profile's scope: demo sessions name DEMO_SESSION_API, never the origin the demo runs on. */
export function scopeOfProfile(profile: ApiProfile): SessionScope {
  const { target, oidc } = profile;
  return {
    api: target.mode === 'demo' ? DEMO_SESSION_API : target.baseUrl,
    issuer: oidc?.issuer ?? null,
    clientId: oidc?.clientId ?? null,
  };
}

export const scopeSchema = v.object({
  api: v.string(),
  issuer: v.nullable(v.string()),
  clientId: v.nullable(v.string()),
});

export const bindingSchema = v.object({ ...scopeSchema.entries, sub: v.nullable(v.string()) });

/** The one place a binding is made: a pasted token names no provider, whatever is configured. */
export function bindingOf(
  scope: SessionScope,
  source: TokenSourceKind,
  sub: string | undefined,
): SessionBinding {
  if (source === 'pasted')
    return { api: scope.api, issuer: null, clientId: null, sub: sub ?? null };
  if (scope.issuer === null || scope.clientId === null) {
    throw new Error('This API has no identity provider configured any more: sign in again.');
  }
  return { api: scope.api, issuer: scope.issuer, clientId: scope.clientId, sub: sub ?? null };
}

export function sourceOf(binding: SessionBinding): TokenSourceKind {
  return binding.issuer === null ? 'pasted' : 'provider';
}

export function sameScope(a: SessionScope, b: SessionScope): boolean {
  return a.api === b.api && a.issuer === b.issuer && a.clientId === b.clientId;
}

export function sameBinding(a: SessionBinding | null, b: SessionBinding | null): boolean {
  if (a === null || b === null) return a === b;
  return sameScope(a, b) && a.sub === b.sub;
}

/**
 * Whether a binding belongs to this profile as configured now: the same API, and either a pasted
 * token's or the configured provider's and client's. A record made before config.json named
 * another API or provider does not.
 */
export function fitsScope(binding: SessionBinding, scope: SessionScope): boolean {
  if (binding.api !== scope.api) return false;
  if (binding.issuer === null) return binding.clientId === null;
  return binding.issuer === scope.issuer && binding.clientId === scope.clientId;
}

/**
 * A tab channel's name: per profile, and per API, provider and client, so tabs configured
 * differently (config.json changed between them) never hear each other. The messages carry their
 * binding as well, and that is what is checked.
 */
export function channelName(base: string, profileKey: string, scope: SessionScope): string {
  const parts = [scope.api, scope.issuer ?? '', scope.clientId ?? ''].map(encodeURIComponent);
  return `${profileScopedName(base, profileKey)}|${parts.join('|')}`;
}
