import { readLookupMessage, resultMessage, type CardRequest } from './card-request';

/**
 * The card's side of talking to the help desk that frames it. A lookup counts only from the
 * window that frames the card, and only when that window's origin is in embedOrigins: any other
 * page the person has open (a tab, a popup, another frame) may post to the card too, and a
 * lookup is a read of personal data that the card then shows and names back. The answer goes to
 * exactly the origin that asked; one for a request in the card's address goes to the framing
 * window, addressed to each allowed origin in turn, so the browser delivers it only where one
 * of them matches and nowhere else.
 */

/** Who asked: the framing window (by message) or the card's own address. */
export type Asker =
  { kind: 'message'; origin: string; source: MessageEventSource } | { kind: 'address' };

export interface HostWindow {
  parent: Window;
  /** The window itself: a card that is not framed has itself as parent. */
  self: Window;
}

/** The lookup in a message, when its sender may ask; null otherwise. */
export function acceptLookup(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  embedOrigins: readonly string[],
  host: HostWindow,
): { request: CardRequest; asker: Asker } | null {
  if (host.parent === host.self || event.source !== host.parent) return null;
  if (!embedOrigins.includes(event.origin)) return null;
  const request = readLookupMessage(event.data);
  if (!request) return null;
  return { request, asker: { kind: 'message', origin: event.origin, source: event.source } };
}

/** Tells the asker whom the card shows. */
export function answerHost(
  user: { id: string; name: string },
  asker: Asker,
  embedOrigins: readonly string[],
  host: HostWindow,
): void {
  const message = resultMessage(user);
  if (asker.kind === 'message') {
    (asker.source as Window).postMessage(message, asker.origin);
    return;
  }
  if (host.parent === host.self) return;
  for (const origin of embedOrigins) host.parent.postMessage(message, origin);
}
