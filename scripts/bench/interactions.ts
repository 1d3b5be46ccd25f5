import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../chromium';
import { AVATAR_HOST, median, STAND_IN_AVATAR, TOKEN_STORAGE_KEY } from './pages';

/**
 * Interaction timings in Chromium, measured inside the page so Playwright's round trips do not
 * count: the clock starts at the input event's own timestamp (pointerdown or keydown, as the
 * browser received it) and stops when a MutationObserver sees the DOM show the result. Every run
 * uses a fresh browser context (cold HTTP cache, empty query cache), at 1x and at 4x CPU
 * throttling (DevTools protocol Emulation.setCPUThrottlingRate).
 */

export type InteractionName = 'first-user-row' | 'next-page' | 'sort' | 'filter' | 'open-user';

export const INTERACTIONS: Record<InteractionName, string> = {
  'first-user-row': 'navigation to /users → first user row',
  'next-page': 'Next page (prefetched) → new rows',
  sort: 'Name header click → re-sorted rows',
  filter: 'Min price + Enter → filtered rows',
  'open-user': 'first Name link → user heading',
};

export interface InteractionFigures {
  name: InteractionName;
  cpuThrottling: number;
  medianMs: number | null;
  runsMs: number[];
  /** Set when the timing could not be taken (a page or control missing) or a caveat applies. */
  note?: string;
}

declare global {
  interface Window {
    __benchFirstRowAt?: number;
    __benchResult?: Promise<number>;
  }
}

/** Runs in every document before the app: notes when the first data row of a table appears. */
function watchFirstRow(): void {
  const observer = new MutationObserver(() => {
    const row = document.querySelector('table tbody tr a[href]');
    if (row && window.__benchFirstRowAt === undefined) {
      window.__benchFirstRowAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true });
}

type Expectation = { kind: 'rows-change' } | { kind: 'heading'; text: string };

/**
 * Starts the clock at the next pointerdown or keydown and resolves when the expected change is in
 * the DOM: the table's rows (their first cells) differ and it is no longer busy, or a level-1
 * heading with the text.
 */
async function arm(page: Page, expectation: Expectation): Promise<void> {
  await page.evaluate((expected) => {
    const rowKeys = () =>
      [...document.querySelectorAll('table tbody tr')]
        .map((row) => row.querySelector('td, th')?.textContent ?? '')
        .join('|');
    const before = rowKeys();
    let start: number | undefined;
    const onInput = (event: Event) => {
      start ??= event.timeStamp;
    };
    addEventListener('pointerdown', onInput, { capture: true });
    addEventListener('keydown', onInput, { capture: true });
    const done = () => {
      if (expected.kind === 'heading') {
        const heading = document.querySelector('h1');
        return heading?.textContent?.trim() === expected.text && heading.checkVisibility();
      }
      const table = document.querySelector('table');
      const rows = rowKeys();
      return table?.getAttribute('aria-busy') !== 'true' && rows !== '' && rows !== before;
    };
    window.__benchResult = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (start === undefined || !done()) return;
        observer.disconnect();
        removeEventListener('pointerdown', onInput, { capture: true });
        removeEventListener('keydown', onInput, { capture: true });
        resolve(performance.now() - start);
      });
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
    });
  }, expectation);
}

async function result(page: Page): Promise<number> {
  return page.evaluate(() => window.__benchResult as Promise<number>);
}

