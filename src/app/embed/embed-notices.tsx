import type { ReactNode } from 'react';
import { PERSON_CARD_PATH } from '../../lib/embed-path';

/**
 * What `/embed/…` says instead of the card when it cannot be one: embedding is off, the path is
 * not the card's, or the page around it is not one embedOrigins lists.
 */
function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="min-h-screen bg-white p-3 text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-100">
      <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950/50">
        <h1 className="text-base font-semibold">{title}</h1>
        {children}
      </div>
    </main>
  );
}

export function EmbeddingOff() {
  return (
    <Notice title="Embedding is not enabled">
      <p>
        This console does not let other sites show its person card. Whoever deployed it can enable
        it by listing the help desk’s origin in <code>embedOrigins</code> in{' '}
        <code>config.json</code>, such as{' '}
        <code>{'"embedOrigins": ["https://acme.zendesk.com"]'}</code> (<code>EMBED_ORIGINS</code> in
        the container), as <code>docs/helpdesk.md</code> in the console’s repository describes.
      </p>
    </Notice>
  );
}

export function NoSuchPanel() {
  return (
    <Notice title="No such panel">
      <p>
        The person card is at <code>{PERSON_CARD_PATH}</code>, with <code>?email=</code>,{' '}
        <code>?id=</code> or <code>?q=</code>.
      </p>
    </Notice>
  );
}

export function FramedElsewhere({ origin }: { origin: string }) {
  return (
    <Notice title="Not shown on this site">
      <p>
        The person card is shown only inside the sites this console lists in{' '}
        <code>embedOrigins</code>, and {origin} is not one of them.
      </p>
    </Notice>
  );
}
