import { expect, type Page } from './fixtures';

declare global {
  interface Window {
    __copiedTexts?: string[];
  }
}

/**
 * Records every text the page copies. The Permissions-Policy forbids clipboard-read, so the test
 * cannot read the clipboard back; wrapping writeText in an init script sees what was written.
 * Call before the page loads.
 */
export async function recordClipboard(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const clipboard = navigator.clipboard;
    const write = clipboard.writeText.bind(clipboard);
    window.__copiedTexts = [];
    clipboard.writeText = (text: string) => {
      window.__copiedTexts?.push(text);
      // A headless browser may refuse the real write; the page should still say "Copied".
      return write(text).catch(() => undefined);
    };
  });
}

/** Everything copied so far, oldest first. */
export function copiedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__copiedTexts ?? []);
}

/** Waits for the next copy after `count` earlier ones and returns its text. */
export async function nextCopiedText(page: Page, count: number): Promise<string> {
  await expect.poll(async () => (await copiedTexts(page)).length).toBeGreaterThan(count);
  return (await copiedTexts(page))[count] as string;
}
