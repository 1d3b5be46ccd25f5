import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';

/**
 * What one axe run may add to a test's time limit. A run takes a few seconds of CPU; on two
 * busy cores a test with four of them can pass 30 s without anything being wrong.
 */
const AXE_RUN_ALLOWANCE_MS = 15_000;

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/** Fails on any serious or critical axe violation, listing the offending elements. */
export async function expectNoSeriousAxeViolations(page: Page, where: string) {
  test.info().setTimeout(test.info().timeout + AXE_RUN_ALLOWANCE_MS);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  expect(serious, `serious or critical axe violations ${where}`).toEqual([]);
}

async function expectHtmlTheme(page: Page, theme: Theme) {
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

/**
 * Runs axe in the light and then the dark theme, chosen with the shell's Theme select as a person
 * would.
 */
export async function expectAccessibleInBothThemes(page: Page, ready: () => Promise<void>) {
  for (const theme of THEMES) {
    await page.getByLabel('Theme').selectOption(theme);
    await expectHtmlTheme(page, theme);
    await ready();
    await expectNoSeriousAxeViolations(page, `in the ${theme} theme`);
  }
}

/** For pages without the shell (sign-in): the theme follows the system setting. */
export async function expectAccessibleInBothSystemThemes(page: Page, ready: () => Promise<void>) {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await expectHtmlTheme(page, theme);
    await ready();
    await expectNoSeriousAxeViolations(page, `in the ${theme} system theme`);
  }
}
