import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleRoot } from './app/console-root';
import type { DemoControls } from './app/environment';
import { createProfileRuntimes } from './app/profile-runtime';
import { routeModules } from './app/route-modules';
import { severalApis } from './app/several-apis-loader';
import { routeKeyFor } from './app/route-paths';
import { providerSignIn } from './features/auth/provider-sign-in-loader';
import { StartupError } from './app/startup-error';
import { initTheme } from './app/theme';
import type { ApiProfile } from './lib/api-profile';
import { takeBootConfigResponse } from './lib/boot-handoff';
import {
  apiBaseUrlFor,
  loadRuntimeConfig,
  resolveSettings,
  type ConsoleSettings,
} from './lib/config';
import { CONFIG_KEYS, unknownKeysOf } from './lib/config-keys';
import { embedProfile, holdMessages, isEmbedPath } from './lib/embed-path';
import { storageDenied } from './lib/storage';
import { initTimeZone } from './lib/time-zone-storage';
import './index.css';

/**
 * Start-up, render-as-you-fetch: the page's code starts downloading at once (the boot script in
 * index.html has usually preloaded it), config.json is read (its request started with the HTML),
 * and the page's first API request goes out before React renders anything, so code, data and
 * React get ready side by side rather than one after another.
 */
async function start() {
  initTheme();
  initTimeZone();
  const root = createRoot(document.getElementById('root')!);
  // The person card's sign-in popup, back from the provider: it hands the answer to the card that
  // opened it and closes (features/auth/oidc/popup-answer.ts). Its code only in such a window.
  if (window.location.pathname === '/auth/callback' && window.opener) {
    const { handAnswerToOpener } = await import('./features/auth/oidc/popup-answer');
    if (handAnswerToOpener()) {
      root.render(
        <p className="p-4 text-sm">Back to the panel that opened this window: you can close it.</p>,
      );
      return;
    }
  }
  // The person card for a help desk (/embed/…) starts on its own: its code from now, and the
  // help desk's first lookup held until the card listens (lib/embed-path.ts).
  const embedded = isEmbedPath(window.location.pathname);
  const takeHeld = embedded ? holdMessages() : undefined;
  const embedStart = embedded ? import('./app/embed-start') : undefined;
  embedStart?.catch(() => undefined);
  const routeKey = routeKeyFor(window.location.pathname);
  const routeModule = routeKey === undefined ? undefined : routeModules[routeKey].load();
  // A failed download is the router's to report, when the page is rendered.
  routeModule?.catch(() => undefined);

  let settings: ConsoleSettings;
  try {
    const bootResponse = takeBootConfigResponse();
    const config = await loadRuntimeConfig(
      bootResponse ? () => bootResponse : (input, init) => fetch(input, init),
    );
    // Several APIs: their reader is loaded only then (a single-API console never downloads it).
    const readApis =
      config?.apis != null ? (await import('./lib/config-apis')).readApis : undefined;
    // Likewise the identity provider's settings (config-apis reads each entry's own).
    const readOidc =
      config?.oidc != null ? (await import('./lib/config-oidc')).readConfigOidc : undefined;
    // And the words for a name config.json should not have.
    const explainKeys =
      config && unknownKeysOf(config, CONFIG_KEYS).length > 0
        ? (await import('./lib/unknown-keys')).unknownKeysProblem
        : undefined;
    settings = resolveSettings(
      config,
      import.meta.env.VITE_API_BASE_URL,
      readApis,
      readOidc,
      explainKeys,
    );
  } catch (error) {
    root.render(<StartupError message={(error as Error).message} />);
    return;
  }

  // Demo mode is one API of its own (config.ts refuses "mock" inside apis).
  const demoProfile = settings.profiles.find((profile) => profile.target.mode === 'demo');
  let demo: DemoControls | null = null;
  if (demoProfile) {
    try {
      const { startDemo } = await import('./app/demo-start');
      demo = await startDemo(apiBaseUrlFor(demoProfile.target, window.location.origin));
    } catch (error) {
      root.render(
        <StartupError
          message={
            storageDenied()
              ? 'The demo mock API could not start: it runs in a service worker, which needs the site storage this browser denies the console. Allow this site to store data, or use a console pointed at a real API, which works without it.'
              : `The demo mock API could not start in this browser (it needs service workers): ${(error as Error).message}`
          }
        />,
      );
      return;
    }
  }

  const runtimes = createProfileRuntimes({
    locationOrigin: window.location.origin,
    requestTimeoutMs: settings.requestTimeoutMs,
  });
  if (embedStart && takeHeld) {
    // The card works with the first API of config.json, under a profile of its own.
    const runtime = runtimes.activate(embedProfile(settings.profiles[0] as ApiProfile));
    try {
      (await embedStart).startEmbed({ root, settings, demo, takeHeld, runtime });
    } catch (error) {
      root.render(
        <StartupError message={`The person card could not load: ${(error as Error).message}`} />,
      );
    }
    return;
  }

  // With several APIs, the tab's (or the device's) last choice; the chooser loads only then.
  const initial =
    settings.profiles.length > 1
      ? (await import('./app/api-choice')).chooseProfile(settings.profiles)
      : (settings.profiles[0] as ApiProfile);
  const runtime = runtimes.activate(initial);
  // The production marking must be there with the first render: its code is loaded first.
  if (settings.profiles.length > 1 || initial.production) {
    await severalApis.load().catch(() => undefined);
  }

  const signedIn = runtime.sessionStore.getState().session !== null;
  if (!signedIn) {
    // Signed out, every page leads to sign-in: its code (which the boot script preloads then) is
    // here before the first render, so the form does not wait behind a fallback.
    await Promise.all([
      routeModules.login.load(),
      // With a provider, its button leads the page: there from the first render too.
      initial.oidc && providerSignIn.load(),
    ]).catch(() => undefined);
  } else if (routeModule) {
    // The page's first API request goes out before React's first render, not after it: the
    // render is one long task (about 130 ms on a mid-range phone) that the request need not wait
    // for. The page's code is preloaded by the boot script, so this wait is short; the page shows
    // "Loading…" from index.html meanwhile. A failed download is the router's to report.
    const url = new URL(window.location.href);
    await routeModule
      .then((module) => module.prefetch?.(runtime.queryClient, url))
      .catch(() => undefined);
  }

  // A transition, so React renders the first page in slices, yielding to the browser between
  // them, rather than in one long task (about 250 ms on a mid-range phone).
  startTransition(() =>
    root.render(
      <ConsoleRoot
        profiles={settings.profiles}
        initial={initial}
        runtimes={runtimes}
        base={{
          demo,
          requestTimeoutMs: settings.requestTimeoutMs,
          imageSources: settings.imageSources,
          categories: settings.categories ?? demo?.categories ?? [],
        }}
      />,
    ),
  );
}

void start();
