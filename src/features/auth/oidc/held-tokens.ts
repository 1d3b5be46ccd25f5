import * as v from 'valibot';
import { profileScopedName } from '../../../lib/api-profile';
import { readStored, removeStored, writeStored } from '../../../lib/storage';
import { claimsSchema } from '../credential';
import {
  bindingSchema,
  channelName,
  sameBinding,
  type SessionBinding,
  type SessionScope,
} from '../session-binding';

/**
 * What the identity provider gave besides the access token: the refresh token (to renew without
 * asking) and the ID token (to end the provider's session). Per the IETF's OAuth 2.0 for
 * Browser-Based Applications: in memory and this tab's sessionStorage, never localStorage. The
 * console's other tabs of the same session get them over a same-origin BroadcastChannel (never
 * stored beyond their tab either), so whichever tab renews, all follow the rotated refresh token.
 * Every record and message names its binding (API, provider, client, person): a tab keeps,
 * answers and forgets only its own session's. Nothing here is ever logged, shown, or put in an
 * address.
 */
const heldSchema = v.object({
  binding: bindingSchema,
  /** The access token these belong to: a tab asked to renew another one knows it is already done. */
  accessToken: v.string(),
  /** The access token's claims as the session keeps them (an opaque token carries none). */
  claims: claimsSchema,
  refreshToken: v.optional(v.string()),
  idToken: v.optional(v.string()),
  /** Increases with every rotation, so a tab keeps the newest it has heard of. */
  rotation: v.number(),
});

export type HeldTokens = v.InferOutput<typeof heldSchema>;

const messageSchema = v.variant('type', [
  v.object({ type: v.literal('held-request'), binding: bindingSchema }),
  v.object({ type: v.literal('held'), held: heldSchema }),
  v.object({ type: v.literal('held-forget'), binding: bindingSchema }),
]);
type Message = v.InferOutput<typeof messageSchema>;

const STORAGE_KEY = 'admin-console.oidc';
const CHANNEL_NAME = 'admin-console.oidc';
/** How long a renewal waits for the other tabs to say what they hold. */
export const NEWS_WAIT_MS = 300;
/**
 * How long a tab whose session another tab ended still answers for its tokens: the tab that
 * signed out asks for the newest before it revokes, on another channel than the one that said so.
 */
export const RELEASE_GRACE_MS = 3_000;

export interface Holder {
  /** This tab's tokens, if they are `binding`'s. */
  get(binding: SessionBinding): HeldTokens | null;
  /** The record this tab holds whatever its binding: for the one that must leave it. */
  held(): HeldTokens | null;
  /**
   * The session this tab holds now: news of its rotations is kept from now on, anyone else's is
   * ignored.
   */
  follow(binding: SessionBinding | null): void;
  set(held: HeldTokens): void;
  /** Forgotten here and in every tab that holds `binding`'s. */
  forget(binding: SessionBinding): void;
  /**
   * Another tab ended this session: out of storage at once, and out of memory once the tab that
   * ended it has had time to ask for the newest (RELEASE_GRACE_MS).
   */
  release(binding: SessionBinding): void;
  /**
   * The newest tokens of `binding` in this tab and the others, which are asked and given
   * NEWS_WAIT_MS to answer. For the renewal lock's holder: the lock and the channel are separate
   * ways between tabs, so the lock may come before the message that another tab has just rotated
   * the refresh token. Waiting for the answers makes sure a spent refresh token is never used
   * again (which ends the session at most providers). Also for an ending, to revoke the newest.
   */
  newest(binding: SessionBinding): Promise<HeldTokens | null>;
}

/**
 * Module level, for the page's life, rather than per QueryClient (lib/client-memory.ts): a holder
 * is this tab's copy of its sessionStorage record and its answerer on the tab channel, so there
 * must be exactly one per channel in the page, answering other tabs whichever profile is on screen
 * and whether or not a client exists yet. It is already per API profile (the name holds its key),
 * and a person's tokens leave it with the session (forget, release), not with a client.
 */
const holders = new Map<string, Holder>();

/** One holder per API profile (as configured now) and page: it also answers the other tabs. */
export function heldTokensFor(profileKey: string, scope: SessionScope): Holder {
  const name = channelName(CHANNEL_NAME, profileKey, scope);
  let holder = holders.get(name);
  if (!holder) {
    holder = createHolder(profileScopedName(STORAGE_KEY, profileKey), name);
    holders.set(name, holder);
  }
  return holder;
}

function createHolder(key: string, name: string): Holder {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
  let memory: HeldTokens | null = readStored('session', key, heldSchema, () =>
    removeStored('session', key),
  );
  let following: SessionBinding | null = null;
  let released: HeldTokens | null = null;
  let releaseTimer: ReturnType<typeof setTimeout> | undefined;

  function keep(held: HeldTokens) {
    if (memory && sameBinding(memory.binding, held.binding) && memory.rotation > held.rotation) {
      return;
    }
    memory = held;
    // Memory only where storage is full or denied.
    writeStored('session', key, held);
  }

  function forgetHere(binding: SessionBinding) {
    if (memory && sameBinding(memory.binding, binding)) {
      memory = null;
      removeStored('session', key);
    }
    if (released && sameBinding(released.binding, binding)) released = null;
  }

  function post(message: Message) {
    channel?.postMessage(message);
  }

  channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
    const parsed = v.safeParse(messageSchema, event.data);
    if (!parsed.success) return;
    const message = parsed.output;
    if (message.type === 'held-request') {
      // Only for a tab that names the session these are: its API, provider, client and person.
      const answer = [memory, released].find((held) =>
        sameBinding(held?.binding ?? null, message.binding),
      );
      if (answer) post({ type: 'held', held: answer });
    } else if (message.type === 'held') {
      if (sameBinding(message.held.binding, following)) keep(message.held);
    } else {
      forgetHere(message.binding);
    }
  });

  return {
    get: (binding) => (memory && sameBinding(memory.binding, binding) ? memory : null),
    held: () => memory,
    follow(binding) {
      following = binding;
    },
    set(held) {
      keep(held);
      post({ type: 'held', held });
    },
    forget(binding) {
      forgetHere(binding);
      post({ type: 'held-forget', binding });
    },
    release(binding) {
      if (!memory || !sameBinding(memory.binding, binding)) return;
      released = memory;
      memory = null;
      removeStored('session', key);
      clearTimeout(releaseTimer);
      releaseTimer = setTimeout(() => {
        released = null;
      }, RELEASE_GRACE_MS);
    },
    newest(binding) {
      // Taken now: an ending forgets the tokens here while the answers come in.
      let newest = memory && sameBinding(memory.binding, binding) ? memory : null;
      if (!channel) return Promise.resolve(newest);
      const collect = (event: MessageEvent<unknown>) => {
        const parsed = v.safeParse(messageSchema, event.data);
        if (!parsed.success || parsed.output.type !== 'held') return;
        const { held } = parsed.output;
        if (sameBinding(held.binding, binding) && held.rotation > (newest?.rotation ?? -Infinity)) {
          newest = held;
        }
      };
      channel.addEventListener('message', collect);
      post({ type: 'held-request', binding });
      return new Promise((resolve) =>
        setTimeout(() => {
          channel.removeEventListener('message', collect);
          // Still this tab's session: the newest is kept here too.
          if (newest && sameBinding(binding, following)) keep(newest);
          resolve(newest);
        }, NEWS_WAIT_MS),
      );
    },
  };
}
