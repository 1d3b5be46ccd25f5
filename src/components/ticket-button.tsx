import { useState } from 'react';
import { apiClientRef } from '../lib/api-client';
import type { TicketRequest } from '../lib/ticket';
import { announce } from './announcer';
import { Button } from './button';
import { lazyModule } from './lazy-module';
import { copyFeedback, useCopy } from './use-copy';

/** The ticket writer loads on first use (or when the pointer reaches the button), never before. */
const loadTicket = lazyModule(() => import('../lib/ticket'));

/**
 * **Copy for ticket**: copies a plain-text block describing a request (lib/ticket.ts) to paste
 * into a support ticket. `request` is read at the click, so a Requests panel entry lists the
 * retries logged after it rendered.
 */
export function TicketButton({ request }: { request: () => TicketRequest }) {
  const { state, copy } = useCopy();
  const [problem, setProblem] = useState('');
  async function copyTicket() {
    setProblem('');
    let text: string;
    try {
      const { ticketText } = await loadTicket();
      // The API the console talks to now (its client knows its name and base URL).
      const api = apiClientRef.current;
      text = ticketText(request(), {
        apiName: api?.name ?? 'unknown',
        apiBaseUrl: api?.baseUrl ?? 'unknown',
        version: __APP_VERSION__,
        browser: navigator.userAgent,
        // The fragment is left out: it may hold a Find search (a name or an address).
        page: `${location.origin}${location.pathname}${location.search}`,
        person: api?.signedIn(),
      });
    } catch {
      const message = 'Could not load Copy for ticket. Check the connection and try again.';
      setProblem(message);
      announce(message);
      return;
    }
    await copy(text);
  }
  return (
    <span className="inline-flex items-center gap-1">
      <Button
        onClick={() => void copyTicket()}
        onPointerEnter={() => void loadTicket().catch(() => undefined)}
        className="px-2 py-0.5 text-xs"
      >
        Copy for ticket
      </Button>
      <span className="text-xs text-slate-600 dark:text-slate-300">
        {problem || copyFeedback(state)}
      </span>
    </span>
  );
}
