import * as v from 'valibot';
import { readStored, removeStored, writeStored, type StorageArea } from '../../lib/storage';
import { claimsSchema, readBoundCredential, type ReadCredential } from './credential';
import {
  bindingSchema,
  fitsScope,
  type SessionBinding,
  type SessionScope,
} from './session-binding';
import { parseToken, type TokenClaims } from './token';

/**
 * A session as stored: in sessionStorage (this tab), or localStorage when a pasted token is kept
 * on the device. Its binding's fields sit beside the token (the boot script reads `api` to
 * preconnect); a provider's session keeps its claims too, which an opaque token does not carry.
 */
export const storedSessionSchema = v.object({
  ...bindingSchema.entries,
  token: v.string(),
  claims: v.optional(claimsSchema),
});

export type StoredSession = v.InferOutput<typeof storedSessionSchema>;

export function writeSession(
  area: StorageArea,
  key: string,
  token: string,
  binding: SessionBinding,
  claims: TokenClaims,
): void {
  const record: StoredSession = {
    ...binding,
    token,
    ...(binding.issuer !== null && { claims }),
  };
  writeStored(area, key, record);
}

/**
 * The session under `key` if it belongs to `scope` as configured now and its token can still be
 * used; anything else (expired, damaged, of an earlier version, of another API or provider, a
 * token that is not the person the record names) is removed rather than sent.
 */
export function readSession(
  area: StorageArea,
  key: string,
  scope: SessionScope,
  nowMs: number,
): (ReadCredential & { ok: true; binding: SessionBinding }) | null {
  const remove = () => removeStored(area, key);
  const record = readStored(area, key, storedSessionSchema, remove);
  if (record === null) return null;
  const { token, claims, ...binding } = record;
  const read = fitsScope(binding, scope)
    ? readBoundCredential({ binding, token, claims }, nowMs)
    : null;
  if (!read?.ok) {
    remove();
    return null;
  }
  return { ...read, binding };
}

/** A pasted token's record as the sign-in page writes it (the end-to-end tests seed sessions so). */
export function serializeStoredSession(token: string, api: string): string {
  const parsed = parseToken(token);
  const sub = parsed.ok ? (parsed.claims.sub ?? null) : null;
  const record: StoredSession = { api, issuer: null, clientId: null, sub, token };
  return JSON.stringify(record);
}
