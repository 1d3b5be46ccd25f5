import { expect, test, type Page } from './support/fixtures';
import { HELP_DESK_URL, NGINX_EMBED_URL, UNLISTED_DESK_URL } from './support/ports';

/**
 * nginx with the Docker image's start-up hook given EMBED_ORIGINS (the help desk's page at
 * http://localhost:…; e2e/support/serve-nginx.ts): the person card may be framed by that site
 * alone, and no other page of the console by anyone. The browser enforces what the headers say.
 */

function directive(policy: string | undefined, name: string): string[] | undefined {
  const part = (policy ?? '')
    .split(';')
    .map((text) => text.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return part?.slice(1);
}

test('sends the card frame-ancestors from EMBED_ORIGINS, and every other page none', async ({
  request,
}) => {
  const card = await request.get(`${NGINX_EMBED_URL}/embed/person?email=ada@example.org`);
  expect(card.status()).toBe(200);
  expect(card.headers()['content-type']).toMatch(/^text\/html/);
  expect(card.headers()['cache-control']).toBe('no-cache');
  expect(directive(card.headers()['content-security-policy'], 'frame-ancestors')).toEqual([
    HELP_DESK_URL,
  ]);
  // The card's sign-in popup must be able to reach it: no opener policy that cuts it off.
  expect(card.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  const index = await (await request.get(`${NGINX_EMBED_URL}/index.html`)).text();
  expect(await card.text()).toBe(index);

  for (const path of ['/', '/users', '/users/user_ada', '/login', '/auth/callback', '/embed']) {
    const response = await request.get(`${NGINX_EMBED_URL}${path}`);
    expect(response.status(), path).toBe(200);
    const policy = response.headers()['content-security-policy'];
    expect(directive(policy, 'frame-ancestors'), path).toEqual(["'none'"]);
  }
  const callback = await request.get(`${NGINX_EMBED_URL}/auth/callback?code=x&state=y`);
  expect(callback.headers()['cross-origin-opener-policy']).toBe('unsafe-none');
  expect(await callback.text()).toBe(index);
  expect(
    (await request.get(`${NGINX_EMBED_URL}/users`)).headers()['cross-origin-opener-policy'],
  ).toBe('same-origin');
  expect(await (await request.get(`${NGINX_EMBED_URL}/config.json`)).json()).toMatchObject({
    embedOrigins: [HELP_DESK_URL],
  });
});

/** Opens the help desk's page framing `path` of the console; resolves with the refusal, if any. */
async function frameFrom(desk: Page, deskUrl: string, path: string) {
  const refusals: string[] = [];
  desk.on('console', (message) => {
    // Chromium's words: "Framing '…' violates the following Content Security Policy directive".
    if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
  });
  await desk.goto(`${deskUrl}/desk?card=${encodeURIComponent(`${NGINX_EMBED_URL}${path}`)}`);
  return refusals;
}

test('the help desk listed may frame the card; an unlisted site may not, and nobody /users', async ({
  context,
}) => {
  // Pages of their own: a refused frame is a console error, which the page fixture would fail on.
  const listed = await context.newPage();
  const allowed = await frameFrom(listed, HELP_DESK_URL, '/embed/person?email=ada@example.org');
  const card = listed.frameLocator('#card');
  await expect(card.locator('#root')).toBeAttached();
  expect(allowed).toEqual([]);

  const unlisted = await context.newPage();
  const refused = await frameFrom(
    unlisted,
    UNLISTED_DESK_URL,
    '/embed/person?email=ada@example.org',
  );
  await expect.poll(() => refused.length).toBeGreaterThan(0);
  expect(refused[0]).toContain(`frame-ancestors ${HELP_DESK_URL}`);
  await expect(unlisted.frameLocator('#card').locator('#root')).toHaveCount(0);

  const users = await context.newPage();
  const usersRefused = await frameFrom(users, HELP_DESK_URL, '/users');
  await expect.poll(() => usersRefused.length).toBeGreaterThan(0);
  expect(usersRefused[0]).toContain("frame-ancestors 'none'");
  await expect(users.frameLocator('#card').locator('#root')).toHaveCount(0);
});
