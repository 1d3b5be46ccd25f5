import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../components/button';
import { lazyComponent } from '../../components/lazy-component';
import { rememberedModule } from '../../components/lazy-module';
import { storageDenied } from '../../lib/storage';
import type { FindMode } from '../../features/users/find/find-users';
import { useSessionState, useSessionStore } from '../../features/auth/session-context';
import { CardHeading, CardStatus } from './card-parts';
import { queryOf, type ParamsReading } from './card-request';
import { CardSignIn } from './card-sign-in';
import { PersonCard } from './person-card';
import { useHostRequests } from './use-host-requests';

/**
 * Find's engine (about 12 KB gzipped) is not on the card's first render, which is a sign-in or an
 * id's lookup as often as a search: it loads as the card starts, beside the first requests.
 */
const search = rememberedModule(() => import('./card-search'));
const CardSearch = lazyComponent(search, (module) => module.CardSearch);

export interface EmbedPageProps {
  embedOrigins: readonly string[];
  /** The API the card asks, as the console names it. */
  apiName: string;
  apiBaseUrl: string;
  imageSources: readonly string[];
  demo: boolean;
  /** The request in the card's address, read at start-up. */
  initial: ParamsReading;
  /** Takes the lookups the help desk posted before the card listened (start-up holds them). */
  takeHeld: () => readonly MessageEvent[];
  /** Sign in with {name}, when the console has an identity provider. */
  provider?: ReactNode;
}

/**
 * `/embed/person`: the person beside the ticket, for a help desk's side panel 320–400 px wide.
 * No shell, no header and no keyboard shortcuts (the help desk has its own); the card's own
 * sign-in, session and query cache (app/embed-start.tsx). The requester comes from the address or
 * from the help desk's messages (use-host-requests.ts).
 */
export function EmbedPage(props: EmbedPageProps) {
  const { embedOrigins, apiName, demo, initial, takeHeld, provider } = props;
  const { session, asking } = useSessionState();
  const store = useSessionStore();
  const { ask, answer } = useHostRequests(embedOrigins, initial, takeHeld);
  const [memoryOnly] = useState(storageDenied);
  useEffect(() => {
    search.load().catch(() => undefined);
    // A search or a token in the address is not left there: the card reads it once.
    if (window.location.search !== '' || window.location.hash !== '') {
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
  }, []);

  return (
    <main className="min-h-screen bg-white p-3 text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-100">
      <div className="mx-auto max-w-md space-y-3">
        {demo && (
          <p className="rounded-md bg-amber-100 px-2 py-1.5 text-amber-950 dark:bg-amber-900/40 dark:text-amber-100">
            <strong>Demo mode:</strong> a built-in mock API with generated data.
          </p>
        )}
        {memoryOnly && (
          <p className="rounded-md border border-amber-300 bg-amber-50 px-2 py-1.5 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            This browser does not let the panel store anything here, so your session lasts while the
            panel is open.
          </p>
        )}
        {asking ? (
          <p className="text-slate-600 dark:text-slate-300">Loading…</p>
        ) : !session ? (
          <CardSignIn apiName={apiName} provider={provider} />
        ) : (
          <Lookup key={ask.seq} {...props} reading={ask.reading} onShown={answer} />
        )}
      </div>
      {session && (
        <footer className="mx-auto mt-4 flex max-w-md flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-2 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
          <span className="min-w-0 break-all">
            {session.claims.email ?? session.claims.sub ?? 'Signed in'} · {apiName}
          </span>
          <Button onClick={() => store.end('signed-out')} className="px-2 py-0.5 text-xs">
            Sign out
          </Button>
        </footer>
      )}
    </main>
  );
}

function Lookup({
  reading,
  apiBaseUrl,
  imageSources,
  onShown,
}: EmbedPageProps & {
  reading: ParamsReading;
  onShown: Parameters<typeof PersonCard>[0]['onShown'];
}) {
  if (reading.kind === 'none') {
    return (
      <>
        <CardHeading>Person card</CardHeading>
        <CardStatus>Waiting for the help desk to name the ticket’s requester.</CardStatus>
      </>
    );
  }
  const query = reading.kind === 'invalid' ? reading : queryOf(reading.request);
  if (query.kind === 'invalid') {
    return (
      <>
        <CardHeading>Person card</CardHeading>
        <CardStatus>{query.problem}</CardStatus>
      </>
    );
  }
  if (query.kind === 'id') {
    return <PersonCard id={query.id} imageSources={imageSources} onShown={onShown} />;
  }
  const mode: FindMode = query.kind === 'date' ? 'date' : query.kind;
  return (
    <Suspense
      fallback={
        <>
          <CardHeading>Person card</CardHeading>
          <CardStatus>Looking up…</CardStatus>
        </>
      }
    >
      <CardSearch
        mode={mode}
        text={query.text}
        apiBaseUrl={apiBaseUrl}
        imageSources={imageSources}
        onShown={onShown}
      />
    </Suspense>
  );
}
