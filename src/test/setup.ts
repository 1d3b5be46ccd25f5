import { afterEach } from 'vitest';

// The DOM matchers and Testing Library are for files that render; a file that runs in Node
// (`@vitest-environment node`) would only pay for loading them.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup, configure } = await import('@testing-library/react');
  // find* and waitFor wait for what the page shows; npm test runs other checks beside these
  // tests, so the first render can take longer than Testing Library's default second.
  configure({ asyncUtilTimeout: 5000 });
  afterEach(() => {
    cleanup();
  });
}
