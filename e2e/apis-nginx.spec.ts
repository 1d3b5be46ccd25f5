import { expect, test } from './support/fixtures';
import { E2E_PORTS, MOCK_API_2_URL, MOCK_API_URL } from './support/ports';
import {
  LOADED,
  rangeStatus,
  signInHere,
  tokensForTwoApis,
  tokensSeenBy,
} from './support/several-apis';

/**
 * nginx with the Docker image's start-up hook given APIS (Staging on the first mock server,
 * Production on the second; e2e/support/serve-nginx.ts): the policy allows both APIs and nothing
 * more, and a signed-in call to each passes it (the page fixture fails on any CSP violation).
 */
const CONSOLE = `http://127.0.0.1:${E2E_PORTS.nginxSeveralApis}`;

test('allows connect-src to every API of APIS, and a call to each passes', async ({
  page,
  request,
}) => {
  const response = await request.get(`${CONSOLE}/`);
  const policy = response.headers()['content-security-policy'] ?? '';
  const connect = /(?:^|;\s*)connect-src ([^;]*)/.exec(policy)?.[1]?.trim().split(/\s+/);
  expect(connect).toEqual(["'self'", MOCK_API_URL, MOCK_API_2_URL]);
  expect(await (await request.get(`${CONSOLE}/config.json`)).json()).toEqual({
    apis: [
      { name: 'Staging', baseUrl: MOCK_API_URL },
      { name: 'Production', baseUrl: MOCK_API_2_URL, production: true },
    ],
  });

  const tokens = await tokensForTwoApis();
  await page.goto(`${CONSOLE}/login`);
  await signInHere(page, tokens.staging);
  await expect(rangeStatus(page)).toHaveText('1–50 of 1,000', LOADED);
  await page.getByRole('combobox', { name: 'API' }).selectOption('Production');
  await expect(page.getByRole('note', { name: 'Production' })).toBeVisible();
  await signInHere(page, tokens.production);
  await expect(rangeStatus(page)).toHaveText('1–50 of 1,000', LOADED);

  expect(await tokensSeenBy(request, MOCK_API_URL, tokens)).toEqual(['staging']);
  expect(await tokensSeenBy(request, MOCK_API_2_URL, tokens)).toEqual(['production']);
});
