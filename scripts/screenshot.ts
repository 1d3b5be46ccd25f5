import { chromium } from '@playwright/test';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { CHROMIUM_FLAGS, ensureTestBrowser } from './chromium';
import { startNode, stopChild } from './bench/servers';
import { waitForServer } from './wait-for-server';

/**
 * The README's screenshot (docs/screenshot.png): the production build in demo mode, signed in
 * with the demo token, on the users table. Run it after a change the picture should show:
 *
 *   npx tsx scripts/screenshot.ts [--skip-build] [--port 6390]
 */

const { values } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    port: { type: 'string', default: '6390' },
    out: { type: 'string', default: 'docs/screenshot.png' },
  },
});

if (!values['skip-build']) await build({ logLevel: 'warn' });

const appUrl = `http://127.0.0.1:${values.port}`;
// No --api: the build's own config.json ({}) puts it in demo mode.
const server = startNode(['e2e/support/serve-build.ts', '--port', values.port], 'The build server');
try {
  await waitForServer(`${appUrl}/`, server, 'The build server');
  const browser = await chromium.launch({
    executablePath: ensureTestBrowser(),
    args: CHROMIUM_FLAGS,
  });
  try {
    const page = await browser.newPage({
      viewport: { width: 1200, height: 720 },
      colorScheme: 'light',
      reducedMotion: 'reduce',
    });
    await page.goto(`${appUrl}/login`);
    await page.getByRole('button', { name: 'Use demo token' }).click();
    await page.waitForURL(/\/users$/);
    // The rows, their avatars' absence aside, and no progress bar left.
    await page.locator('table tbody tr td a[href^="/users/"]').first().waitFor();
    await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
    await page.waitForLoadState('networkidle');
    // The pointer is still where the sign-in button was: off the rows, so none shows as hovered.
    await page.mouse.move(0, 0);
    await page.screenshot({ path: values.out });
    console.log(`wrote ${values.out}`);
  } finally {
    await browser.close();
  }
} finally {
  await stopChild(server);
}
