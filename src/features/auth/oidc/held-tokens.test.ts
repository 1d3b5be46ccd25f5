import { afterEach, describe, expect, it } from 'vitest';
import type { SessionBinding, SessionScope } from '../session-binding';
import { heldTokensFor, NEWS_WAIT_MS, RELEASE_GRACE_MS, type HeldTokens } from './held-tokens';

/**
 * The refresh and ID tokens a tab holds are answered, kept and forgotten per binding only. The
 * other side of the channel is played here by a bare BroadcastChannel: what another tab (of
 * another configuration, or an older console) or any same-origin document could post.
 */

const scope: SessionScope = {
  api: 'https://api.example.com',
  issuer: 'https://id.example.com',
  clientId: 'console',
};
const ada: SessionBinding = { ...scope, sub: 'ada' };
const grace: SessionBinding = { ...scope, sub: 'grace' };
const exp = Math.floor(Date.now() / 1000) + 3600;

function held(binding: SessionBinding, refreshToken: string, rotation = 1): HeldTokens {
  return {
    binding,
    accessToken: `access-of-${refreshToken}`,
    claims: { sub: binding.sub ?? undefined, exp },
    refreshToken,
    idToken: `id-of-${refreshToken}`,
    rotation,
  };
}

let serial = 0;
const channels: BroadcastChannel[] = [];
/** A holder of its own (a profile key per test) and the channel its tabs talk on. */
function setUp() {
  serial += 1;
  const profileKey = `held-${serial}`;
  const holder = heldTokensFor(profileKey, scope);
  const name = `admin-console.oidc:${profileKey}|${[scope.api, scope.issuer, scope.clientId]
    .map((part) => encodeURIComponent(part ?? ''))
    .join('|')}`;
  const other = new BroadcastChannel(name);
  channels.push(other);
  const heard: unknown[] = [];
  other.addEventListener('message', (event) => heard.push(event.data));
  return { holder, other, heard };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
});

describe('held tokens, bound to their session', () => {
  it('answers a request only when it names this session: API, provider, client and person', async () => {
    const { holder, other, heard } = setUp();
    holder.follow(ada);
    holder.set(held(ada, 'refresh-ada'));
    await settle();
    heard.length = 0;
    other.postMessage({ type: 'held-request' });
    other.postMessage({ type: 'held-request', binding: grace });
    other.postMessage({
      type: 'held-request',
      binding: { ...ada, issuer: 'https://id2.example.com' },
    });
    await settle();
    expect(heard).toEqual([]);
    other.postMessage({ type: 'held-request', binding: ada });
    await settle();
    expect(heard).toEqual([{ type: 'held', held: held(ada, 'refresh-ada') }]);
  });

  it('keeps news of its own session’s rotation only', async () => {
    const { holder, other } = setUp();
    holder.follow(ada);
    holder.set(held(ada, 'refresh-ada'));
    other.postMessage({ type: 'held', held: held(grace, 'refresh-grace', 5) });
    other.postMessage({
      type: 'held',
      held: { ...held(ada, 'no-binding', 6), binding: undefined },
    });
    await settle();
    expect(holder.get(ada)?.refreshToken).toBe('refresh-ada');
    expect(holder.get(grace)).toBeNull();
    other.postMessage({ type: 'held', held: held(ada, 'refresh-ada-2', 2) });
    await settle();
    expect(holder.get(ada)?.refreshToken).toBe('refresh-ada-2');
  });

  it('collects the newest of the session asked for, never another’s', async () => {
    const { holder, other } = setUp();
    holder.follow(ada);
    holder.set(held(ada, 'refresh-ada'));
    other.addEventListener('message', (event: MessageEvent<{ type: string }>) => {
      if (event.data.type !== 'held-request') return;
      other.postMessage({ type: 'held', held: held(grace, 'refresh-grace', 9) });
      other.postMessage({ type: 'held', held: held(ada, 'refresh-ada-3', 3) });
    });
    const newest = await holder.newest(ada);
    expect(newest?.refreshToken).toBe('refresh-ada-3');
  });

  it('forgets on another tab’s word only the session it names', async () => {
    const { holder, other } = setUp();
    holder.follow(ada);
    holder.set(held(ada, 'refresh-ada'));
    other.postMessage({ type: 'held-forget' });
    other.postMessage({ type: 'held-forget', binding: grace });
    await settle();
    expect(holder.get(ada)).not.toBeNull();
    other.postMessage({ type: 'held-forget', binding: ada });
    await settle();
    expect(holder.get(ada)).toBeNull();
    expect(sessionStorage.getItem(`admin-console.oidc:held-${serial}`)).toBeNull();
  });

  it('released by another tab’s sign-out: out of storage at once, still answering for a moment', async () => {
    const { holder, other, heard } = setUp();
    holder.follow(ada);
    holder.set(held(ada, 'refresh-ada'));
    await settle();
    holder.release(ada);
    expect(holder.get(ada)).toBeNull();
    expect(sessionStorage.getItem(`admin-console.oidc:held-${serial}`)).toBeNull();
    heard.length = 0;
    other.postMessage({ type: 'held-request', binding: ada });
    await settle();
    expect(heard).toEqual([{ type: 'held', held: held(ada, 'refresh-ada') }]);
    await new Promise((resolve) => setTimeout(resolve, RELEASE_GRACE_MS + NEWS_WAIT_MS));
    heard.length = 0;
    other.postMessage({ type: 'held-request', binding: ada });
    await settle();
    expect(heard).toEqual([]);
  }, 10_000);
});
