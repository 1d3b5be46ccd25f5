import { afterEach, vi } from 'vitest';

/*
 * The test files of a worker share one environment and one module registry (`isolate: false` in
 * vite.config.ts), so each test leaves the page as a fresh one would be: no rendered trees, no
 * nodes appended to the body (the shared live region), empty storage, real timers. Module state
 * that outlives a test is reset by the module's own tests.
 */
afterEach(() => {
  vi.useRealTimers();
});

// The DOM matchers and Testing Library are for files that render; a file that runs in Node
// (`@vitest-environment node`) would only pay for loading them.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup, configure } = await import('@testing-library/react');
  const { clearStorageMemory } = await import('../lib/storage');
  // find* and waitFor wait for what the page shows; npm test runs other checks beside these
  // tests, so the first render can take longer than Testing Library's default second.
  configure({ asyncUtilTimeout: 5000 });
  afterEach(() => {
    cleanup();
    document.body.replaceChildren();
    document.documentElement.className = '';
    document.title = '';
    window.history.replaceState(null, '', '/');
    localStorage.clear();
    clearStorageMemory();
    sessionStorage.clear();
  });
}
