import { expectAccessibleInBothSystemThemes } from './support/axe';
import { EMBED_PROFILE_PREFIX } from '../src/lib/embed-path';
import { profileScopedName } from '../src/lib/api-profile';
import { SESSION_STORAGE_KEY } from '../src/features/auth/session-storage-key';
import { serializeStoredSession } from '../src/features/auth/session-store';
import { expect, test, type Page } from './support/fixtures';
import { EMBED_CONSOLE_URL, HELP_DESK_URL, MOCK_API_URL, UNLISTED_DESK_URL } from './support/ports';

/**
 * The person card in a help desk's side panel: the help desk's page (e2e/support/help-desk.ts)
 * on http://localhost:…, another site than the console's build on http://127.0.0.1:…, which lists
 * it in embedOrigins (EMBED_CONFIG). The card runs as a third-party frame, as in a real help desk.
 */

const CARD = `${EMBED_CONSOLE_URL}/embed/person`;
const CARD_SESSION_KEY = profileScopedName(SESSION_STORAGE_KEY, EMBED_PROFILE_PREFIX);

/** Opens the help desk's ticket page with the card beside it. */
async function openDesk(
  page: Page,
  card: string,
  options: { width?: number; sibling?: string; lookup?: unknown } = {},
) {
  const params = new URLSearchParams({ card, width: String(options.width ?? 360) });
  if (options.sibling) params.set('sibling', options.sibling);
  if (options.lookup) params.set('lookup', JSON.stringify(options.lookup));
  await page.goto(`${HELP_DESK_URL}/desk?${params.toString()}`);
  return page.frameLocator('#card');
}

/** A session in the card's own storage (the frame's), as its sign-in would leave it. */
async function signInTheCard(page: Page, token: string) {
  await page.addInitScript(
    ({ origin, key, stored }) => {
      if (location.origin === origin) sessionStorage.setItem(key, stored);
    },
    {
      origin: EMBED_CONSOLE_URL,
      key: CARD_SESSION_KEY,
      stored: serializeStoredSession(token, MOCK_API_URL),
    },
  );
}

/** What the card has said back to the help desk. */
function received(page: Page) {
  return page.evaluate(
    () => (window as unknown as { received: { origin: string; data: unknown }[] }).received,
  );
}

function sendToCard(page: Page, message: unknown) {
  return page.evaluate(
    ({ message, origin }) =>
      (window as unknown as { sendToCard: (message: unknown, origin: string) => void }).sendToCard(
        message,
        origin,
      ),
    { message, origin: EMBED_CONSOLE_URL },
  );
}

