import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { SessionProvider } from '../features/auth/session-context';
import { CardProviderSignIn } from './embed/card-provider-sign-in';
import { readCardParams } from './embed/card-request';
import { EmbeddingOff, FramedElsewhere, NoSuchPanel } from './embed/embed-notices';
import { EmbedPage } from './embed/embed-page';
import { unlistedAncestor } from './embed/framing';
import { indexUsersFrom } from '../features/users/seen-users';
import type { ConsoleSettings } from '../lib/config';
import { isPersonCardPath } from '../lib/embed-path';
import type { DemoControls } from './environment';
import type { ProfileRuntime } from './profile-runtime';

/**
 * Start-up of `/embed/…` (main.tsx hands over once config.json is read): the person card alone,
 * without the console's shell, routes and shortcuts, and with a session of its own: `runtime` is
 * the card's API profile's (lib/embed-path.ts, embedProfile), made by start-up, which has the
 * code for it (imported from this lazy chunk, it made the bundler split the console's entry into
 * more files, about 0.5 KB more on every page). A frame on a help desk's site has its own
 * (partitioned) storage in most browsers; the profile keeps the card's session apart where it
 * does not, and where the card is opened as a page of the console's own site.
 */
export function startEmbed({
  root,
  settings,
  demo,
  takeHeld,
  runtime,
}: {
  root: Root;
  settings: ConsoleSettings;
  demo: DemoControls | null;
  /** The help desk's lookups posted before the card listens (lib/embed-path.ts holdMessages). */
  takeHeld: () => MessageEvent[];
  /** The card's profile's session, client, log and cache. */
  runtime: ProfileRuntime;
}): void {
  const { embedOrigins } = settings;
  if (embedOrigins.length === 0) return root.render(<EmbeddingOff />);
  if (!isPersonCardPath(window.location.pathname)) return root.render(<NoSuchPanel />);
  const foreign = unlistedAncestor(window.location.ancestorOrigins, embedOrigins);
  if (foreign !== undefined) return root.render(<FramedElsewhere origin={foreign} />);

  const { profile } = runtime;
  // The users the card has seen, in this frame's in-memory index, as every page of the console has.
  indexUsersFrom(runtime.queryClient);
  document.title = 'Person card · Admin console';

  root.render(
    <StrictMode>
      <SessionProvider store={runtime.sessionStore}>
        <QueryClientProvider client={runtime.queryClient}>
          <EmbedPage
            embedOrigins={embedOrigins}
            apiName={profile.name}
            apiBaseUrl={runtime.apiBaseUrl}
            imageSources={settings.imageSources}
            demo={demo !== null}
            initial={readCardParams(window.location)}
            takeHeld={takeHeld}
            provider={
              profile.oidc && <CardProviderSignIn profile={profile} settings={profile.oidc} />
            }
          />
        </QueryClientProvider>
      </SessionProvider>
    </StrictMode>,
  );
}
