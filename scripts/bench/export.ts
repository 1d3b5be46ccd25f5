import { readFile } from 'node:fs/promises';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { parseCsv } from '../../src/test/parse-csv';
import { CHROMIUM_FLAGS } from '../chromium';
import { AVATAR_HOST, STAND_IN_AVATAR, storedSession, TOKEN_STORAGE_KEY } from './pages';
import { demoToken, startServers } from './servers';

/**
 * Export CSV of the whole products table from the standalone mock (real-API mode, one request of
 * 100 rows at a time): the time from pressing Export CSV to the download, the peak of the page's
 * JS heap meanwhile (DevTools protocol Runtime.getHeapUsage, sampled every 50 ms, after a
 * collected-garbage baseline), and the longest main-thread task (PerformanceObserver "longtask"),
 * which says whether the page stayed responsive. Above 10,000 rows the console asks first; the
 * question is answered as soon as it shows, and that moment is counted in the time.
 */

export interface ExportFigures {
  products: number;
  ms: number | null;
  /** Bytes: the heap after a garbage collection before the export, and the most seen during it. */
  baselineHeap: number | null;
  peakHeap: number | null;
  /** 0 when no task took over 50 ms (the long-task threshold). */
  longestTaskMs: number | null;
  rows: number | null;
  fileBytes: number | null;
  note?: string | undefined;
}

declare global {
  interface Window {
    __benchLongestTask?: number;
  }
}

async function sampleHeap(cdp: CDPSession, stop: () => boolean): Promise<number> {
  let peak = 0;
  while (!stop()) {
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    peak = Math.max(peak, usedSize);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return peak;
}

async function exportOnce(page: Page, cdp: CDPSession, products: number) {
  await page.goto('/products');
  await page.waitForFunction(
    () =>
      document.querySelector('table tbody tr td') !== null &&
      document.querySelector('table')?.getAttribute('aria-busy') !== 'true',
  );
  await page.waitForLoadState('networkidle');
  // The export's code, as a person hovering the button would have it.
  await page.getByRole('button', { name: 'Export CSV' }).hover();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    window.__benchLongestTask = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.__benchLongestTask = Math.max(window.__benchLongestTask ?? 0, entry.duration);
      }
    }).observe({ type: 'longtask' });
  });
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize: baselineHeap } = await cdp.send('Runtime.getHeapUsage');

  let done = false;
  const peakHeap = sampleHeap(cdp, () => done);
  const downloading = page.waitForEvent('download', { timeout: 600_000 });
  const started = Date.now();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  if (products > 10_000) {
    await page.getByRole('button', { name: /^Export all / }).click({ timeout: 60_000 });
  }
  const download = await downloading;
  const ms = Date.now() - started;
  done = true;
  const bytes = await readFile((await download.path()) ?? '');
  const rows = parseCsv(bytes.subarray(3).toString('utf8')).length - 1;
  const longestTaskMs = await page.evaluate(() => window.__benchLongestTask ?? 0);
  return {
    ms,
    baselineHeap,
    peakHeap: await peakHeap,
    longestTaskMs,
    rows,
    fileBytes: bytes.length,
  };
}

/** `appDir`: the tree whose build is measured (by default this one). */
export async function runExportBench(options: {
  chromiumPath: string;
  sizes: number[];
  portBase: number;
  appDir?: string;
  log: (line: string) => void;
}): Promise<ExportFigures[]> {
  const figures: ExportFigures[] = [];
  for (const products of options.sizes) {
    options.log(`export: starting a mock API with ${products.toLocaleString('en')} products…`);
    const servers = await startServers(options.portBase, {
      products,
      ...(options.appDir !== undefined && { appDirs: [options.appDir] }),
    });
    const browser = await chromium.launch({
      executablePath: options.chromiumPath,
      args: CHROMIUM_FLAGS,
    });
    try {
      const token = await demoToken(servers.apiUrl);
      const context = await browser.newContext({ baseURL: servers.appUrl, acceptDownloads: true });
      await context.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
      await context.addInitScript(
        ({ origin, key, value }) => {
          if (location.origin === origin) sessionStorage.setItem(key, value);
        },
        {
          origin: new URL(servers.appUrl).origin,
          key: TOKEN_STORAGE_KEY,
          value: storedSession(token, servers.apiUrl),
        },
      );
      await context.route(
        (url) => url.hostname === AVATAR_HOST,
        (route) => route.fulfill(STAND_IN_AVATAR),
      );
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const cdp = await context.newCDPSession(page);
      const result = await exportOnce(page, cdp, products);
      const note =
        result.rows === products ? undefined : `the file had ${result.rows} rows, not ${products}`;
      figures.push({ products, ...result, note });
      options.log(
        `export ${products.toLocaleString('en')} products: ${(result.ms / 1000).toFixed(1)} s, peak heap ${mb(result.peakHeap)} (idle ${mb(result.baselineHeap)}), longest task ${Math.round(result.longestTaskMs)} ms${note ? ` (${note})` : ''}`,
      );
    } catch (error) {
      const note = `not measured: ${(error as Error).message.split('\n')[0]}`;
      figures.push({
        products,
        ms: null,
        baselineHeap: null,
        peakHeap: null,
        longestTaskMs: null,
        rows: null,
        fileBytes: null,
        note,
      });
      options.log(`export ${products.toLocaleString('en')} products: ${note}`);
    } finally {
      await browser.close();
      await servers.stop();
    }
  }
  return figures;
}

export function mb(bytes: number | null): string {
  return bytes === null ? '–' : `${(bytes / 1_000_000).toFixed(1)} MB`;
}