/** Waits until the table shows data and is not busy, and the page has been quiet briefly. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('table tbody tr a[href], table tbody tr td') !== null &&
      document.querySelector('table')?.getAttribute('aria-busy') !== 'true',
  );
  await page.waitForLoadState('networkidle');
}

const MEASURES: Record<InteractionName, (page: Page) => Promise<number>> = {
  async 'first-user-row'(page) {
    await page.goto('/users');
    await page.waitForFunction(() => window.__benchFirstRowAt !== undefined);
    return page.evaluate(() => window.__benchFirstRowAt as number);
  },

  async 'next-page'(page) {
    await page.goto('/users');
    await settled(page);
    // The page prefetches page 2 once page 1 has settled; its request must have finished.
    await page.waitForFunction(
      () =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /\/v1\/users\?(.*&)?page=2(&|$)/.test(entry.name)),
      undefined,
      { timeout: 10_000 },
    );
    await page.waitForTimeout(100);
    await arm(page, { kind: 'rows-change' });
    await page.getByRole('button', { name: 'Next page' }).click();
    return result(page);
  },

  async sort(page) {
    await page.goto('/users');
    await settled(page);
    const header = page.getByRole('columnheader', { name: 'Name' });
    await arm(page, { kind: 'rows-change' });
    await header.getByRole('button', { name: 'Name' }).click();
    return result(page);
  },

  async filter(page) {
    await page.goto('/products');
    await settled(page);
    const minPrice = page.getByLabel('Min price');
    // Typed, then applied by Enter before the 400 ms typing pause would apply it.
    await minPrice.fill('1000');
    await arm(page, { kind: 'rows-change' });
    await minPrice.press('Enter');
    return result(page);
  },

  async 'open-user'(page) {
    await page.goto('/users');
    await settled(page);
    const link = page.getByRole('table').getByRole('row').nth(1).getByRole('link').first();
    const name = (await link.textContent())?.trim() ?? '';
    await arm(page, { kind: 'heading', text: name });
    await link.click();
    return result(page);
  },
};

async function newContext(browser: Browser, baseURL: string, session: string) {
  const context = await browser.newContext({ baseURL });
  // tsx compiles with esbuild's keepNames, which wraps the functions passed to page.evaluate in a
  // __name() helper that exists only in Node.
  await context.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
  await context.addInitScript(
    ({ origin, key, value }) => {
      if (location.origin === origin) sessionStorage.setItem(key, value);
    },
    { origin: new URL(baseURL).origin, key: TOKEN_STORAGE_KEY, value: session },
  );
  await context.addInitScript(watchFirstRow);
  await context.route(
    (url) => url.hostname === AVATAR_HOST,
    (route) => route.fulfill(STAND_IN_AVATAR),
  );
  return context;
}

async function measureOnce(
  browser: Browser,
  name: InteractionName,
  options: { baseURL: string; session: string; cpuThrottling: number },
): Promise<number> {
  let context: BrowserContext | undefined;
  try {
    context = await newContext(browser, options.baseURL, options.session);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuThrottling });
    return await MEASURES[name](page);
  } finally {
    await context?.close();
  }
}

export async function runInteractions(options: {
  chromiumPath: string;
  baseURL: string;
  session: string;
  runs: number;
  log: (line: string) => void;
}): Promise<InteractionFigures[]> {
  const browser = await chromium.launch({
    executablePath: options.chromiumPath,
    args: CHROMIUM_FLAGS,
  });
  const figures: InteractionFigures[] = [];
  try {
    // One untimed load so the first timed run does not pay for a cold browser.
    await measureOnce(browser, 'first-user-row', { ...options, cpuThrottling: 1 }).catch(
      () => undefined,
    );
    for (const cpuThrottling of [1, 4]) {
      for (const name of Object.keys(MEASURES) as InteractionName[]) {
        const runsMs: number[] = [];
        let note: string | undefined;
        for (let run = 0; run < options.runs && note === undefined; run += 1) {
          try {
            runsMs.push(await measureOnce(browser, name, { ...options, cpuThrottling }));
          } catch (error) {
            note = `not measured: ${(error as Error).message.split('\n')[0]}`;
          }
        }
        const entry = { name, cpuThrottling, medianMs: median(runsMs), runsMs, note };
        options.log(
          `${INTERACTIONS[name]}, ${cpuThrottling}x CPU: ${entry.medianMs?.toFixed(1) ?? '–'} ms${note ? ` (${note})` : ''}`,
        );
        figures.push(entry);
      }
    }
  } finally {
    await browser.close();
  }
  return figures;
}