test('shows the requester the address names, then one the help desk posts, and says whom', async ({
  page,
  mintToken,
}) => {
  await signInTheCard(page, await mintToken());
  const card = await openDesk(page, `${CARD}?email=grace.hopper%40example.org`);
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Grace Hopper');
  await expect(card.getByText('user_grace_hopper', { exact: true })).toBeVisible();
  await expect(card.getByText('grace.hopper@example.org')).toBeVisible();
  await expect(card.getByText('Arlington, United States')).toBeVisible();
  // Created, in the time zone in force, named.
  await expect(card.locator('time')).toHaveText(/2022.*UTC/);
  await expect(card.getByRole('button', { name: 'Copy ID' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Copy for ticket' })).toBeEnabled();
  const open = card.getByRole('link', { name: 'Open in console' });
  await expect(open).toHaveAttribute('href', `${EMBED_CONSOLE_URL}/users/user_grace_hopper`);
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(card.getByRole('img', { name: 'Grace Hopper' })).toBeVisible();
  // The avatar follows the image rules: this one is allowed (https:), the rest are tested there.
  await expect
    .poll(() => received(page))
    .toEqual([
      {
        origin: EMBED_CONSOLE_URL,
        data: { type: 'admin-console:result', id: 'user_grace_hopper', name: 'Grace Hopper' },
      },
    ]);

  await sendToCard(page, { type: 'admin-console:lookup', email: 'emile.zola@example.org' });
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Émile Zola');
  await expect
    .poll(async () => (await received(page)).at(-1))
    .toEqual({
      origin: EMBED_CONSOLE_URL,
      data: { type: 'admin-console:result', id: 'user_emile_zola', name: 'Émile Zola' },
    });
  // An id, and anything Find takes.
  await sendToCard(page, { type: 'admin-console:lookup', id: 'user_maria_delacruz' });
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('de la Cruz María');
  await sendToCard(page, { type: 'admin-console:lookup', q: 'Grace Novak' });
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('2 matches');
  const matches = card.getByRole('list', { name: 'Matches' }).getByRole('button');
  await expect(matches).toHaveCount(2);
  await expect(card.getByRole('link', { name: 'Open in console' })).toHaveAttribute(
    'href',
    `${EMBED_CONSOLE_URL}/users/find#q=Grace+Novak`,
  );
  await matches.first().click();
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Grace Novak');
  await card.getByRole('button', { name: 'Back to the matches' }).click();
  await expect(matches).toHaveCount(2);
});

test('reads a lookup the help desk posts as soon as the frame has loaded', async ({
  page,
  mintToken,
}) => {
  await signInTheCard(page, await mintToken());
  // Posted on the frame's load event: before the card's own code has arrived and listens.
  const card = await openDesk(page, CARD, {
    lookup: { type: 'admin-console:lookup', email: 'emile.zola@example.org' },
  });
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Émile Zola');
  await expect
    .poll(async () => (await received(page)).map((message) => message.data))
    .toEqual([{ type: 'admin-console:result', id: 'user_emile_zola', name: 'Émile Zola' }]);
});

test('says there is no such user only after looking everywhere, with the requests it took', async ({
  page,
  mintToken,
}) => {
  await signInTheCard(page, await mintToken());
  const card = await openDesk(page, `${CARD}#email=nobody.at.all@example.org`);
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('No user found');
  await expect(card.getByRole('status')).toHaveText(
    /^No user with e-mail nobody\.at\.all@example\.org · \d+ requests?$/,
  );
  expect(await received(page)).toEqual([]);

  // A name with more matches than a panel lists: the first few, and the Find page for the rest.
  await sendToCard(page, { type: 'admin-console:lookup', q: 'grace' });
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('15 matches');
  await expect(card.getByRole('list', { name: 'Matches' }).getByRole('button')).toHaveCount(5);
  await expect(card.getByText('And 10 more.')).toBeVisible();
});

test('ignores lookups from a page embedOrigins does not list, and lookups of another shape', async ({
  page,
  mintToken,
}) => {
  await signInTheCard(page, await mintToken());
  const lists: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${MOCK_API_URL}/v1/users?`)) lists.push(request.url());
  });
  const card = await openDesk(page, CARD, { sibling: `${UNLISTED_DESK_URL}/` });
  await expect(card.getByRole('status')).toHaveText(
    'Waiting for the help desk to name the ticket’s requester.',
  );
  // Another app on the help desk's page, of another origin, posts a well-formed lookup.
  const sibling = page.frame({ url: `${UNLISTED_DESK_URL}/` });
  expect(sibling).not.toBeNull();
  await sibling?.evaluate((origin) => {
    window.parent.frames[0]?.postMessage(
      { type: 'admin-console:lookup', email: 'emile.zola@example.org' },
      origin,
    );
  }, EMBED_CONSOLE_URL);
  // The help desk itself sends lookups with a field too many, and a number.
  await sendToCard(page, {
    type: 'admin-console:lookup',
    email: 'emile.zola@example.org',
    token: 'x',
  });
  await sendToCard(page, { type: 'admin-console:lookup', id: 7 });
  // Then a good one: the messages arrive in order, so the others have been read by now.
  await sendToCard(page, { type: 'admin-console:lookup', id: 'user_grace_hopper' });
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Grace Hopper');
  expect(lists).toEqual([]);
  expect((await received(page)).map((message) => message.data)).toEqual([
    { type: 'admin-console:result', id: 'user_grace_hopper', name: 'Grace Hopper' },
  ]);
});

test('signs in with a pasted token inside the frame, a session apart from the console’s', async ({
  page,
  context,
  mintToken,
}) => {
  // The console, signed in on its own site. (This browser does not partition a frame's storage,
  // so the card's session is kept apart by its own name, not only by the browser.)
  const console_ = await context.newPage();
  await console_.goto(`${EMBED_CONSOLE_URL}/users`);
  await expect(console_).toHaveURL(/\/login\b/);
  await console_.getByLabel('Access token').fill(await mintToken());
  await console_.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(console_.getByRole('banner')).toBeVisible();

  // The console's session does not reach the card: it asks for its own.
  const card = await openDesk(page, `${CARD}?id=user_grace_hopper`);
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await card.getByLabel('Access token').fill('not a token');
  await card.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(card.getByRole('alert')).toBeVisible();
  await card.getByLabel('Access token').fill(await mintToken());
  await card.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Grace Hopper');

  // Signing out of the console leaves the panel signed in (after a reload too), and the reverse.
  await console_.getByRole('button', { name: 'Sign out' }).click();
  await expect(console_).toHaveURL(/\/login$/);
  await page.reload();
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Grace Hopper');
  await console_.getByLabel('Access token').fill(await mintToken());
  await console_.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(console_.getByRole('banner')).toBeVisible();
  await card.getByRole('button', { name: 'Sign out' }).click();
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await console_.reload();
  await expect(console_.getByRole('banner')).toBeVisible();
  await expect(console_).toHaveURL(/\/users/);
});

test('runs on memory alone where the browser denies the frame its storage', async ({
  page,
  mintToken,
}) => {
  await page.addInitScript((origin) => {
    if (location.origin !== origin) return;
    for (const name of ['sessionStorage', 'localStorage']) {
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException(
            `Failed to read the '${name}' property from 'Window': Access is denied for this document.`,
            'SecurityError',
          );
        },
      });
    }
  }, EMBED_CONSOLE_URL);
  const card = await openDesk(page, `${CARD}?email=grace.hopper@example.org`);
  await expect(card.getByText('your session lasts while the panel is open')).toBeVisible();
  await card.getByLabel('Access token').fill(await mintToken());
  await card.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Grace Hopper');
});

test('holds at 320 px, axe clean, signed out and showing a person', async ({ page, mintToken }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto(`${CARD}?email=grace.hopper@example.org`);
  const fits = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  expect(await fits()).toBe(true);
  await expectAccessibleInBothSystemThemes(page, async () => {
    await expect(page.getByLabel('Access token')).toBeVisible();
  });
  await page.getByLabel('Access token').fill(await mintToken());
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grace Hopper');
  expect(await fits()).toBe(true);
  await expectAccessibleInBothSystemThemes(page, async () => {
    await expect(page.getByRole('button', { name: 'Copy for ticket' })).toBeEnabled();
  });
  // Framed at 320 px, too (the frame's storage is its own: signed in there as well).
  await signInTheCard(page, await mintToken());
  const card = await openDesk(page, `${CARD}?email=grace.hopper@example.org`, { width: 320 });
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Grace Hopper');
});

test('says that embedding is not enabled, and how, without embedOrigins', async ({ page }) => {
  await page.goto('/embed/person?email=grace.hopper@example.org');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Embedding is not enabled');
  await expect(page.getByText(/embedOrigins/).first()).toBeVisible();
});
