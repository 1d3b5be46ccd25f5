import { useCallback, useEffect, useState } from 'react';
import type { UserDetail } from '../../features/users/api/users-api';
import type { ParamsReading } from './card-request';
import { acceptLookup, answerHost, type Asker, type HostWindow } from './host-link';

/** What the card is asked to show, by whom; `seq` tells a repeated lookup from the last. */
export interface HostAsk {
  reading: ParamsReading;
  asker: Asker;
  seq: number;
}

function hostWindow(): HostWindow {
  return { parent: window.parent, self: window };
}

/**
 * The requester the help desk names: the card's address at first, then each lookup it posts
 * (host-link.ts), the latest winning. Those posted before the card listened are start-up's
 * (`takeHeld`, lib/embed-path.ts holdMessages), taken once this listens, so none falls between.
 * `answer` tells whoever asked last whom the card shows.
 */
export function useHostRequests(
  embedOrigins: readonly string[],
  initial: ParamsReading,
  takeHeld: () => readonly MessageEvent[],
): { ask: HostAsk; answer: (user: UserDetail) => void } {
  const [ask, setAsk] = useState<HostAsk>(() => ({
    reading: initial,
    asker: { kind: 'address' },
    seq: 0,
  }));

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      const accepted = acceptLookup(event, embedOrigins, hostWindow());
      if (!accepted) return;
      setAsk((previous) => ({
        reading: { kind: 'request', request: accepted.request },
        asker: accepted.asker,
        seq: previous.seq + 1,
      }));
    }
    window.addEventListener('message', onMessage);
    for (const event of takeHeld()) onMessage(event);
    return () => window.removeEventListener('message', onMessage);
  }, [embedOrigins, takeHeld]);

  const { asker } = ask;
  const answer = useCallback(
    (user: UserDetail) => answerHost(user, asker, embedOrigins, hostWindow()),
    [asker, embedOrigins],
  );
  return { ask, answer };
}
