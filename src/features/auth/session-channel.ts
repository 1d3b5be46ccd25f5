import { channelName, type SessionScope } from './session-binding';
import { readSessionMessage, type SessionMessage } from './session-messages';
import type { SessionEvent } from './session-transition';

/**
 * The line between one API profile's tabs: a new tab asks for the session (and waits a moment
 * for an offer), a sign-out and a renewal (a rotated token) are told to the others. What a
 * message means for this tab is session-transition.ts's to decide; here it only becomes an event.
 */

const CHANNEL_NAME = 'admin-console.session';
/** How long a new tab waits for another tab to share its session before showing sign-in. */
export const SHARE_WAIT_MS = 300;

export interface TabChannel {
  post(message: SessionMessage): void;
  /** Asks the other tabs for this scope's session; `onWaitOver` once SHARE_WAIT_MS have passed. */
  ask(onWaitOver: () => void): void;
  dispose(): void;
}

interface TabChannelOptions {
  /** A channel to use (tests); null: none; undefined: a BroadcastChannel where there is one. */
  channel: BroadcastChannel | null | undefined;
  profileKey: string;
  scope: SessionScope;
  now: () => number;
  onEvent: (event: SessionEvent) => void;
}

/** Null where the tabs cannot talk (no BroadcastChannel): nobody is asked. */
export function openTabChannel(options: TabChannelOptions): TabChannel | null {
  const { profileKey, scope, now, onEvent } = options;
  const channel =
    options.channel !== undefined
      ? options.channel
      : typeof BroadcastChannel === 'undefined'
        ? null
        : new BroadcastChannel(channelName(CHANNEL_NAME, profileKey, scope));
  if (channel === null) return null;
  let waitTimer: ReturnType<typeof setTimeout> | undefined;

  function onMessage(event: MessageEvent<unknown>) {
    const message = readSessionMessage(event.data);
    if (message) onEvent(eventOf(message, now()));
  }

  channel.addEventListener('message', onMessage);
  return {
    post: (message) => channel.postMessage(message),
    ask(onWaitOver) {
      channel.postMessage({ type: 'session-request', scope } satisfies SessionMessage);
      waitTimer = setTimeout(onWaitOver, SHARE_WAIT_MS);
    },
    dispose() {
      clearTimeout(waitTimer);
      channel.removeEventListener('message', onMessage);
      channel.close();
    },
  };
}

function eventOf(message: SessionMessage, now: number): SessionEvent {
  switch (message.type) {
    case 'signed-out':
      return { type: 'tab-signed-out', binding: message.binding };
    case 'session-request':
      return { type: 'tab-request', scope: message.scope, now };
    case 'session-offer':
      return { type: 'tab-offer', offer: message, now };
    case 'session-renewed':
      return { type: 'tab-renewed', renewal: message, now };
  }
}
