import { expect, test, type Page } from './support/fixtures';
import { EMBED_CONSOLE_URL, HELP_DESK_URL } from './support/ports';
import { loginAtProvider, person, withoutFonts } from './support/provider';

/**
 * Signing in inside the help desk's frame through the identity provider, which refuses to be
 * framed: **Sign in with Mock SSO** opens a popup, the popup hands the answer to the card and
 * closes (src/features/auth/oidc/popup-sign-in.ts, popup-answer.ts). The help desk's page is on
 * http://localhost:…, the console on http://127.0.0.1:…: the card is a third-party frame whose
 * storage the browser partitions, as in a real help desk.
 */

test.beforeEach(({ context }) => withoutFonts(context));

const CARD = `${EMBED_CONSOLE_URL}/embed/person`;

function openDesk(page: Page, card: string) {
  const params = new URLSearchParams({ card, width: '360' });
  return page.goto(`${HELP_DESK_URL}/desk?${params.toString()}`);
}

test('a blocked popup is explained; on Try again the provider signs in by popup and the card shows the requester, in its own session only', async ({
  page,
  context,
}) => {
  // The browser blocks the first popup, as one that blocks pop-ups on this site until allowed.
  await page.addInitScript((origin) => {
    if (location.origin !== origin || window === window.top) return;
    const open = window.open.bind(window);
    let blocked = false;
    window.open = (...args: Parameters<typeof window.open>) => {
      if (!blocked) {
        blocked = true;
        return null;
      }
      return open(...args);
    };
  }, EMBED_CONSOLE_URL);
  await openDesk(page, `${CARD}?email=grace.hopper%40example.org`);
  const card = page.frameLocator('#card');
  await card.getByRole('button', { name: 'Sign in with Mock SSO' }).click();
  const blocked = card.getByRole('alert');
  await expect(blocked).toContainText('blocked the Mock SSO sign-in window');

  const popupOpens = page.waitForEvent('popup');
  await blocked.getByRole('button', { name: 'Try again' }).click();
  const popup = await popupOpens;
  await expect(card.getByRole('status')).toContainText('in the window that opened');
  const login = person('panel');
  await loginAtProvider(popup, login);
  // The popup hands the answer over and closes; the card completes the sign-in itself.
  await popup.waitForEvent('close');
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Grace Hopper');
  await expect(card.getByText(login)).toBeVisible();

  // The frame's session is the frame's: the console on its own site is not signed in by it.
  const console = await context.newPage();
  await console.goto(`${EMBED_CONSOLE_URL}/users`);
  await expect(console).toHaveURL(/\/login/);
  await expect(console.getByRole('button', { name: 'Sign in with Mock SSO' })).toBeVisible();
  // And the card signs out on its own.
  await card.getByRole('button', { name: 'Sign out' }).click();
  await expect(card.getByText('You signed out of the panel.')).toBeVisible();
});

test('closing the sign-in window says so, and the card can sign in again', async ({ page }) => {
  await openDesk(page, `${CARD}?email=grace.hopper%40example.org`);
  const card = page.frameLocator('#card');
  const popupOpens = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Sign in with Mock SSO' }).click();
  const popup = await popupOpens;
  await expect(popup).toHaveURL(/\/auth|\/interaction/);
  await popup.close();
  await expect(card.getByRole('alert')).toContainText(
    'The Mock SSO sign-in window closed before it could hand the sign-in to this panel',
  );
  await expect(card.getByRole('button', { name: 'Sign in with Mock SSO' })).toBeEnabled();
  await expect(card.getByLabel('Access token')).toBeVisible();
});
