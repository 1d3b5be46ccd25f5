import type { ApiProfile } from './api-profile';

/**
 * The person card's paths (`/embed/…`): the one part of the console a help desk may frame. Free
 * of imports: start-up reads it on every page, and the servers' headers (scripts/security-headers.ts)
 * decide `frame-ancestors` by the same prefix, case and all, as nginx's `location /embed/` does.
 */
export const EMBED_PATH_PREFIX = '/embed/';
export const PERSON_CARD_PATH = '/embed/person';

export function isEmbedPath(pathname: string): boolean {
  return pathname.startsWith(EMBED_PATH_PREFIX);
}

/**
 * Names the card's API profile (lib/api-profile.ts): its session, provider tokens, lookups and
 * tab channel are kept apart from the console's under the same API. `<` and `>` are refused in
 * API names, so no entry of `apis` can be called this.
 */
export const EMBED_PROFILE_PREFIX = '<embed>';

/** The card's own profile for an API of config.json. */
export function embedProfile(profile: ApiProfile): ApiProfile {
  return { ...profile, key: `${EMBED_PROFILE_PREFIX}${profile.key}` };
}

/** Whether the path is the card's page itself (any other /embed/ path says so). */
export function isPersonCardPath(pathname: string): boolean {
  return pathname === PERSON_CARD_PATH || pathname === `${PERSON_CARD_PATH}/`;
}

/** A flood of messages from the host before the card listens keeps its latest few. */
const MAX_HELD = 20;

/**
 * Starts keeping the messages posted to this window, for the card to read once it is ready. A
 * help desk posts the requester when the frame has loaded, which is before start-up has read
 * config.json and the card's code has arrived; unheld, that first lookup would be lost. Returns
 * the way to take them (which also stops the keeping).
 */
export function holdMessages(target: Window = window): () => MessageEvent[] {
  const held: MessageEvent[] = [];
  const keep = (event: MessageEvent) => {
    held.push(event);
    if (held.length > MAX_HELD) held.shift();
  };
  target.addEventListener('message', keep);
  return () => {
    target.removeEventListener('message', keep);
    return held.splice(0);
  };
}
