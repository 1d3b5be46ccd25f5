import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';

/**
 * What one axe run may add to a test's time limit. A run takes one to two seconds of CPU; on two
 * busy cores a test with four of them can pass 30 s without anything being wrong.
 */
const AXE_RUN_ALLOWANCE_MS = 15_000;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/**
 * The rules whose outcome a theme can change: a theme changes colours only (the same elements,
 * names, roles and layout), so the second theme of a page is checked against these alone.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/**
 * Fails on any serious or critical axe violation, listing the offending elements. `colours` checks
 * only the colour rules (a page already checked whole in another theme).
 *
 * Legacy mode runs axe in the page itself. The default mode runs each frame's part and then
 * opens a blank page to combine them, which is for pages with iframes (the console has none) and
 * measured twice the time (3.4 s against 1.5 s on a page of 50 rows), with the same results.
 */
export async function expectNoSeriousAxeViolations(
  page: Page,
  where: string,
  { colours = false }: { colours?: boolean } = {},
) {
  test.info().setTimeout(test.info().timeout + AXE_RUN_ALLOWANCE_MS);
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const results = await (
    colours ? builder.withRules(COLOUR_RULES) : builder.withTags(TAGS)
  ).analyze();
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
 * Runs axe in the light theme, then its colour rules in the dark one, each chosen with the shell's
 * Theme select as a person would.
 */
export async function expectAccessibleInBothThemes(page: Page, ready: () => Promise<void>) {
  for (const theme of THEMES) {
    await page.getByLabel('Theme').selectOption(theme);
    await expectHtmlTheme(page, theme);
    await ready();
    await expectNoSeriousAxeViolations(page, `in the ${theme} theme`, {
      colours: theme !== THEMES[0],
    });
  }
}

/** For pages without the shell (sign-in): the theme follows the system setting. */
export async function expectAccessibleInBothSystemThemes(page: Page, ready: () => Promise<void>) {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await expectHtmlTheme(page, theme);
    await ready();
    await expectNoSeriousAxeViolations(page, `in the ${theme} system theme`, {
      colours: theme !== THEMES[0],
    });
  }
}
