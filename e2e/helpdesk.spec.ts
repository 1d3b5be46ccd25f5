import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EMBED_PROFILE_PREFIX } from '../src/lib/embed-path';
import { profileScopedName } from '../src/lib/api-profile';
import { SESSION_STORAGE_KEY } from '../src/features/auth/session-storage-key';
import { serializeStoredSession } from '../src/features/auth/session-store';
import { expect, test, type Page } from './support/fixtures';
import { EMBED_CONSOLE_URL, HELP_DESK_URL, MOCK_API_URL } from './support/ports';

/**
 * The help-desk integrations in deploy/helpdesk/, as shipped, around the real card: each page is
 * a page of the help desk's test origin (http://localhost:…, which the embeddable build lists in
 * embedOrigins), another site than the console's (http://127.0.0.1:…), so the card runs as a
 * third-party frame. The Zendesk page gets a stand-in for the ZAF SDK, answering as Zendesk would.
 */

const DEPLOY = fileURLToPath(new URL('../deploy/helpdesk/', import.meta.url));
const ZAF_SDK = 'https://static.zdassets.com/zendesk_app_framework_sdk/2.0/zaf_sdk.min.js';
const CARD_SESSION_KEY = profileScopedName(SESSION_STORAGE_KEY, EMBED_PROFILE_PREFIX);

/**
 * Opens a file of deploy/helpdesk/ as a page of the help desk's site, with `query` as its address's
 * query. The help desk's server answers the address, and the file is written into that page: a
 * document that Playwright's routing fulfils comes from no address on the network, and Chromium's
 * local network checks then treat it as a public site, which may not frame the console on loopback.
 */
async function openFromDesk(
  page: Page,
  file: string,
  query: string,
  edit: (html: string) => string = (html) => html,
) {
  const html = edit(readFileSync(`${DEPLOY}${file}`, 'utf8'));
  await page.goto(`${HELP_DESK_URL}/${query}`);
  await page.evaluate((html) => {
    document.open();
    document.write(html);
    document.close();
  }, html);
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

/**
 * The ZAF SDK's part that the app uses: `ZAFClient.init()` with metadata (the app's settings),
 * get, invoke and on. `window.zaf` lets the test read what the app invoked and fire an event.
 */
function zafStub(settings: Record<string, unknown>, requesterEmail: string | null) {
  return `(function () {
  var handlers = {};
  var zaf = (window.zaf = { invoked: [], fire: function (name, value) {
    (handlers[name] || []).forEach(function (handler) { handler(value); });
  } });
  window.ZAFClient = { init: function () { return {
    metadata: function () { return Promise.resolve({ appId: 1, installationId: 2, settings: ${JSON.stringify(settings)} }); },
    get: function (path) {
      if (path !== 'ticket.requester.email') return Promise.reject(new Error('not stubbed: ' + path));
      return Promise.resolve({ 'ticket.requester.email': ${JSON.stringify(requesterEmail)} });
    },
    invoke: function (name, value) { zaf.invoked.push([name, value]); return Promise.resolve({}); },
    on: function (name, handler) { (handlers[name] = handlers[name] || []).push(handler); }
  }; } };
})();`;
}

async function openZendeskApp(
  page: Page,
  settings: Record<string, unknown>,
  requesterEmail: string | null,
) {
  await page.route(ZAF_SDK, (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: zafStub(settings, requesterEmail),
    }),
  );
  await openFromDesk(
    page,
    'zendesk/assets/iframe.html',
    '?origin=https%3A%2F%2Facme.zendesk.com&app_guid=test',
  );
  return page.frameLocator('#card');
}

function fireZendeskEvent(page: Page, name: string, value: unknown) {
  return page.evaluate(
    ({ name, value }) =>
      (window as unknown as { zaf: { fire: (n: string, v: unknown) => void } }).zaf.fire(
        name,
        value,
      ),
    { name, value },
  );
}

test('the plain-iframe page shows the requester in its address, then one the help desk names', async ({
  page,
  mintToken,
}) => {
  await signInTheCard(page, await mintToken());
  await openFromDesk(
    page,
    'plain-iframe/index.html',
    '?email=grace.hopper%40example.org',
    (html) => {
      // The one line an integrator edits: where the console is.
      const edited = html.replace(
        "var CONSOLE = 'https://console.example.com';",
        `var CONSOLE = '${EMBED_CONSOLE_URL}';`,
      );
      expect(edited).not.toBe(html);
      return edited;
    },
  );
  const card = page.frameLocator('#card');
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Grace Hopper');
  await expect(page.locator('#status')).toHaveText('In the console: Grace Hopper');
  // Sent by message, not in the card's address.
  await expect(page.locator('#card')).toHaveAttribute('src', `${EMBED_CONSOLE_URL}/embed/person`);

  await page.evaluate(() =>
    (window as unknown as { showRequester: (email: string) => void }).showRequester(
      'emile.zola@example.org',
    ),
  );
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Émile Zola');
  await expect(page.locator('#status')).toHaveText('In the console: Émile Zola');
});

test('the Zendesk app frames the card for the ticket’s requester, then posts a new one', async ({
  page,
  mintToken,
}) => {
  await signInTheCard(page, await mintToken());
  const card = await openZendeskApp(
    page,
    { consoleUrl: `${EMBED_CONSOLE_URL}/` },
    'grace.hopper@example.org',
  );
  // The requester in the card's address, encoded, in the fragment the server never logs.
  await expect(page.locator('#card')).toHaveAttribute(
    'src',
    `${EMBED_CONSOLE_URL}/embed/person#email=grace.hopper%40example.org`,
  );
  await expect(page.locator('#card')).toHaveAttribute('allow', 'clipboard-write');
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Grace Hopper');
  await expect(page.locator('#status')).toHaveText('In the console: Grace Hopper');
  expect(
    await page.evaluate(() => (window as unknown as { zaf: { invoked: unknown[] } }).zaf.invoked),
  ).toEqual([['resize', { width: '100%', height: '640px' }]]);

  await fireZendeskEvent(page, 'ticket.requester.email.changed', 'emile.zola@example.org');
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Émile Zola');
  await expect(page.locator('#status')).toHaveText('In the console: Émile Zola');
  await fireZendeskEvent(page, 'ticket.requester.email.changed', 'grace.hopper@example.org');
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Grace Hopper');
  await expect(page.locator('#status')).toHaveText('In the console: Grace Hopper');
});

test('the Zendesk app says what to set when its console address is not one', async ({ page }) => {
  for (const consoleUrl of [
    '',
    'javascript:alert(1)',
    'http://console.example.com',
    `${EMBED_CONSOLE_URL}/users`,
  ]) {
    await page.unrouteAll();
    await openZendeskApp(page, { consoleUrl }, 'grace.hopper@example.org');
    await expect(page.locator('#status')).toHaveText(
      'Set Console address in this app’s settings to the admin console’s address, such as https://console.example.com.',
    );
    await expect(page.locator('iframe')).toHaveCount(0);
  }
});
