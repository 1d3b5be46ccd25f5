import type { APIRequestContext, Page } from '@playwright/test';
import { mintDemoToken } from '../../src/mocks/jwt';
import { expect } from './fixtures';

/** What a mock server says it received (GET /__demo/requests, src/mocks/server.ts). */
export interface ReceivedRequest {
  method: string;
  path: string;
  token: string | null;
}

export async function receivedBy(
  request: APIRequestContext,
  apiUrl: string,
): Promise<ReceivedRequest[]> {
  const response = await request.get(`${apiUrl}/__demo/requests`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { requests: ReceivedRequest[] }).requests;
}

/** Which of `tokens` reached the server at `apiUrl` (each token is a fresh demo token). */
export async function tokensSeenBy(
  request: APIRequestContext,
  apiUrl: string,
  tokens: Record<string, string>,
): Promise<string[]> {
  const received = await receivedBy(request, apiUrl);
  return Object.entries(tokens)
    .filter(([, token]) => received.some((entry) => entry.token === token))
    .map(([name]) => name);
}

/** Fresh tokens, one per API: both mocks accept either, so only the console keeps them apart. */
export async function tokensForTwoApis(): Promise<{ staging: string; production: string }> {
  return { staging: await mintDemoToken('valid'), production: await mintDemoToken('valid') };
}

export async function signInHere(page: Page, token: string): Promise<void> {
  await page.getByLabel('Access token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

export const rangeStatus = (page: Page) => page.getByRole('status').filter({ hasText: ' of ' });

/**
 * For what needs a page's code and an API answer after a sign-in or a switch (which restarts the
 * app): on a 2-core machine shared by several test runs that takes longer than the default 7 s.
 */
export const LOADED = { timeout: 20_000 };
