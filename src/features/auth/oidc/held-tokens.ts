import { profileScopedName } from '../../../lib/api-profile';
import { readText, removeStored, writeText } from '../../../lib/storage';

/**
 * What the identity provider gave besides the access token: the refresh token (to renew without
 * asking) and the ID token (to end the provider's session). Per the IETF's OAuth 2.0 for
 * Browser-Based Applications: in memory and this tab's sessionStorage, never localStorage. The
 * console's other tabs of the same API get them over a same-origin BroadcastChannel (never
 * stored beyond their tab either), so whichever tab renews, all follow the rotated refresh token.
 * Nothing here is ever logged, shown, or put in an address.
 */
export interface HeldTokens {
  /** The access token these belong to: a tab asked to renew another one knows it is already done. */
  accessToken: string;
  refreshToken?: string;
  idToken?: string;
  /** Increases with every rotation, so a tab keeps the newest it has heard of. */
  rotation: number;
}

const STORAGE_KEY = 'admin-console.oidc';
const CHANNEL_NAME = 'admin-console.oidc';
/** How long a renewal waits for the other tabs to say what they hold. */
export const NEWS_WAIT_MS = 300;

type Message =
  { type: 'held-request' } | { type: 'held'; held: HeldTokens } | { type: 'held-forget' };

interface Holder {
  get(): HeldTokens | null;
  set(held: HeldTokens): void;
  forget(): void;
  /**
   * The newest tokens of this tab and the others, which are asked and given NEWS_WAIT_MS to
   * answer. For the renewal lock's holder: the lock and the channel are separate ways between
   * tabs, so the lock may come before the message that another tab has just rotated the refresh
   * token. Waiting for the answers makes sure a spent refresh token is never used again (which
   * ends the session at most providers).
   */
  newest(): Promise<HeldTokens | null>;
}

const holders = new Map<string, Holder>();

/** One holder per API profile and page: it also answers the other tabs. */
export function heldTokensFor(profileKey: string): Holder {
  let holder = holders.get(profileKey);
  if (!holder) {
    holder = createHolder(profileKey);
    holders.set(profileKey, holder);
  }
  return holder;
}

function createHolder(profileKey: string): Holder {
  const key = profileScopedName(STORAGE_KEY, profileKey);
  const channel =
    typeof BroadcastChannel === 'undefined'
      ? null
      : new BroadcastChannel(profileScopedName(CHANNEL_NAME, profileKey));
  let memory: HeldTokens | null = read();

  function read(): HeldTokens | null {
    try {
      const value = JSON.parse(readText('session', key) ?? 'null') as HeldTokens | null;
      return value && typeof value.accessToken === 'string' && typeof value.rotation === 'number'
        ? value
        : null;
    } catch {
      return null;
    }
  }

  function keep(held: HeldTokens) {
    if (memory && memory.rotation > held.rotation) return;
    memory = held;
    // Memory only where storage is full or denied.
    writeText('session', key, JSON.stringify(held));
  }

  function forget() {
    memory = null;
    removeStored('session', key);
  }

  channel?.addEventListener('message', (event: MessageEvent<Message>) => {
    const message = event.data;
    if (message?.type === 'held-request') {
      if (memory) channel.postMessage({ type: 'held', held: memory } satisfies Message);
    } else if (message?.type === 'held' && typeof message.held?.accessToken === 'string') {
      keep(message.held);
    } else if (message?.type === 'held-forget') {
      forget();
    }
  });

  return {
    get: () => memory,
    set(held) {
      keep(held);
      channel?.postMessage({ type: 'held', held } satisfies Message);
    },
    forget() {
      forget();
      channel?.postMessage({ type: 'held-forget' } satisfies Message);
    },
    newest() {
      if (!channel) return Promise.resolve(memory);
      // Answers are kept as they come (keep() takes the highest rotation).
      channel.postMessage({ type: 'held-request' } satisfies Message);
      return new Promise((resolve) => setTimeout(() => resolve(memory), NEWS_WAIT_MS));
    },
  };
}
