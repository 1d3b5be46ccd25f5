import * as v from 'valibot';
import { readStored, removeStored, writeStored, type StorageArea } from '../../lib/storage';
import { claimsSchema, readBoundCredential, type ReadCredential } from './credential';
import {
  bindingSchema,
  fitsScope,
  sameBinding,
  type SessionBinding,
  type SessionScope,
  type TokenSourceKind,
} from './session-binding';
import { peekJwt, type TokenClaims } from './token';

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

export type ReadSession =
  | (ReadCredential & { ok: true; binding: SessionBinding })
  /** Its token has expired: kept, to know whose data the tab may still hold (another person's?). */
  | { ok: false; expired: SessionBinding };

/**
 * The session under `key` if it belongs to `scope` as configured now and its token can still be
 * used. An expired one is only reported; anything else (damaged, of an earlier version, of another
 * API or provider, a token that is not the person the record names) is removed rather than sent.
 */
export function readSession(
  area: StorageArea,
  key: string,
  scope: SessionScope,
  nowMs: number,
): ReadSession | null {
  const remove = () => removeStored(area, key);
  const record = readStored(area, key, storedSessionSchema, remove);
  if (record === null) return null;
  const { token, claims, ...binding } = record;
  if (!fitsScope(binding, scope)) {
    remove();
    return null;
  }
  const read = readBoundCredential({ binding, token, claims }, nowMs);
  if (read.ok) return { ...read, binding };
  // Read as at the dawn of time: what fails only then is nothing but its expiry.
  if (readBoundCredential({ binding, token, claims }, -Infinity).ok) {
    return { ok: false, expired: binding };
  }
  remove();
  return null;
}

/** A usable stored session, and which storage held it. */
export interface StoredRead {
  token: string;
  claims: TokenClaims;
  source: TokenSourceKind;
  binding: SessionBinding;
  /** Found in localStorage (this device) rather than sessionStorage (this tab). */
  remember: boolean;
}

/** One API profile's session records, under `key`, in this tab's storage and this device's. */
export interface SessionRecords {
  /**
   * The usable session, the tab's own first; `expired`: whose an expired record was, if one was
   * found on the way (kept, to know whose data the tab may still hold).
   */
  read(nowMs: number): { session: StoredRead | null; expired: SessionBinding | null };
  /** Overwrites the record in the area `remember` names. */
  write(record: Omit<StoredRead, 'source'>): void;
  /**
   * Both areas: a removal in localStorage reads as a sign-out in the other tabs. With `of` (a
   * session that ended), a record of anyone else is kept: another tab may already have stored
   * the next person's, and removing it would sign them out everywhere.
   */
  clear(of?: SessionBinding): void;
  /**
   * This tab's record only, for an end another tab caused: that tab has cleared the device's
   * record already, and what the device holds now may be the next person's, just written.
   */
  clearTab(): void;
}

export function sessionRecords(key: string, scope: SessionScope): SessionRecords {
  function someoneElses(area: StorageArea, of: SessionBinding): boolean {
    const record = readStored(area, key, storedSessionSchema);
    if (record === null) return false;
    const { api, issuer, clientId, sub } = record;
    const binding = { api, issuer, clientId, sub };
    return fitsScope(binding, scope) && !sameBinding(binding, of);
  }

  return {
    read(nowMs) {
      let expired: SessionBinding | null = null;
      for (const [area, remember] of [
        ['session', false],
        ['local', true],
      ] as const) {
        const read = readSession(area, key, scope, nowMs);
        if (read?.ok) {
          const { token, claims, source, binding } = read;
          return { session: { token, claims, source, binding, remember }, expired };
        }
        if (read) expired = read.expired;
      }
      return { session: null, expired };
    },
    write({ remember, token, binding, claims }) {
      writeSession(remember ? 'local' : 'session', key, token, binding, claims);
    },
    clear(of) {
      for (const area of ['session', 'local'] as const) {
        if (!of || !someoneElses(area, of)) removeStored(area, key);
      }
    },
    clearTab() {
      removeStored('session', key);
    },
  };
}

/** A pasted token's record as the sign-in page writes it (the end-to-end tests seed sessions so). */
export function serializeStoredSession(token: string, api: string): string {
  const sub = peekJwt(token)?.payload.sub;
  const record: StoredSession = {
    api,
    issuer: null,
    clientId: null,
    sub: typeof sub === 'string' ? sub : null,
    token,
  };
  return JSON.stringify(record);
}
